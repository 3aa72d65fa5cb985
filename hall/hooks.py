"""What the hall adds to tournaments at start-up (HallConfig.ready calls `register`):

- a player marked absent for a round is left out of it when it is paired
  (`tournaments.hooks.ROUND_ABSENTEES`; docs/rules/tournaments.md §1.4);
- the event's public page links to the hall screen and, while it is open, to the check-in
  (a change of the event's check-in rule changes its ETag, so the page shows the link anew);
  its admin page to the check-in of the open round;
- an organizer holds the permissions of the hall's models too (the demo's);
- the demo's Swiss asks for a check-in (hall.demo, one of games.demo.DEMO_STEPS).
"""

from django.db.models import OuterRef, QuerySet
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games import demo
from hall.demo import demo_step
from hall.models import CheckInRule
from hall.selectors import check_in_round, round_absentees
from tournaments import hooks
from tournaments.hooks import Link
from tournaments.models import Event


def rule_history(event: OuterRef) -> QuerySet:
    return CheckInRule.history.filter(event_id=event)


def screen_link(event: Event) -> Link:
    return Link(_("Hall screen"), reverse("hall:screen", args=[event.slug]), id="hall-screen")


def check_in_link(event: Event) -> Link | None:
    number = check_in_round(event)
    if number is None:
        return None
    return Link(
        _("Check in for round %(number)s") % {"number": number},
        reverse("hall:check_in", args=[event.slug]),
        id="check-in",
    )


def check_in_admin_link(event: Event) -> Link:
    rule = CheckInRule.objects.filter(event=event).first()
    if rule is None:
        url = f"{reverse('admin:hall_checkinrule_add')}?event={event.pk}"
    else:
        url = reverse("admin:hall_checkinrule_round", args=[rule.pk])
    return Link(_("Check-in"), url, id="check-in-admin")


def register() -> None:
    hooks.add(hooks.ROUND_ABSENTEES, round_absentees)
    hooks.add(hooks.FINGERPRINT_HISTORIES, rule_history)
    hooks.add(hooks.EVENT_PAGE_LINKS, check_in_link)
    hooks.add(hooks.EVENT_PAGE_LINKS, screen_link)
    hooks.add(hooks.EVENT_ADMIN_LINKS, check_in_admin_link)
    hooks.add(hooks.ORGANIZER_APPS, "hall")
    hooks.add(demo.DEMO_STEPS, demo_step)
