"""Standings with pending games say they are provisional (page, crosstable, API); an event
whose last round is complete is listed as finished, whatever its dates say."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import event_with_players
from tests.public.conftest import play_round
from tournaments.models import System
from tournaments.selectors.events import event_finished
from tournaments.selectors.public import event_groups
from tournaments.selectors.standings import standings_provisional
from tournaments.services import rounds

pytestmark = pytest.mark.django_db

PROVISIONAL = "provisional: results are pending"


def test_pending_games_make_the_standings_provisional(client, organizer):
    event = event_with_players(organizer, players=4, system=System.ROUND_ROBIN)
    play_round(event, organizer)
    rounds.round_publish(round=rounds.round_pair(event=event, user=organizer), user=organizer)
    assert standings_provisional(event, after_round=2)
    assert not standings_provisional(event, after_round=1)
    standings = client.get(reverse("public:standings", args=[event.slug])).content.decode()
    assert f"Standings after round 2, {PROVISIONAL}" in standings
    crosstable = client.get(reverse("public:crosstable", args=[event.slug])).content.decode()
    assert f"Crosstable after round 2, {PROVISIONAL}" in crosstable
    earlier = client.get(reverse("public:standings", args=[event.slug]) + "?round=1")
    assert PROVISIONAL not in earlier.content.decode()
    rows = client.get(f"/api/events/{event.slug}/standings/").json()["results"]
    assert rows and all(row["provisional"] for row in rows)
    rows = client.get(f"/api/events/{event.slug}/standings/?round=1").json()["results"]
    assert not any(row["provisional"] for row in rows)


def test_an_event_whose_last_round_is_complete_is_finished(client, organizer):
    event = event_with_players(organizer, players=4, system=System.ROUND_ROBIN)
    today = datetime.date(2026, 7, 2)  # between the event's dates
    for _ in range(2):
        play_round(event, organizer)
    assert not event_finished(event)
    assert event in event_groups(today=today).current
    play_round(event, organizer)  # round 3 of 3
    assert event_finished(event)
    groups = event_groups(today=today)
    assert event in groups.finished and event not in groups.current
    upcoming = event_groups(today=datetime.date(2026, 6, 1))
    assert event in upcoming.finished and event not in upcoming.upcoming
    page = client.get(reverse("public:event_list")).content.decode()
    finished_section = page[page.index('id="finished-heading"') :]
    assert event.name in finished_section


def test_a_pending_game_leaves_its_round_unplayed_for_both_players(client, organizer):
    """Round 2 published, one game in: the two players still at the board have their round-1
    figures (docs/rules/tournaments.md §4.11): no point, no dummy, no voluntary unplayed
    round; the API keeps saying provisional."""
    from tournaments.models import Game, GameResult
    from tournaments.scoring.standings import compute_standings, tiebreak_detail
    from tournaments.selectors.state import tournament_state
    from tournaments.services import results

    event = event_with_players(organizer, players=4, system=System.SWISS, tiebreaks=["SB", "BH"])
    play_round(event, organizer)
    round_2 = rounds.round_publish(
        round=rounds.round_pair(event=event, user=organizer), user=organizer
    )
    first, second = Game.objects.filter(pairing__round=round_2).order_by("pairing__board")
    results.result_record(game=first, result=GameResult.WHITE_WIN, user=organizer)
    live = tournament_state(event, up_to_round=2)
    at_the_board = {second.pairing.white.pairing_number, second.pairing.black.pairing_number}
    assert live.pending == {(n, 2) for n in at_the_board}
    after_1 = {
        row.number: (row.points, row.tiebreaks)
        for row in compute_standings(
            tournament_state(event, up_to_round=1), tiebreaks=["SB", "BH"], after_round=1
        )
    }
    now = {
        row.number: (row.points, row.tiebreaks)
        for row in compute_standings(live, tiebreaks=["SB", "BH"], after_round=2)
    }
    for number in at_the_board:
        assert now[number][0] == after_1[number][0]
        for code in ("SB", "BH"):
            detail = tiebreak_detail(live, number, code, 2)
            assert [(c.round, c.dummy) for c in detail.counted] == [(1, False)]
    rows = client.get(f"/api/events/{event.slug}/standings/").json()["results"]
    assert rows and all(row["provisional"] for row in rows)
