"""The demo loader: contents, idempotence, organizer account, and the demo Swiss's rating
report checked against a computation of its own."""

import io
import math
from decimal import Decimal

import pytest
from django.contrib.auth import authenticate
from django.core.cache import cache
from django.core.management import call_command
from django.db.models import F, Q

from accounts.selectors import my_page
from games.demo import records_demo
from games.models import Dispute, GameRecord, Verification
from tests.held import held_for_the_module
from tournaments.demo import load_demo
from tournaments.models import (
    Event,
    Game,
    GameResult,
    Pairing,
    Player,
    RatingList,
    RoundStatus,
)
from tournaments.selectors.standings import withdrawal_outcomes
from tournaments.selectors.team_ranking import team_ranking_get
from tournaments.values import ByeKind

pytestmark = pytest.mark.django_db


def load() -> str:
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


@pytest.fixture(scope="module")
def demo_of_the_module(django_db_setup, django_db_blocker):
    """The demo as `manage.py load_demo` loads it, once for the tests that only read it (each
    test's changes are rolled back after it: tests/held.py); yields what the command printed."""
    yield from held_for_the_module(django_db_blocker, load)


@pytest.fixture
def loaded(demo_of_the_module, db) -> str:
    cache.clear()
    yield demo_of_the_module
    cache.clear()


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
    # the demo player (accounts.demo) has the same password and a result to report
    assert "Player login (same password): demo-player" in first
    assert "Player login (same password): demo-player" in second
    player = authenticate(username="demo-player", password=new)
    assert player is not None and not player.is_staff
    assert my_page(player).to_report
    assert organizer.has_perm("tournaments.change_game")
    assert organizer.has_perm("tournaments.add_round")
    others = set(
        Event.objects.filter(
            slug__in=[
                "demo-english-ballot",
                "demo-russian-table",
                "demo-bashni",
                "demo-team-league",
                "demo-nations-cup",
                "demo-team-swiss",
                "demo-team-match",
                "demo-open-entries",
            ]
        )
    )
    assert len(others) == 8
    assert set(organizer.organized_events.all()) == {swiss, robin} | others


def test_demo_nations_cup_ranks_federations_and_never_pairs_compatriots(loaded):
    cup = Event.objects.get(slug="demo-nations-cup")
    assert (cup.team_score_members, cup.never_pair_team_mates) == (3, True)
    assert list(cup.rounds.values_list("status", flat=True)) == [RoundStatus.COMPLETED] * 5
    assert not Pairing.objects.filter(
        round__event=cup, black__isnull=False, white__team_label=F("black__team_label")
    ).exists()
    ranking = team_ranking_get(cup, after_round=5)
    federations = set(cup.registrations.values_list("player__federation", flat=True))
    assert {row.team for row in ranking} == federations and len(federations) >= 5
    first = ranking[0]
    assert first.score == sum(m.points for m in first.members[:3])


def test_demo_bashni_event_has_verified_records(django_capture_on_commit_callbacks):
    # the Bashni event alone: its records are verified after the commit, as in the command
    with django_capture_on_commit_callbacks(execute=True):
        load_demo(records=records_demo, only=("demo-bashni",))
    bashni = Event.objects.get(slug="demo-bashni")
    assert bashni.variant == "bashni"
    records = GameRecord.objects.filter(game__pairing__round__event=bashni)
    assert records.count() == Game.objects.filter(pairing__round__event=bashni).count() == 4
    verdicts = Verification.objects.filter(record__in=records).values_list("verdict", flat=True)
    assert set(verdicts) == {"legal"}
    assert not Dispute.objects.filter(game__pairing__round__event=bashni).exists()


def test_the_demo_swiss_keeps_the_ratings_of_the_older_of_its_two_lists(loaded):
    swiss = Event.objects.get(slug="demo-swiss")
    older, newer = RatingList.objects.order_by("published")
    assert older.published <= swiss.rating_list_date < newer.published
    entries = list(swiss.registrations.select_related("player"))
    assert {entry.rating_source for entry in entries} == {str(older)}
    in_older = dict(older.ratings.values_list("player_id", "rating"))
    assert all(entry.rating == in_older[entry.player_id] for entry in entries)
    assert load() and RatingList.objects.count() == 2


#: FIDE's tables are drawn from the normal distribution of the difference of two ratings of
#: standard deviation 200 each (Elo, The Rating of Chessplayers, 1978, 1.6): sigma 200 x sqrt 2.
SIGMA = 200 * math.sqrt(2)


def normal(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def test_the_demo_swiss_rating_report_checks_out_against_an_independent_computation(client, loaded):
    """Every row of the API's report recomputed from the API's players and games alone:
    the games over the board against rated opponents, W in games, We from the normal
    distribution (the FIDE table is banded to the hundredth: 0.006 a game), change exactly
    K x (W - We), the opponents' average, and a performance whose expected fraction under
    the same distribution is the fraction scored."""
    swiss = Event.objects.get(slug="demo-swiss")
    client.force_login(swiss.organizers.first())
    api = f"/api/events/{swiss.slug}"
    ratings = {
        p["number"]: p["rating"]
        for p in client.get(f"{api}/players/?page_size=500").json()["results"]
    }
    games = client.get(f"{api}/games/?page_size=500").json()["results"]
    report = client.get(f"{api}/rating-report/?page_size=500").json()["results"]
    assert len(report) == len(ratings) == 40
    scored = {"1-0": (1, 0), "1/2": (0.5, 0.5), "0-1": (0, 1)}
    met: dict[int, list[tuple[int, float]]] = {number: [] for number in ratings}
    for game in games:
        if game["result"] in scored:
            white, black = scored[game["result"]]
            met[game["white"]].append((ratings[game["black"]], white))
            met[game["black"]].append((ratings[game["white"]], black))
    checked = 0
    for row in report:
        counted = [(rating, score) for rating, score in met[row["number"]] if rating > 0]
        assert row["games"] == len(counted), row
        assert sorted(row["opponents"]) == sorted(rating for rating, _score in counted), row
        assert float(row["score"]) == sum(score for _rating, score in counted), row
        assert row["k"] == 20
        if not counted:
            continue
        opponents = [rating for rating, _score in counted]
        assert abs(row["average_opponents"] - sum(opponents) / len(opponents)) <= 0.5
        own = row["rating"]
        expected = sum(normal(max(-400, min(400, own - r)) / SIGMA) for r in opponents)
        assert abs(float(row["expected"]) - expected) <= 0.006 * len(counted), row
        change = 20 * (Decimal(row["score"]) - Decimal(row["expected"]))
        assert Decimal(row["change"]) == change, row
        fraction = float(row["score"]) / len(counted)
        over = row["performance"] - row["average_opponents"]
        if 0 < fraction < 1:
            assert abs(normal(over / SIGMA) - fraction) <= 0.01, row
        else:
            assert over == (800 if fraction == 1 else -800), row
        checked += 1
    assert checked >= 39


def test_the_demo_league_has_a_captain_who_logs_in_to_his_lineups(client, loaded):
    output = loaded
    line = next(line for line in output.splitlines() if line.startswith("Captain login"))
    assert "demo-captain" in line and "/events/demo-team-league/teams/1/lineups/" in line
    assert client.login(username="demo-captain", password=password_in(output))
    page = client.get("/events/demo-team-league/teams/1/lineups/")
    assert page.status_code == 200
    assert 'id="lineup-' in page.text  # round 4 is scheduled: its lineup is a form
    assert client.get("/events/demo-team-league/teams/2/lineups/").status_code == 403


def test_the_demo_shashki_cup_plays_the_schedule_its_drawn_numbers_published(loaded):
    from tournaments.pairing.lot import draw_numbers
    from tournaments.selectors.berger import berger_schedule, standing_number_draw

    cup = Event.objects.get(slug="demo-russian-table")
    draw = standing_number_draw(cup)
    assert draw is not None and draw.seed == cup.slug
    assert draw_numbers(seed=draw.seed, entrants=draw.entrants) == dict(
        cup.registrations.values_list("pk", "pairing_number")
    )
    schedule = berger_schedule(cup)
    assert len(schedule) == 5
    for round_ in cup.rounds.order_by("number"):
        played = [
            (p.white.pairing_number, p.black.pairing_number)
            for p in round_.pairings.order_by("board").select_related("white", "black")
        ]
        scheduled = schedule[round_.number - 1].boards
        assert played == [(b.white.number, b.black.number) for b in scheduled]


def test_demo_check_in(loaded):
    """The Swiss asks for a check-in before round 6: 30 players in, one marked absent, and the
    demo player (a login of his own, the organizer's password) still to check in."""
    from hall.demo import CHECKED_IN, PLAYER_USERNAME
    from hall.selectors import check_in_list, check_in_round

    swiss = Event.objects.get(slug="demo-swiss")
    assert check_in_round(swiss) == 6
    statuses = [line.status for line in check_in_list(swiss, 6)]
    assert statuses.count("present") == CHECKED_IN
    assert statuses.count("absent") == 1
    line = next(line for line in loaded.splitlines() if PLAYER_USERNAME in line)
    assert line.startswith("Player login") and "/events/demo-swiss/check-in/" in line
    user = authenticate(username=PLAYER_USERNAME, password=password_in(loaded))
    assert user is not None
    mine = swiss.registrations.get(player__user=user)
    assert (
        next(line for line in check_in_list(swiss, 6) if line.registration == mine.pk).status == ""
    )
