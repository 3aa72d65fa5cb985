"""What games adds to tournaments at start-up (GamesConfig.ready calls `register`): tournaments
never names games' tables, relations or pages, and reads them through tournaments.hooks.

- a change of a game's result makes its record's finding anew (`verification_follow_result`)
  and, against a relayed board finished with another result, opens a dispute
  (`relay_follow_result`);
- a new record, or a relayed board, changes the event's public state (its ETag);
- the API lists each game with whether it has a record and its verification's state;
- the round and player pages link to a game's page, and a round's page shows its live boards;
- the event's page links to its games' PDN; the event's admin page to its arbiters, its PDN
  and its archive; the admin list of events to the archive's import;
- an organizer holds the permissions of games' models too (the demo's).
"""

from django.db.models import BooleanField, ExpressionWrapper, F, OuterRef, Q, QuerySet
from django.db.models.expressions import Combinable
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from games.models import GameRecord, RelayBoard
from games.relay.selectors import relay_rows
from games.relay.services import relay_follow_result
from games.services.verification import verification_follow_result
from tournaments import hooks
from tournaments.hooks import GameFact, Link
from tournaments.models import Event, Round
from tournaments.selectors.public import public_rounds


def record_history(event: OuterRef) -> QuerySet:
    return GameRecord.history.filter(game__pairing__round__event_id=event)


def relay_history(event: OuterRef) -> QuerySet:
    return RelayBoard.history.filter(source__round__event_id=event)


def _has_record() -> Combinable:
    return ExpressionWrapper(Q(record__pk__isnull=False), output_field=BooleanField())


def _verification() -> Combinable:
    return F("record__verification__status")


def _has_record_field(source: str) -> serializers.Field:
    return serializers.BooleanField(source=source)


def _verification_field(source: str) -> serializers.Field:
    return serializers.CharField(
        source=source, allow_null=True, help_text='"pending", "done" or null without a record.'
    )


GAME_FACTS = {
    "has_record": GameFact(value=_has_record, field=_has_record_field),
    "verification": GameFact(value=_verification, field=_verification_field),
}


def game_page(slug: str, game_id: int) -> str:
    return reverse("public:game", args=[slug, game_id])


def relay_panel(round: Round) -> str:
    """The round's relayed boards (nothing when the round is not relayed)."""
    rows = relay_rows(round)
    if not rows:
        return ""
    return render_to_string(
        "games/_relay_boards.html",
        {"rows": rows, "variant": round.event.variant, "event": round.event},
    )


def event_pdn_link(event: Event) -> Link | None:
    """The event's games as one PDN file, once a round is public (none before)."""
    if not public_rounds(event).exists():
        return None
    return Link(
        _("Download every recorded game (PDN)"),
        reverse("public:event_pdn", args=[event.slug]),
        download=True,
    )


def arbiters_link(event: Event) -> Link:
    return Link(_("Arbiters"), f"{reverse('admin:games_dispute_arbiters')}?event={event.pk}")


def pdn_export_link(event: Event) -> Link:
    return Link(_("PDN export"), reverse("public:event_pdn", args=[event.slug]))


def archive_link(event: Event) -> Link:
    return Link(
        _("Event archive"),
        reverse("admin:tournaments_event_archive", args=[event.pk]),
        id="event-archive",
    )


def archive_import_link() -> Link:
    return Link(
        _("Import an event archive"),
        reverse("admin:tournaments_event_archive_import"),
        id="event-archive-import",
        adds=True,
    )


def register() -> None:
    hooks.add(hooks.RESULT_FOLLOWERS, verification_follow_result)
    hooks.add(hooks.RESULT_FOLLOWERS, relay_follow_result)
    hooks.add(hooks.FINGERPRINT_HISTORIES, record_history)
    hooks.add(hooks.FINGERPRINT_HISTORIES, relay_history)
    hooks.GAME_FACTS.update(GAME_FACTS)
    hooks.add(hooks.GAME_PAGE, game_page)
    hooks.add(hooks.ROUND_PANELS, relay_panel)
    hooks.add(hooks.EVENT_PAGE_LINKS, event_pdn_link)
    for link in (arbiters_link, pdn_export_link, archive_link):
        hooks.add(hooks.EVENT_ADMIN_LINKS, link)
    hooks.add(hooks.EVENT_LIST_ADMIN_LINKS, archive_import_link)
    hooks.add(hooks.ORGANIZER_APPS, "games")
