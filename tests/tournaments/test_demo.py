"""The demo loader: contents, idempotence, organizer account."""

import io

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.db.models import Q

from games.models import Dispute, GameRecord, Verification
from tournaments.models import (
    Event,
    Game,
    GameResult,
    Pairing,
    Player,
    RatingList,
    RoundStatus,
)
from tournaments.selectors import withdrawal_outcomes
from tournaments.values import ByeKind

pytestmark = pytest.mark.django_db


def load() -> str:
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


def password_in(output: str) -> str:
    line = next(line for line in output.splitlines() if line.startswith("Organizer password"))
    return line.rsplit(": ", 1)[1]


def test_demo_contents_and_idempotence():
    first = load()
    swiss = Event.objects.get(slug="demo-swiss")
    robin = Event.objects.get(slug="demo-round-robin")
    assert swiss.registrations.count() == 40 and robin.registrations.count() == 10
    assert list(swiss.rounds.values_list("status", flat=True)) == [RoundStatus.COMPLETED] * 5
    assert list(robin.rounds.values_list("status", flat=True)) == [RoundStatus.COMPLETED] * 4 + [
        RoundStatus.PUBLISHED
    ]
    swiss_pairings = Pairing.objects.filter(round__event=swiss)
    assert swiss_pairings.filter(bye_kind=ByeKind.HALF_POINT).count() == 2
    assert swiss_pairings.filter(bye_kind=ByeKind.PAIRING_ALLOCATED).exists()
    assert swiss.registrations.filter(joined_round=3).count() == 1
    assert swiss.registrations.filter(withdrawn_from_round=4).count() == 1
    assert Game.objects.filter(pairing__round__event=swiss, result="+/-").count() == 1
    # The round robin shows a withdrawal: the last seed leaves after round 4 (4 of 9 games,
    # annulled) and his round-5 game is his forfeit.
    [outcome] = withdrawal_outcomes(robin, after_round=5)
    assert (outcome.number, outcome.from_round, outcome.played, outcome.annulled) == (
        10,
        5,
        4,
        True,
    )
    forfeit = Game.objects.get(
        Q(white__pairing_number=10) | Q(black__pairing_number=10),
        pairing__round__event=robin,
        pairing__round__number=5,
    )
    assert forfeit.result in (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN)
    # The two-game event has drawn games, so that its Sonneborn-Berger shows shares of 1/2.
    english = Event.objects.get(slug="demo-english-ballot")
    assert english.games_per_pairing == 2
    assert Game.objects.filter(pairing__round__event=english, result=GameResult.DRAW).exists()
    assert {p.federation for p in Player.objects.all()} >= {"NED", "RUS", "FRA", "SEN", "LAT"}
    assert "Created event: Damier Open (demo)" in first
    # The demo shows the public site: its events are published, not drafts.
    assert set(Event.objects.values_list("published", flat=True)) == {True}
    assert "Admin: http://127.0.0.1:" in first

    counts = (Player.objects.count(), Game.objects.count(), Pairing.objects.count())
    second = load()
    assert (Player.objects.count(), Game.objects.count(), Pairing.objects.count()) == counts
    assert "Already loaded, left unchanged: Damier Open (demo)" in second

    old, new = password_in(first), password_in(second)
    assert old != new and len(new) >= 16
    organizer = authenticate(username="demo-organizer", password=new)
    assert organizer is not None and organizer.is_staff and not organizer.is_superuser
    assert authenticate(username="demo-organizer", password=old) is None
    assert organizer.has_perm("tournaments.change_game")
    assert organizer.has_perm("tournaments.add_round")
    others = set(
        Event.objects.filter(
            slug__in=[
                "demo-english-ballot",
                "demo-russian-table",
                "demo-bashni",
                "demo-team-league",
            ]
        )
    )
    assert len(others) == 4
    assert set(organizer.organized_events.all()) == {swiss, robin} | others


def test_demo_bashni_event_has_verified_records(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        load()
    bashni = Event.objects.get(slug="demo-bashni")
    assert bashni.variant == "bashni"
    records = GameRecord.objects.filter(game__pairing__round__event=bashni)
    assert records.count() == Game.objects.filter(pairing__round__event=bashni).count() == 4
    verdicts = Verification.objects.filter(record__in=records).values_list("verdict", flat=True)
    assert set(verdicts) == {"legal"}
    assert not Dispute.objects.filter(game__pairing__round__event=bashni).exists()


def test_the_demo_swiss_keeps_the_ratings_of_the_older_of_its_two_lists():
    load()
    swiss = Event.objects.get(slug="demo-swiss")
    older, newer = RatingList.objects.order_by("published")
    assert older.published <= swiss.rating_list_date < newer.published
    entries = list(swiss.registrations.select_related("player"))
    assert {entry.rating_source for entry in entries} == {str(older)}
    in_older = dict(older.ratings.values_list("player_id", "rating"))
    assert all(entry.rating == in_older[entry.player_id] for entry in entries)
    assert load() and RatingList.objects.count() == 2
