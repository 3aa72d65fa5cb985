"""What the team competitions add to the core at start-up (TournamentsConfig.ready calls
`register`), so that the rest of tournaments never imports this room: whether an event is a
team competition (its boards come from its team matches: the core neither pairs nor checks
them as an individual event's), the history rows that are part of its state, its team tables
in place of the individual standings and crosstable (the pages, the menu), its rules in
words, and its standings in short on the event's page (docs/rules/tournaments.md §7)."""

from django.db.models import OuterRef, QuerySet
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import hooks
from tournaments.hooks import MenuEntry
from tournaments.models import Event
from tournaments.scoring.standings import place_text
from tournaments.teams.models import Team, TeamAdjustment, TeamCompetition, TeamMatch, TeamMember
from tournaments.teams.rules_text import team_rules
from tournaments.teams.selectors import team_standings_get

#: The team page shown in place of each individual table.
_PAGES_INSTEAD = {"standings": "public:team_standings", "crosstable": "public:team_crosstable"}


def is_team_competition(event: Event) -> bool:
    # Read once per event object: the page's menu asks again.
    return getattr(event, "team_competition", None) is not None


def page_instead(event: Event, page: str) -> str | None:
    name = _PAGES_INSTEAD.get(page)
    if name is None or not is_team_competition(event):
        return None
    return reverse(name, args=[event.slug])


def menu(event: Event, section: str) -> list[MenuEntry] | None:
    if not is_team_competition(event):
        return None
    return [
        MenuEntry(
            _("Team standings"), reverse("public:team_standings", args=[event.slug]), "teams"
        ),
        MenuEntry(
            _("Team crosstable"),
            reverse("public:team_crosstable", args=[event.slug]),
            "team_crosstable",
        ),
        MenuEntry(
            _("Team matches"), reverse("public:team_matches", args=[event.slug]), "team_matches"
        ),
    ]


def rules(event: Event) -> list[str] | None:
    if not is_team_competition(event):
        return None
    return team_rules(event, event.team_competition)


def team_summary(event: Event) -> str:
    if not is_team_competition(event):
        return ""
    teams = [
        (standing, place_text(standing.row.rank, standing.row.shared_rank))
        for standing in team_standings_get(event)
    ]
    return render_to_string("public/_team_summary.html", {"event": event, "teams": teams})


def _competition(event: OuterRef) -> QuerySet:
    return TeamCompetition.history.filter(event_id=event)


def _teams(event: OuterRef) -> QuerySet:
    return Team.history.filter(event_id=event)


def _members(event: OuterRef) -> QuerySet:
    return TeamMember.history.filter(team__event_id=event)


def _adjustments(event: OuterRef) -> QuerySet:
    return TeamAdjustment.history.filter(team__event_id=event)


def _matches(event: OuterRef) -> QuerySet:
    return TeamMatch.history.filter(round__event_id=event)


def register() -> None:
    hooks.add(hooks.TEAM_COMPETITIONS, is_team_competition)
    for history in (_competition, _teams, _members, _adjustments, _matches):
        hooks.add(hooks.STATE_HISTORIES, history)
    hooks.add(hooks.PAGE_INSTEAD, page_instead)
    hooks.add(hooks.EVENT_MENU, menu)
    hooks.add(hooks.EVENT_RULES, rules)
    hooks.add(hooks.EVENT_PANELS, team_summary)
