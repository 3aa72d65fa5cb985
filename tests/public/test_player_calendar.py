"""A player's calendar (/players/<id>/calendar.ics) names his opponent, colour and board once
the round's pairing is published, or his bye, his rest, or that he is not paired; a draft
pairing is never shown. Publishing (and taking back) a pairing raises the round's SEQUENCE
and moves its DTSTAMP, its UID unchanged; no round has an end, nothing saying how long one
lasts (RFC 5545 3.6.1: a DATE-TIME start alone is an instant)."""

import datetime

import pytest
from django.db import connection
from django.db.models import Q
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from icalendar import Calendar

from tests.factories import event_with_players, played_team_league
from tests.public.conftest import play_round
from tournaments.models import Pairing, Round, RoundTime, System
from tournaments.selectors.names import full_name
from tournaments.services import rounds
from tournaments.services.schedule import round_time_set

pytestmark = pytest.mark.django_db

START = timezone.make_aware(datetime.datetime(2026, 7, 1, 10, 0))


def _entries(client, url: str, language: str = "en") -> dict[str, object]:
    body = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content
    return {str(entry["UID"]): entry for entry in Calendar.from_ical(body).walk("VEVENT")}


def _round_1(client, player_id: int, slug: str, language: str = "en"):
    return _entries(client, f"/players/{player_id}/calendar.ics", language)[
        f"{slug}-round-1-player-{player_id}@damier"
    ]


def _board(registration, *, round) -> Pairing:
    return Pairing.objects.get(Q(white=registration) | Q(black=registration), round=round)


def _name(registration) -> str:
    return full_name(registration.player.last_name, registration.player.first_name)


@pytest.fixture
def open5(organizer):
    """Five players of a Swiss (one bye a round), rounds 1 and 2 scheduled, none paired."""
    event = event_with_players(organizer, players=5)
    for number in (1, 2):
        round_time_set(
            event=event,
            number=number,
            starts_at=START + datetime.timedelta(days=number - 1),
            user=organizer,
        )
    return event


def test_the_opponent_is_named_once_the_pairing_is_published(client, open5, organizer):
    registration = open5.registrations.get(pairing_number=1)
    player = registration.player
    before = _round_1(client, player.pk, open5.slug)
    assert str(before["SUMMARY"]) == f"{open5.name}, round 1"
    assert int(before["SEQUENCE"]) == 0

    draft = rounds.round_pair(event=open5, user=organizer)
    board = _board(registration, round=draft)
    white = board.white_id == registration.pk
    opponent = board.black if white else board.white
    body = client.get(f"/players/{player.pk}/calendar.ics").content.decode()
    assert opponent.player.last_name not in body  # a draft is nobody's business
    drafted = _round_1(client, player.pk, open5.slug)
    assert str(drafted["SUMMARY"]) == f"{open5.name}, round 1"
    assert int(drafted["SEQUENCE"]) == 0

    stamped = RoundTime.objects.get(event=open5, number=1).changed_at
    rounds.round_publish(round=draft, user=organizer)
    published = _round_1(client, player.pk, open5.slug)
    colour = "White" if white else "Black"
    assert str(published["SUMMARY"]) == (
        f"{open5.name}, round 1: against {_name(opponent)} ({colour}, board {board.board})"
    )
    assert int(published["SEQUENCE"]) == 1
    time = RoundTime.objects.get(event=open5, number=1)
    assert published.decoded("DTSTAMP") == time.changed_at.replace(microsecond=0)
    assert time.changed_at > stamped
    assert published.decoded("DTSTART") == START
    assert "DTEND" not in published and "DURATION" not in published
    # Round 2, not paired, is the round alone; the event's calendar names nobody.
    second = _entries(client, f"/players/{player.pk}/calendar.ics")[
        f"{open5.slug}-round-2-player-{player.pk}@damier"
    ]
    assert (str(second["SUMMARY"]), int(second["SEQUENCE"])) == (f"{open5.name}, round 2", 0)
    event_entry = _entries(client, f"/events/{open5.slug}/calendar.ics")[
        f"{open5.slug}-round-1@damier"
    ]
    assert str(event_entry["SUMMARY"]) == f"{open5.name}, round 1"
    # Each calendar its own entry for the round: a program holding both keeps both.
    assert str(event_entry["UID"]) != str(published["UID"])

    french = _round_1(client, player.pk, open5.slug, "fr")
    colour_fr = "Blancs" if white else "Noirs"
    assert str(french["SUMMARY"]) == (
        f"{open5.name}, ronde 1 : contre {_name(opponent)} ({colour_fr}, table {board.board})"
    )


def test_a_bye_is_named(client, open5, organizer):
    round_ = rounds.round_publish(
        round=rounds.round_pair(event=open5, user=organizer), user=organizer
    )
    bye = Pairing.objects.get(round=round_, black__isnull=True)
    entry = _round_1(client, bye.white.player_id, open5.slug)
    assert str(entry["SUMMARY"]) == f"{open5.name}, round 1: pairing-allocated bye"
    assert int(entry["SEQUENCE"]) == 1
    russian = _round_1(client, bye.white.player_id, open5.slug, "ru")
    assert str(russian["SUMMARY"]).startswith(f"{open5.name}, тур 1: ")
    assert "bye" not in str(russian["SUMMARY"])


def test_a_pairing_taken_back_and_changed_raises_the_sequence_each_time(client, open5, organizer):
    round_ = rounds.round_publish(
        round=rounds.round_pair(event=open5, user=organizer), user=organizer
    )
    first = Pairing.objects.filter(round=round_, black__isnull=False).order_by("board").first()
    player = first.white.player
    assert int(_round_1(client, player.pk, open5.slug)["SEQUENCE"]) == 1

    rounds.round_unpublish(round=round_, user=organizer)
    taken_back = _round_1(client, player.pk, open5.slug)
    assert (str(taken_back["SUMMARY"]), int(taken_back["SEQUENCE"])) == (
        f"{open5.name}, round 1",
        2,
    )
    # The bye's player takes the opponent's seat: the player now meets him.
    bye = Pairing.objects.get(round=round_, black__isnull=True)
    rounds.pairing_update(pairing=first, white=first.white, black=bye.white, user=organizer)
    rounds.round_publish(round=Round.objects.get(pk=round_.pk), user=organizer)
    again = _round_1(client, player.pk, open5.slug)
    assert str(again["SUMMARY"]) == (
        f"{open5.name}, round 1: against {_name(bye.white)} (White, board {first.board})"
    )
    assert int(again["SEQUENCE"]) == 3
    assert str(again["UID"]) == f"{open5.slug}-round-1-player-{player.pk}@damier"


def test_a_round_robin_of_two_game_matches_names_both_games_and_the_rest(client, organizer):
    event = event_with_players(organizer, players=3, system=System.ROUND_ROBIN, games_per_pairing=2)
    round_time_set(event=event, number=1, starts_at=START, user=organizer)
    round_ = rounds.round_publish(
        round=rounds.round_pair(event=event, user=organizer), user=organizer
    )
    game = Pairing.objects.get(round=round_, black__isnull=False)
    rest = Pairing.objects.get(round=round_, black__isnull=True)
    white = _round_1(client, game.white.player_id, event.slug)
    assert str(white["SUMMARY"]) == (
        f"{event.name}, round 1: two games against {_name(game.black)} "
        f"(White first, board {game.board})"
    )
    black = _round_1(client, game.black.player_id, event.slug)
    assert str(black["SUMMARY"]).endswith(f"(Black first, board {game.board})")
    assert str(_round_1(client, rest.white.player_id, event.slug)["SUMMARY"]) == (
        f"{event.name}, round 1: rest"
    )


def test_a_team_s_player_left_out_of_its_lineup_is_not_paired(client):
    event, user = played_team_league()
    round_time_set(event=event, number=1, starts_at=START, user=user)
    team = event.teams.get(number=1)
    first, left_out, _reserve = team.members.order_by("order")
    entry = _round_1(client, left_out.registration.player_id, event.slug)
    assert str(entry["SUMMARY"]) == f"{event.name}, round 1: not paired"
    board = _board(first.registration, round=Round.objects.get(event=event, number=1))
    summary = str(_round_1(client, first.registration.player_id, event.slug)["SUMMARY"])
    assert summary.endswith(f"board {board.board})") and ": against " in summary


def test_the_calendar_reads_as_much_for_every_round_paired(client, open5, organizer):
    player = open5.registrations.get(pairing_number=1).player
    url = f"/players/{player.pk}/calendar.ics"

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        return len(captured.captured_queries)

    play_round(open5, organizer)
    one = queries()
    rounds.round_publish(round=rounds.round_pair(event=open5, user=organizer), user=organizer)
    entries = _entries(client, url)
    uids = [f"{open5.slug}-round-{n}-player-{player.pk}@damier" for n in (1, 2)]
    assert all(": " in str(entries[uid]["SUMMARY"]) for uid in uids)
    assert queries() == one
