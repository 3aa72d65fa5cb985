"""The permission matrix: every write endpoint of the URL conf (the API, the desk, the admin's
own views) and every view of every model admin in the admin registry, tried by seven roles:
anonymous, a player of the event, a staff user with no event, an arbiter and an organizer of
another event, the event's own organizer and arbiter. Ballot decks are tried twice: a
published deck (read-only for everyone) and a custom deck made for the event (its
organizer's).

The admin's lists are tried as an attacker would read them: every lookup that reaches a
private field (a player's contact details, birth date, login account; a login account's
fields) from every model admin, every search box and autocomplete with a private value;
`test_admin_lookups_learn_no_private_value` counts the values learnt (answers that differ
between a true and a false guess), which must be 0. Each model admin's lookups (list filters,
search fields, sortable columns, autocomplete) must be listed in LOOKUPS: a new one fails
`test_every_admin_lookup_has_an_entry` until it is entered.

A refused request leaves the database exactly as it was (every table but the sessions); an
allowed one is not refused. Each URL name must have an entry here (WRITES) or be listed as a
read (READS) or as not tied to an event (NOT_SCOPED): a new endpoint without one fails
`test_every_endpoint_has_an_entry`.

The arbiters, the other organizer and the staff user hold every model permission of the
tournament and game apps, as the event's organizer does: only the object rules
(tournaments.access) stand between them and the event.
"""

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass, fields

import pytest
from django.contrib import admin
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone
from rest_framework.test import APIClient

from entries.links import withdraw_token
from entries.models import Entry, EntrySettings
from entries.services import entry_settings_save, entry_submit
from games.models import (
    Dispute,
    RelayBoard,
    RelayKind,
    RelaySource,
    RelayToken,
    ReportOutcome,
    ResultReport,
    ResultReporting,
)
from games.relay.services import relay_push, relay_source_set
from games.services.disputes import dispute_open
from games.services.records import record_save
from hall.models import CheckInMode, CheckInRule
from hall.selectors import kiosk_pin
from tests.client import form_data
from tests.factories import (
    PlayerFactory,
    UserFactory,
    ballot_event,
    event_with_players,
    make_organizer,
)
from tests.held import held_for_the_module
from tests.tasks import tasks_in_process
from tournaments.documents.models import Document
from tournaments.models import (
    BallotCard,
    BallotDeck,
    BallotDraw,
    Event,
    Game,
    Pairing,
    PairingNumberDraw,
    Player,
    RatingList,
    Registration,
    Round,
    Team,
    TeamCompetition,
    TeamMatch,
    TeamMember,
)
from tournaments.services import results, rounds
from tournaments.services.ballots import ballot_card_save, ballot_deck_create, ballot_draw

pytestmark = pytest.mark.django_db

ALL = frozenset(
    {"anonymous", "player", "staff", "other arbiter", "other organizer", "organizer", "arbiter"}
)
ROLES = (
    "anonymous",
    "player",
    "staff",
    "other arbiter",
    "other organizer",
    "organizer",
    "arbiter",
)
OFFICIALS = frozenset({"organizer", "arbiter"})
ORGANIZER = frozenset({"organizer"})
ARBITER = frozenset({"arbiter"})
STAFF = frozenset({"staff", "other arbiter", "other organizer", "organizer", "arbiter"})
NOBODY: frozenset[str] = frozenset()

PDN = '[Event "?"]\n[Result "2-0"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n'

#: URL names that only read (GET), whatever the role.
READS = {
    "public:event_list",
    "public:event_home",
    "public:round",
    "public:standings",
    "public:tiebreaks",
    "public:crosstable",
    "public:team_standings",
    "public:team_matches",
    "public:team_crosstable",
    "public:team_detail",
    "public:team_ranking",
    "public:player",
    "public:game",
    "public:game_pdn",
    "public:event_pdn",
    "documents:crosstable",
    "documents:standings",
    "documents:status",
    "documents:teamstanding",
    "documents:teammatches",
    "documents:teamcross",
    "desk:desk",
    "desk:home",
    "api:root",
    "admin:tournaments_event_trf",
    "admin:tournaments_event_archive",
    "api:archive",
    "api:events",
    "api:event",
    "api:pairings",
    "api:standings",
    "api:tiebreaks",
    "api:crosstable",
    "api:team_standings",
    "api:team_matches",
    "api:team_ranking",
    "api:document",
    "api:document_file",
    "api:games",
    "api:game",
    "api-schema",
    "api-docs",
    "admin:index",
    "admin:app_list",
    "admin:jsi18n",
    "admin:autocomplete",
    "admin:view_on_site",
    "admin:tournaments_event_standings",
    # The proposed duplicates among the players the user may change: a list, writes nothing
    # (tests/tournaments/test_players_merge.py checks whose pairs it shows).
    "admin:tournaments_player_duplicates",
    "admin:tournaments_event_rating_report",
    "admin:tournaments_event_rating_report_csv",
    "admin:tournaments_event_rating_report_xlsx",
    "api:rating_report",
    "admin:tournaments_document_status",
    "admin:tournaments_document_download",
    # A player across events, the tables as spreadsheets and the rounds as calendars: the
    # published events' figures only (tests/public/test_player_directory.py,
    # test_spreadsheets.py and test_schedule.py check that drafts stay their staff's).
    "players:directory",
    "players:detail",
    "players:calendar",
    "api:player_directory",
    "api:player_detail",
    "sheets:standings",
    "sheets:crosstable",
    "sheets:pairings",
    "sheets:players",
    "sheets:team_standings",
    "sheets:team_crosstable",
    "sheets:team_ranking",
    "calendars:event",
    # The hall's screen (published events only, as every public page) and the check-in
    # kiosk's list (its organizers only: tests/hall/test_hall_pages.py checks who may).
    "hall:screen",
    "hall:kiosk",
    # The public list of entries: names, clubs, ratings and statuses only
    # (tests/entries/test_entry_pages.py checks that no private field is shown).
    "entries:list",
    # The printed lists of the hall: the event's organizers only (a 404 to everyone else,
    # tests/entries/test_entry_pages.py).
    "admin:entries_entry_participants",
    "admin:entries_entry_check_in",
}
#: URL names that write nothing of an event: the login pages, the language switch, one's
#: own password.
NOT_SCOPED = {
    "favicon",
    "login",
    "logout",
    "password_change",
    "password_change_done",
    "password_reset",
    "password_reset_done",
    "password_reset_confirm",
    "password_reset_complete",
    "admin_password_reset",
    "admin:login",
    "admin:logout",
    "admin:password_change",
    "admin:password_change_done",
    "set_language",
    "api:token",
    # Creates a new event from an archive (its organizer the importer), like the event's add
    # view; tests/games/test_archive_views.py checks who may.
    "admin:tournaments_event_archive_import",
    # A rating list's file as imported: the federation's list, shared by every event, for
    # whoever may view the lists; tests/tournaments/test_rating_lists.py checks who may.
    "admin:tournaments_ratinglist_file",
    # A rating list's import job (its page, where its preview is confirmed, and its state):
    # for who uploaded the file, among those who may import lists, or a superuser;
    # tests/tournaments/test_import_jobs.py checks who may.
    "admin:tournaments_ratinglist_job",
    "admin:tournaments_ratinglist_job_status",
    # An event archive's import job, likewise: for who uploaded it, among those who may add
    # events, or a superuser; tests/games/test_archive_views.py checks who may.
    "admin:tournaments_event_archive_job",
    "admin:tournaments_event_archive_job_status",
    # A players file's import job, likewise: for who uploaded it, among those who may add
    # and change players, or a superuser; tests/tournaments/test_player_access.py checks who
    # may.
    "admin:tournaments_player_import_job",
    "admin:tournaments_player_import_job_status",
    # A player's own page (his choice of mails, for his own player only), where a login
    # leads (a redirect, no data), claiming his account and turning the mails off by a signed
    # link: tests/accounts checks them.
    "accounts:me",
    "accounts:landing",
    "accounts:claim",
    "accounts:mail_off",
}


@dataclass
class World:
    users: dict[str, object]
    event: Event
    other: Event
    round: Round
    draft: Round
    game: Game
    dispute: Dispute
    objects: dict[type, object]
    custom_deck: BallotDeck
    custom_card: BallotCard


@dataclass(frozen=True)
class Write:
    """One write: `allowed` roles succeed, the others are refused. `request` builds
    (method, url, body, format) from the world."""

    allowed: frozenset[str]
    request: Callable[[World], tuple[str, str, dict, str | None]]


def _world() -> World:
    organizer = make_organizer("organizer")
    arbiter = make_organizer("arbiter")
    other_organizer = make_organizer("other-organizer")
    other_arbiter = make_organizer("other-arbiter")
    staff = make_organizer("staff")
    player = UserFactory(username="player", is_staff=False)
    event = ballot_event(organizer)
    event.arbiters.add(arbiter)
    other = event_with_players(other_organizer, players=2)
    other.arbiters.add(other_arbiter)
    round_ = rounds.round_publish(
        round=rounds.round_pair(event=event, user=organizer), user=organizer
    )
    ballot_draw(round=round_, user=organizer)
    for game in Game.objects.filter(pairing__round=round_):
        results.result_record(game=game, result="1-0", user=organizer)
    # The event's token pushes into a round until it is completed (games.relay.services).
    relay = relay_source_set(round=round_, kind=RelayKind.PUSH, user=organizer)
    relay_push(round=round_, token=RelayToken.objects.get(event=event).token, pdn=PDN)
    rounds.round_complete(round=round_, user=organizer)
    draft = rounds.round_pair(event=event, user=organizer)
    game = Game.objects.filter(pairing__round=round_).order_by("pairing__board", "index").first()
    white = game.white.player
    white.user = player
    white.save()
    record_save(game=game, pdn=PDN, user=organizer)
    dispute = dispute_open(game=game, claim="wrong-result", statement="It was a draw.", user=player)
    # The player's report of a draw, waiting for an official's confirmation.
    ResultReport.objects.create(
        game=game, colour="w", result="1/2", user=player, outcome=ReportOutcome.CONFIRM
    )
    document, _ = Document.objects.get_or_create(event=event, kind="standings")
    now = timezone.now()
    rules = entry_settings_save(
        rules=EntrySettings(
            event=event,
            opens_at=now - datetime.timedelta(days=1),
            closes_at=now + datetime.timedelta(days=1),
        ),
        user=organizer,
    )
    entry = entry_submit(
        event=event, fields={"first_name": "Anna", "last_name": "de Vries"}, user=None
    )
    custom_deck = ballot_deck_create(
        name="Club openings", slug="club-openings", variant="english", event=event, user=organizer
    )
    custom_card = ballot_card_save(deck=custom_deck, code="1", moves="9-13 22-18", user=organizer)
    competition = TeamCompetition.objects.create(event=event, boards=2)
    team_a, team_b = (Team.objects.create(event=event, number=n, name=f"Team {n}") for n in (1, 2))
    team_match = TeamMatch.objects.create(round=draft, number=1, team_a=team_a, team_b=team_b)
    # The player captains team 1, in which he plays (tournaments.access.may_captain).
    TeamMember.objects.create(
        team=team_a, registration=event.registrations.get(player=white), order=1
    )
    team_a.captain = white
    team_a.save()
    # Its players check in before each round (the hall): round 3 is open.
    check_in_rule = CheckInRule.objects.create(event=event, mode=CheckInMode.EACH_ROUND)
    users = {
        "player": player,
        "staff": staff,
        "other arbiter": other_arbiter,
        "other organizer": other_organizer,
        "organizer": organizer,
        "arbiter": arbiter,
    }
    objects = {
        Event: event,
        Round: round_,
        Pairing: game.pairing,
        Game: game,
        Registration: event.registrations.order_by("pairing_number").first(),
        Player: white,
        Dispute: dispute,
        CheckInRule: check_in_rule,
        RelaySource: relay,
        ResultReporting: ResultReporting.objects.create(event=event),
        Document: document,
        TeamCompetition: competition,
        Team: team_a,
        TeamMatch: team_match,
        BallotDraw: BallotDraw.objects.filter(round=round_).first(),
        PairingNumberDraw: PairingNumberDraw.objects.create(
            event=event, seed="matrix", drawn_by=organizer, drawn_at=timezone.now()
        ),
        BallotDeck: BallotDeck.objects.get(slug="english-3-move"),
        BallotCard: BallotCard.objects.filter(deck__slug="english-3-move").first(),
        UserFactory._meta.model: organizer,
        EntrySettings: rules,
        Entry: entry,
        RatingList: RatingList.objects.create(
            source="fmjd100", published=datetime.date(2026, 1, 1), file_name="fmjd.csv"
        ),
    }
    return World(
        users, event, other, round_, draft, game, dispute, objects, custom_deck, custom_card
    )


def _api(method: str, path: Callable[[World], str], body: dict | None = None):
    return lambda w: (method, path(w), body or {}, "json")


def _event(w: World) -> str:
    return f"/api/events/{w.event.slug}/"


#: An entry, as a person types it (no id: each role's entry is a new person).
ENTRY = {"first_name": "Bob", "last_name": "Visser", "rating": "1700"}

#: The writes outside the admin's model views.
WRITES: dict[str, Write] = {
    # Anyone enters an event while it takes entries; a club secretary's list needs a login.
    "api:entries": Write(ALL, _api("post", lambda w: _event(w) + "entries/", ENTRY)),
    "entries:enter": Write(
        ALL, lambda w: ("post", reverse("entries:enter", args=(w.event.slug,)), ENTRY, None)
    ),
    "entries:enter_several": Write(
        ALL - {"anonymous"},
        lambda w: (
            "post",
            reverse("entries:enter_several", args=(w.event.slug,)),
            _secretary_list(),
            None,
        ),
    ),
    # Whoever holds the link mailed to an entrant withdraws that entry (each role its own
    # entry's link: the link is the permission; tests/entries/test_entry_withdraw.py tries
    # links tampered with, of another entry or event, or used).
    "entries:withdraw": Write(ALL, lambda w: _withdrawal(w)),
    "api:players": Write(
        ORGANIZER,
        _api("post", lambda w: _event(w) + "players/", {"first_name": "A", "last_name": "B"}),
    ),
    "api:rounds": Write(NOBODY, _api("post", lambda w: _event(w) + "rounds/")),
    "api:publish": Write(
        ORGANIZER, _api("post", lambda w: _event(w) + f"rounds/{w.draft.number}/publish/")
    ),
    "api:result": Write(
        ORGANIZER,
        _api("post", lambda w: _event(w) + f"games/{w.game.pk}/result/", {"result": "0-1"}),
    ),
    "api:team_lineup": Write(
        ORGANIZER,
        _api(
            "post",
            lambda w: _event(w) + f"team-matches/{w.draft.number}/1/lineup/",
            {"team": 1, "players": []},
        ),
    ),
    # A team's lineup on the captain's page: its captain (the player) and the organizer.
    "public:team_lineups": Write(
        ORGANIZER | {"player"},
        lambda w: (
            "post",
            reverse("public:team_lineups", args=(w.event.slug, 1)),
            _lineup(w),
            None,
        ),
    ),
    # A player checks in himself only (the player names his own pairing number; naming
    # another is refused: tests/hall/test_check_in_api.py), the organizer anyone of his event.
    "api:check_in": Write(
        ORGANIZER | {"player"},
        lambda w: (
            "post",
            _event(w) + "rounds/3/check-in/",
            {"player": w.game.white.pairing_number, "status": "present"},
            "json",
        ),
    ),
    # The player's own check-in page (his button), and the hall's tablet opened by the
    # organizer, where a player confirms with his PIN.
    "hall:check_in": Write(
        frozenset({"player"}),
        lambda w: ("post", reverse("hall:check_in", args=(w.event.slug,)), {}, None),
    ),
    "hall:kiosk_player": Write(
        ORGANIZER,
        lambda w: (
            "post",
            reverse("hall:kiosk_player", args=(w.event.slug, w.objects[Registration].pk)),
            {"pin": kiosk_pin(w.objects[Registration])},
            None,
        ),
    ),
    "api:record": Write(
        OFFICIALS, _api("put", lambda w: _event(w) + f"games/{w.game.pk}/record/", {"pdn": PDN})
    ),
    "api:disputes": Write(
        OFFICIALS | {"player"},
        _api(
            "post",
            lambda w: _event(w) + f"games/{w.game.pk}/disputes/",
            {"claim": "wrong-result", "statement": "It was a draw."},
        ),
    ),
    "api:ruling": Write(
        ARBITER,
        _api(
            "post",
            lambda w: _event(w) + f"disputes/{w.dispute.pk}/ruling/",
            {"decision": "rejected", "reason": "The record shows a win."},
        ),
    ),
    # Pushed games carry the event's relay token, which no role's login gives.
    "api:relay": Write(
        NOBODY, _api("post", lambda w: _event(w) + f"rounds/{w.round.number}/relay/", {"pdn": PDN})
    ),
    "api:documents": Write(
        OFFICIALS, _api("post", lambda w: _event(w) + "documents/", {"kind": "crosstable"})
    ),
    "desk:dispute_open": Write(
        OFFICIALS | {"player"},
        lambda w: (
            "post",
            reverse("desk:dispute_open", args=(w.game.pk,)),
            {"claim": "wrong-result", "statement": "It was a draw.", "ply": ""},
            None,
        ),
    ),
    # A game's result: reported by its players only, on the page and through the API.
    "desk:report": Write(
        frozenset({"player"}),
        lambda w: ("post", reverse("desk:report", args=(w.game.pk,)), {"result": "1/2"}, None),
    ),
    "api:report": Write(
        frozenset({"player"}),
        _api("post", lambda w: _event(w) + f"games/{w.game.pk}/report/", {"result": "1/2"}),
    ),
    "api:game_report": Write(
        frozenset({"player"}),
        _api("post", lambda w: f"/api/games/{w.game.pk}/report/", {"result": "1/2"}),
    ),
    # An agreed result confirmed at the desk: the event's officials.
    "desk:report_confirm": Write(
        OFFICIALS,
        lambda w: (
            "post",
            reverse("desk:report_confirm", args=(ResultReport.objects.get(game=w.game).pk,)),
            {},
            None,
        ),
    ),
    "desk:upload": Write(
        OFFICIALS,
        lambda w: (
            "post",
            reverse("desk:upload", args=(w.event.slug,)),
            {"round": w.round.pk, "pdn": PDN},
            None,
        ),
    ),
    "desk:assign": Write(
        OFFICIALS,
        lambda w: (
            "post",
            reverse("desk:assign", args=(w.event.slug,)),
            {"item": 0, "game": w.game.pk},
            None,
        ),
    ),
    "desk:relay_assign": Write(
        OFFICIALS,
        lambda w: (
            "post",
            reverse(
                "desk:relay_assign",
                args=(w.event.slug, RelayBoard.objects.filter(source__round=w.round).first().pk),
            ),
            {
                "game": Game.objects.filter(pairing__round=w.round, relay__isnull=True)
                .order_by("pk")
                .first()
                .pk
            },
            None,
        ),
    ),
    "desk:dispute": Write(
        ARBITER,
        lambda w: (
            "post",
            reverse("desk:dispute", args=(w.dispute.pk,)),
            {
                "decision": "rejected",
                "reason": "The record shows a win.",
                "result": "",
                "ply": "",
                "expected_version": w.game.version,
            },
            None,
        ),
    ),
    # Merging the event's player and a copy of him registered nowhere: only whoever
    # changes both, the event's organizer (a new copy for each attempt).
    "admin:tournaments_player_merge": Write(
        ORGANIZER,
        lambda w: (
            "post",
            reverse("admin:tournaments_player_merge", args=(w.objects[Player].pk, _twin(w).pk)),
            {"confirm": "1"},
            None,
        ),
    ),
}

#: Admin views beside the model admin's own (add, change, delete, changelist, history):
#: the allowed roles and the form they post.
ADMIN_VIEWS: dict[str, tuple[frozenset[str], Callable[[World], dict]]] = {
    "tournaments_event_pair_next_round": (ORGANIZER, lambda w: {}),
    "tournaments_round_results": (NOBODY, lambda w: {}),
    "tournaments_round_publish": (NOBODY, lambda w: {}),
    "tournaments_round_delete_draft": (NOBODY, lambda w: {}),
    "tournaments_round_complete": (NOBODY, lambda w: {}),
    "tournaments_round_unpublish": (NOBODY, lambda w: {}),
    "tournaments_round_pair_again": (NOBODY, lambda w: {}),
    "tournaments_event_register": (ORGANIZER, lambda w: {}),
    "tournaments_event_publish": (ORGANIZER, lambda w: _published(w, False, {})),
    "tournaments_event_unpublish": (ORGANIZER, lambda w: _published(w, True, {"confirmed": "1"})),
    # The world's event is a Swiss already paired: nobody may draw its numbers.
    "tournaments_event_draw_numbers": (NOBODY, lambda w: {"confirmed": "1"}),
    "tournaments_event_keep_numbers": (NOBODY, lambda w: {"confirmed": "1"}),
    "games_dispute_arbiters": (
        ORGANIZER,
        lambda w: {"action": "appoint", "event": w.event.pk, "username": "player"},
    ),
    "tournaments_round_draw_cards": (NOBODY, lambda w: {}),
    "tournaments_registration_withdraw": (ORGANIZER, lambda w: {"from_round": 3}),
    "tournaments_registration_bye": (NOBODY, lambda w: {"round_number": 2}),
    "tournaments_ballotdraw_void": (ORGANIZER, lambda w: {"reason": "Wrong card drawn."}),
    "tournaments_game_record": (ORGANIZER, lambda w: {"pdn": PDN}),
    "tournaments_game_upload": (ORGANIZER, lambda w: {"round": w.round.pk, "pdn": PDN}),
    "tournaments_document_request": (
        ORGANIZER,
        lambda w: {"event": w.event.pk, "kind": "crosstable"},
    ),
    "tournaments_player_import": (
        STAFF,
        lambda w: {"file": _csv(w)},
    ),
    # Creates a new event (its importer organizes it), after a preview that writes nothing.
    "tournaments_event_trf_import": (
        STAFF,
        lambda w: {
            "file": _trf(w),
            "variant": "international",
            "games_per_pairing": 1,
            "ranking": "game",
        },
    ),
    # The team round page: scheduling the next round of the organizer's own competition.
    "tournaments_teamcompetition_round": (ORGANIZER, lambda w: {"action": "schedule"}),
    # A confirmed teams import: only for the organizer's own team competitions.
    "tournaments_team_import": (ORGANIZER, lambda w: _teams_csv(w)),
    # The check-in page of the open round: the missing players marked absent at once.
    "hall_checkinrule_round": (ORGANIZER, lambda w: {"action": "missing"}),
    "tournaments_ratinglist_import": (
        STAFF,
        lambda w: {"file": _rating_list(), "source": "fmjd100", "published": "2026-01-01"},
    ),
}


def _secretary_list() -> dict:
    """A club secretary's list of one person (entries.forms.EntryFormSet)."""
    return {
        "form-TOTAL_FORMS": "1",
        "form-INITIAL_FORMS": "0",
        **{f"form-0-{name}": value for name, value in ENTRY.items()},
    }


def _withdrawal(w: World) -> tuple[str, str, dict, None]:
    """A new entry to the world's event, by a person with an e-mail, and the POST of the link
    of his receipt (the event moved to end next month: the link has not expired)."""
    Event.objects.filter(pk=w.event.pk).update(
        end_date=timezone.localdate() + datetime.timedelta(days=30)
    )
    entry = entry_submit(event=w.event, fields={**ENTRY, "email": "bob@example.org"}, user=None)
    link = reverse("entries:withdraw", args=(w.event.slug, withdraw_token(entry)))
    return "post", link, {}, None


def _lineup(w: World) -> dict:
    """Team 1's only member on board 1 of its draft match: a change of the lineup."""
    match = w.objects[TeamMatch]
    member = w.objects[Team].members.get()
    return {
        "match": match.pk,
        f"match{match.pk}-board_1": member.pk,
        f"match{match.pk}-board_2": "",
    }


def _twin(w: World) -> Player:
    """A copy of the world's player (same name), registered nowhere."""
    player = w.objects[Player]
    return Player.objects.create(last_name=player.last_name, first_name=player.first_name)


def _published(w: World, published: bool, body: dict) -> dict:
    """Set the event's published flag before the attempt, so that publishing (or
    unpublishing) would change it, and return the form `body`."""
    Event.objects.filter(pk=w.event.pk).update(published=published)
    return body


def _csv(w: World):
    from django.core.files.uploadedfile import SimpleUploadedFile

    player = w.objects[Player]
    player.fmjd_id = player.fmjd_id or "F-TARGET"
    player.save()
    text = f"last_name,first_name,fmjd_id,rating,club\n{player.last_name},X,{player.fmjd_id},1,Y\n"
    return SimpleUploadedFile("players.csv", text.encode(), content_type="text/csv")


def _teams_csv(w: World) -> dict:
    import base64

    from tournaments.teams.imports import team_import_plan

    player = w.event.registrations.order_by("pk").first().player
    data = f"team,order,last_name,first_name\nNew team,1,{player.last_name},{player.first_name}\n"
    digest = team_import_plan(w.event, data.encode()).digest
    content = base64.b64encode(data.encode()).decode()
    return {"confirm": "1", "content": content, "digest": digest, "event": w.event.pk}


def _trf(w: World):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tournaments.trf.export import event_trf

    return SimpleUploadedFile("event.trf", event_trf(w.event).encode(), content_type="text/plain")


def _rating_list():
    from django.core.files.uploadedfile import SimpleUploadedFile

    text = (
        '"nr_ew","nick","last_n","first_n","country","title","rating","wtitle","wrating"\n'
        '"F-LIST","","List","Player","NED","","2000","",""\n'
    )
    return SimpleUploadedFile("fmjd.csv", text.encode(), content_type="text/csv")


#: A statement that writes, and the table it writes to.
WRITE = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)


def written_tables(queries: list[dict]) -> list[str]:
    """The tables the statements wrote to (INSERT, UPDATE, DELETE), the sessions aside: a
    refused request must write nothing, not even a row it leaves as it was."""
    tables = {match[1] for q in queries if (match := WRITE.match(q["sql"]))}
    return sorted(tables - {Session._meta.db_table})


def url_names() -> set[str]:
    names: set[str] = set()

    def walk(patterns, namespace: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                inner = pattern.namespace or ""
                walk(pattern.url_patterns, f"{namespace}{inner}:" if inner else namespace)
            elif isinstance(pattern, URLPattern) and pattern.name:
                names.add(f"{namespace}{pattern.name}")

    walk(get_resolver().url_patterns, "")
    return names


def admin_model_views() -> dict[str, tuple[type, str]]:
    """admin:<app>_<model>_<view> -> (model, view) for every model admin's standard views."""
    views = {}
    for model in admin.site._registry:
        prefix = f"{model._meta.app_label}_{model._meta.model_name}"
        for view in ("changelist", "add", "change", "delete", "history", "simple_history"):
            views[f"admin:{prefix}_{view}"] = (model, view)
        if model._meta.model_name == "user":
            views[f"admin:{prefix}_password_change"] = (model, "password_change")
    return views


def test_every_endpoint_has_an_entry():
    custom = {f"admin:{name}" for name in ADMIN_VIEWS}
    known = READS | NOT_SCOPED | set(WRITES) | custom | set(admin_model_views())
    missing = sorted(url_names() - known)
    assert not missing, f"endpoints with no entry in the permission matrix: {missing}"
    stale = sorted((set(WRITES) | custom) - url_names())
    assert not stale, f"entries for endpoints that no longer exist: {stale}"


def _client(world: World, role: str):
    client = APIClient()
    if role != "anonymous":
        client.force_login(world.users[role])
    return client


def _refused(response) -> bool:
    if response.status_code in (401, 403, 404, 405):
        return True
    location = response.headers.get("Location", "")
    return response.status_code == 302 and "login" in location


def _attempt(
    world: World,
    role: str,
    method: str,
    url: str,
    body: dict,
    fmt: str | None,
    *,
    compare: bool = True,
):
    """The answer to ``role``'s request, and the tables it changed (with ``compare``; an
    allowed role's changes are not asked, and not read)."""
    client = _client(world, role)
    with CaptureQueriesContext(connection) as queries:
        if fmt:
            response = getattr(client, method)(url, body, format=fmt)
        else:
            response = getattr(client, method)(url, body)
    assert response.status_code < 500, f"{role}: {method} {url} answered {response.status_code}"
    return response, written_tables(queries.captured_queries) if compare else []


def _check(world: World, name: str, allowed: frozenset[str], build) -> dict[str, int]:
    """Refused roles first (each must leave the database unchanged), then the allowed ones
    (each must not be refused). Returns counts for the report."""
    counts = {"refused": 0, "allowed": 0}
    for role in [r for r in ROLES if r not in allowed] + [r for r in ROLES if r in allowed]:
        method, url, body, fmt = build(world)
        response, changed = _attempt(
            world, role, method, url, body, fmt, compare=role not in allowed
        )
        if role in allowed:
            assert not _refused(response), (
                f"{name}: {role} was refused ({response.status_code}) at {method} {url}"
            )
            counts["allowed"] += 1
        else:
            assert not changed, (
                f"{name}: {role} changed {changed} at {method} {url} ({response.status_code})"
            )
            counts["refused"] += 1
    print(f"matrix {name}: {counts}")  # summed for the report: pytest -s | grep matrix
    return counts


def _built_world() -> World:
    """`_world` as a test of its own would build it: tasks in-process, players numbered from
    the start (tests/conftest.py does both for each test, after a module's fixtures)."""
    PlayerFactory.reset_sequence()
    with tasks_in_process():
        return _world()


def _fresh(value):
    """``value`` read afresh: a model object by its key, a dict of them value by value."""
    if isinstance(value, dict):
        return {key: _fresh(item) for key, item in value.items()}
    return type(value)._default_manager.get(pk=value.pk)


@pytest.fixture(scope="module")
def world_of_the_module(django_db_setup, django_db_blocker):
    """The world, built once for the module (tests/held.py) that tries it some eighty times."""
    yield from held_for_the_module(django_db_blocker, _built_world)


@pytest.fixture
def world(world_of_the_module, db) -> World:
    """The world as built, each object read afresh (a test's changes are rolled back, and no
    page it cached is served to the next)."""
    cache.clear()
    built = world_of_the_module
    return World(**{field.name: _fresh(getattr(built, field.name)) for field in fields(World)})


@pytest.mark.parametrize("name", sorted(WRITES))
def test_write_endpoints(world, name):
    write = WRITES[name]
    _check(world, name, write.allowed, write.request)


@pytest.mark.parametrize("name", sorted(ADMIN_VIEWS))
def test_admin_object_views(world, name):
    allowed, body = ADMIN_VIEWS[name]
    model_name = name.split("_")[1]
    model = next(m for m in world.objects if m._meta.model_name == model_name)
    obj = world.objects[model]
    try:
        url = reverse(f"admin:{name}", args=(obj.pk,))
    except Exception:
        url = reverse(f"admin:{name}")
    _check(world, name, allowed, lambda w: ("post", url, body(w), None))


#: Who may change, delete, or act from the change list on the world's object of each model.
ADMIN_CHANGE: dict[str, frozenset[str]] = {
    "tournaments_event": ORGANIZER,
    "entries_entry": ORGANIZER,
    "entries_entrysettings": ORGANIZER,
    "tournaments_round": ORGANIZER,
    "tournaments_pairing": NOBODY,
    "tournaments_registration": ORGANIZER,
    "tournaments_player": ORGANIZER,
    "tournaments_ballotdraw": ORGANIZER,
    # The pairing-number draws' log is read only, for everyone.
    "tournaments_pairingnumberdraw": NOBODY,
    # The published deck and its cards are read-only for everyone (CUSTOM: the custom deck).
    "tournaments_ballotdeck": NOBODY,
    "tournaments_ballotcard": NOBODY,
    # A list is kept as imported; only a superuser deletes a wrong one.
    "tournaments_ratinglist": NOBODY,
    "tournaments_document": ORGANIZER,
    "tournaments_game": ORGANIZER,
    "tournaments_teamcompetition": ORGANIZER,
    "tournaments_team": ORGANIZER,
    "tournaments_teammatch": ORGANIZER,
    "games_dispute": ORGANIZER,
    "games_relaysource": ORGANIZER,
    "games_resultreporting": ORGANIZER,
    "hall_checkinrule": ORGANIZER,
    "auth_user": NOBODY,
    "auth_group": NOBODY,
    "authtoken_tokenproxy": NOBODY,
}


def _admin_form(world: World, model, obj) -> dict:
    """The change form as a browser posts it, read by a superuser."""
    superuser = UserFactory(username="root", is_superuser=True)
    client = Client()
    client.force_login(superuser)
    info = (model._meta.app_label, model._meta.model_name)
    page = client.get(reverse("admin:{}_{}_change".format(*info), args=(obj.pk,)))
    try:
        data = form_data(page, f"{model._meta.model_name}_form")
    except AssertionError:
        data = {}
    client.logout()
    return {key: values if len(values) > 1 else (values or [""])[0] for key, values in data.items()}


#: Objects tried beside each model's own: the custom deck made for the event and its card,
#: changed by the event's organizer (its owner) only.
CUSTOM: dict[str, tuple[str, Callable[[World], object], frozenset[str]]] = {
    "custom ballot deck": ("tournaments_ballotdeck", lambda w: w.custom_deck, ORGANIZER),
    "custom ballot card": ("tournaments_ballotcard", lambda w: w.custom_card, ORGANIZER),
}


@pytest.mark.parametrize("prefix", sorted(ADMIN_CHANGE) + sorted(CUSTOM))
def test_admin_change_views(world, prefix):
    registered = {f"{m._meta.app_label}_{m._meta.model_name}": m for m in admin.site._registry}
    assert set(ADMIN_CHANGE) == set(registered), "every registered model admin needs an entry"
    if prefix in CUSTOM:
        prefix, pick, allowed = CUSTOM[prefix]
        model, obj = registered[prefix], pick(world)
    else:
        model, allowed = registered[prefix], ADMIN_CHANGE[prefix]
        obj = world.objects.get(model)
    if obj is None:  # auth groups and tokens: none exists, make one
        obj = model._default_manager.create(
            **({"name": "Arbiters"} if prefix == "auth_group" else {"user": world.users["player"]})
        )
    data = _admin_form(world, model, obj)
    change = reverse(f"admin:{prefix}_change", args=(obj.pk,))
    _check(world, f"{prefix} change", allowed, lambda w: ("post", change, dict(data), None))
    # Deleting and the change list's bulk deletion: refused to every non-superuser but the
    # organizer where the model admin lets them delete at all.
    delete = reverse(f"admin:{prefix}_delete", args=(obj.pk,))
    changelist = reverse(f"admin:{prefix}_changelist")
    bulk = {"action": "delete_selected", ACTION_CHECKBOX_NAME: [str(obj.pk)], "post": "yes"}
    for label, url, body in (
        ("delete", delete, {"post": "yes"}),
        ("bulk delete", changelist, bulk),
    ):
        for role in ROLES:
            if role in allowed:
                continue
            response, changed = _attempt(world, role, "post", url, body, None)
            assert not changed, (
                f"{prefix} {label}: {role} changed {changed} ({response.status_code})"
            )
            print(f"matrix {prefix} {label}: {{'refused': 1, 'allowed': 0}}")


def test_admin_add_views_keep_to_ones_events(world):
    """An add form naming the event (a registration, a round) or the event's custom deck (a
    card) refuses everyone but its organizer: it is not among the other roles' choices."""
    player = PlayerFactory()
    card = {"deck": world.custom_deck.pk, "code": "2", "moves": "10-14 22-17", "start_fen": ""}
    for prefix, body in (
        ("tournaments_registration", {"event": world.event.pk, "player": player.pk}),
        ("tournaments_round", {"event": world.event.pk}),
        ("tournaments_ballotcard", card),
    ):
        url = reverse(f"admin:{prefix}_add")
        for role in ROLES:
            if role == "organizer":
                continue
            response, changed = _attempt(world, role, "post", url, body, None)
            assert not changed, f"{prefix} add: {role} changed {changed} ({response.status_code})"
            print(f"matrix {prefix} add: {{'refused': 1, 'allowed': 0}}")


#: Every lookup each model admin's list offers (list filters, search fields, sortable
#: columns, date hierarchy, autocomplete and raw-id fields). None may reach a private field
#: (tournaments.access.private_lookup); a lookup added to an admin fails until it is here.
LOOKUPS: dict[str, frozenset[str]] = {
    "auth_group": frozenset({"name"}),
    "auth_user": frozenset(
        {
            "is_staff",
            "is_superuser",
            "is_active",
            "groups",
            "username",
            "first_name",
            "last_name",
            "email",
        }
    ),
    "authtoken_tokenproxy": frozenset({"user__username", "user", "key", "created"}),
    "entries_entry": frozenset(
        {
            "event",
            "status",
            "last_name",
            "first_name",
            "fmjd_id",
            "national_id",
            "club",
            "rating",
            "amount_due",
            "amount_paid",
            "entered_at",
            "player",
        }
    ),
    "entries_entrysettings": frozenset({"event", "opens_at", "closes_at", "max_players", "fee"}),
    "games_dispute": frozenset(
        {"game__pairing__round__event", "status", "claim", "opened_by", "opened_at"}
    ),
    "games_relaysource": frozenset({"round__event", "kind", "active", "failures", "last_move_at"}),
    "hall_checkinrule": frozenset({"event", "missing_absent", "mode"}),
    "tournaments_ballotcard": frozenset(
        {"deck", "barred", "brazilian", "code", "name", "moves", "notation"}
    ),
    "tournaments_ballotdeck": frozenset({"variant", "builtin", "owner", "event", "source"}),
    "tournaments_ratinglist": frozenset({"source", "published", "file_name", "imported_at"}),
    "tournaments_teamcompetition": frozenset(
        {"boards", "event", "match_draw", "match_loss", "match_win", "primary"}
    ),
    "tournaments_team": frozenset({"captain", "club", "event", "federation", "name", "number"}),
    "tournaments_teammatch": frozenset(
        {"number", "return_match", "round", "round__event", "round__number"}
    ),
    "tournaments_ballotdraw": frozenset(
        {
            "event",
            "sequence",
            "round",
            "card",
            "seed",
            "drawn_by",
            "drawn_at",
            "voided_at",
            "void_reason",
        }
    ),
    "games_resultreporting": frozenset({"event", "confirm"}),
    "tournaments_pairingnumberdraw": frozenset({"event", "drawn_at", "drawn_by", "seed"}),
    "tournaments_document": frozenset(
        {"kind", "status", "event__name", "event__slug", "event", "round__number", "error"}
    ),
    "tournaments_event": frozenset(
        {
            "published",
            "system",
            "variant",
            "start_date",
            "name",
            "slug",
            "venue",
            "end_date",
            "rounds_total",
        }
    ),
    "tournaments_game": frozenset(
        {
            "pairing__round__event",
            "result",
            "record__verification__flagged",
            "white__player__last_name",
            "black__player__last_name",
            "pairing__board",
            "index",
            "version",
        }
    ),
    "tournaments_pairing": frozenset(
        {
            "round__event",
            "round__status",
            "manual",
            "white__player__last_name",
            "black__player__last_name",
            "board",
            "white",
            "black",
            "bye_kind",
            "round",
        }
    ),
    "tournaments_player": frozenset(
        {
            "federation",
            "title",
            "club",
            "last_name",
            "first_name",
            "fmjd_id",
            "national_id",
            "rating",
        }
    ),
    "tournaments_registration": frozenset(
        {
            "event",
            "player__last_name",
            "player__first_name",
            "player__fmjd_id",
            "player",
            "pairing_number",
            "rating",
            "joined_round",
            "withdrawn_from_round",
        }
    ),
    "tournaments_round": frozenset({"event", "status", "number", "published_at", "boards_total"}),
}
#: Django's own account admins: opened only by users holding the auth app's permissions,
#: which none of the roles has (they manage accounts, and read them, by that permission).
ACCOUNT_ADMINS = frozenset({"auth_user", "auth_group", "authtoken_tokenproxy"})


def _prefix(model) -> str:
    return f"{model._meta.app_label}_{model._meta.model_name}"


def _admin_lookups(model_admin) -> set[str]:
    """The lookups a model admin's list takes from its definition."""
    found: set[str] = set()
    for item in model_admin.list_filter:
        if isinstance(item, (list, tuple)):
            found.add(item[0])
        elif isinstance(item, str):
            found.add(item)
        else:
            found.add(item.parameter_name)
    found.update(name.lstrip("^=@") for name in model_admin.search_fields)
    found.update(model_admin.autocomplete_fields)
    found.update(model_admin.raw_id_fields)
    if model_admin.date_hierarchy:
        found.add(model_admin.date_hierarchy)
    opts = model_admin.model._meta
    for name in model_admin.list_display:
        if name == "__str__":
            continue
        try:
            found.add(opts.get_field(name).name)
            continue
        except Exception:
            attr = getattr(model_admin, name, None) or getattr(model_admin.model, name, None)
        order = getattr(attr, "admin_order_field", None)
        if isinstance(order, str):
            found.add(order.lstrip("-"))
    return found


def test_every_admin_lookup_has_an_entry():
    from tournaments.access import private_lookup

    for model, model_admin in admin.site._registry.items():
        prefix = _prefix(model)
        found = _admin_lookups(model_admin)
        assert found == LOOKUPS.get(prefix), f"{prefix}: its lookups are now {sorted(found)}"
        if prefix in ACCOUNT_ADMINS:
            continue
        private = sorted(name for name in found if private_lookup(model, name))
        assert not private, f"{prefix} offers lookups on private fields: {private}"


#: The private values an attacker looks for: a player's, and a login account's.
SOUGHT = frozenset(
    {"user", "email", "phone", "birth_date", "first_name", "last_name", "password", "last_login"}
)


def private_paths(model, depth: int = 3) -> list[str]:
    """Every lookup from `model` that reaches a private field holding a SOUGHT value,
    through at most `depth` relations (forward and reverse), each once."""
    from tournaments.access import private_lookup

    paths: list[str] = []
    frontier = [("", model)]
    for _level in range(depth):
        following = []
        for prefix, current in frontier:
            for field in current._meta.get_fields():
                name = getattr(field, "name", None)
                if not name or name.startswith("historical") or name == "history":
                    continue
                path = f"{prefix}{name}"
                if private_lookup(model, path):
                    if name in SOUGHT:
                        paths.append(path)
                elif field.is_relation and field.related_model is not None:
                    following.append((f"{path}__", field.related_model))
        frontier = following
    return sorted(set(paths))


def _answer(client, url: str, params: dict) -> tuple[int, object]:
    """What a lookup tells: the status, and the rows found when the list answered."""
    response = client.get(url, params)
    assert response.status_code < 500, f"{url} {params}: {response.status_code}"
    rows = None
    if response.status_code == 200 and response.context is not None:
        change_list = response.context.get("cl")
        rows = change_list.result_count if change_list is not None else response.content
    return response.status_code, rows


def _guesses(model, target) -> list[tuple[dict, dict]]:
    """A true and a false guess at each private value reachable from `model`'s list (isnull
    True/False, and the private e-mail's first letter against one it does not start with),
    then the search box asked for the private e-mail and for a string found nowhere."""
    guesses = [
        ({f"{path}__isnull": "True"}, {f"{path}__isnull": "False"}) for path in private_paths(model)
    ]
    guesses += [
        ({f"{path}__startswith": target.email[0]}, {f"{path}__startswith": "#"})
        for path in private_paths(model)
        if path.endswith("email")
    ]
    guesses.append(({"q": target.email}, {"q": "#nowhere#"}))
    return guesses


def _lookups_learnt(world, *, every_role: bool) -> tuple[dict[str, int], list[str]]:
    """Asks every private lookup of every model admin's list (`_guesses`), the two answers of
    each guess compared, and the autocomplete for the private e-mail, as each role.

    With `every_role`, each guess is asked by every role. Without, the sample of `make test`:
    the search box and the autocomplete still by every role, but each lookup of a model by one
    of the roles that open its list (in turn), since a role the list refuses is refused
    whatever it asks (both answers the same refusal); every lookup is still asked, and every
    role that opens a list asks some of its lookups."""
    target = world.objects[Player]
    counts = {"requests": 0, "refused": 0, "learnt": 0}
    learnt: list[str] = []
    clients = {role: _client(world, role) for role in ROLES}
    for model in admin.site._registry:
        prefix = _prefix(model)
        url = reverse(f"admin:{prefix}_changelist")
        guesses = _guesses(model, target)
        asked: list[tuple[str, dict, dict]]
        if every_role:
            asked = [(role, *guess) for role in ROLES for guess in guesses]
        else:
            opening = [role for role in ROLES if _answer(clients[role], url, {})[0] == 200]
            counts["requests"] += len(ROLES)
            asked = [(role, *guesses[-1]) for role in ROLES]
            if opening:
                asked += [
                    (opening[index % len(opening)], *guess)
                    for index, guess in enumerate(guesses[:-1])
                ]
        for role, true, false in asked:
            client = clients[role]
            answers = [_answer(client, url, true), _answer(client, url, false)]
            counts["requests"] += 2
            counts["refused"] += sum(status != 200 for status, _rows in answers)
            if answers[0] != answers[1]:
                counts["learnt"] += 1
                learnt.append(f"{role}: {prefix} {true}")
    for role, client in clients.items():
        for term in (target.email, "#nowhere#"):
            response = client.get(
                reverse("admin:autocomplete"),
                {
                    "app_label": "tournaments",
                    "model_name": "registration",
                    "field_name": "player",
                    "term": term,
                },
            )
            counts["requests"] += 1
            assert response.status_code < 500
            if response.status_code == 200 and response.json()["results"] and term != "#nowhere#":
                counts["learnt"] += 1
                learnt.append(f"{role}: autocomplete {term}")
    print(f"admin lookups: {counts}")
    return counts, learnt


@pytest.mark.deep
def test_admin_lookups_learn_no_private_value(world):
    """Every private lookup, asked as each role: the two answers of a guess never differ. The
    search boxes and the autocomplete are asked for the private e-mail and for a string
    found nowhere."""
    counts, learnt = _lookups_learnt(world, every_role=True)
    assert counts["requests"] > 1000
    assert not learnt, f"{len(learnt)} private values learnt: {learnt[:10]}"


def test_admin_lookups_learn_no_private_value_sample(world):
    """`make test`'s sample of the sweep above: every private lookup asked once, by a role
    that opens the list (`_lookups_learnt`)."""
    counts, learnt = _lookups_learnt(world, every_role=False)
    assert counts["requests"] > 700 and counts["refused"] < counts["requests"]
    assert not learnt, f"{len(learnt)} private values learnt: {learnt[:10]}"
