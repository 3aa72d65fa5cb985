"""Every C.07 tie-break Damier computes agrees with an independent implementation: gacrux's
tie-break checker (PyPI ``gacrux``, MIT, by the author of FIDE's tie-break checker), run on
the events written as TRF by the project's own writer (:func:`trf_dumps`).

Compared: Buchholz and its cuts and medians (C.07 8.1, 14.1-14.4; truncated Solkoff is
Buchholz Cut-1), Sonneborn-Berger (9.1), games won (7.3), progressive score (7.5), average
rating of opponents (10.1, 14.1.1). gacrux multiplies the opponent's score by the points
scored in the event's scoring (2 for a win with 2/1/0), Damier by the share of the round
(1), as C.07 writes it for 1/1/2/0: Damier's SB times the points of a win is gacrux's.

Not compared here, because one TRF code per round cannot say them: two-game events ranked
on game points (3 of 4 is no code) and the games won inside a match; they are worked by hand
in ``test_tiebreaks_two_games.py``. gacrux is told the system (Swiss or round robin) and,
through the start date, the text of C.07 the state follows (``TournamentState.tiebreak_rules``):
its 2024 set (C.07 as applied from 2023) or its 2026 set (the dummy opponent of 16.4.1-16.4.2).
"""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from tests.tournaments.gacrux_check import disagreements
from tests.tournaments.states import RESULTS, round_robin_state
from tests.tournaments.states import SWISS as SWISS_WITH_BYES
from tournaments.models import Event, System
from tournaments.pairing.simulate import simulate
from tournaments.selectors.state import tournament_state


def test_swiss_with_byes_forfeits_and_a_withdrawal():
    assert disagreements(SWISS_WITH_BYES, round_robin=False) == []


@pytest.mark.parametrize("seed", range(6))
def test_simulated_swiss_events(seed):
    """Random Swiss events (seeded): late entries, withdrawals, half-point byes, forfeits."""
    state = simulate(
        seed=seed,
        players=20 + seed,
        rounds=7,
        late_entries=2,
        withdrawals=2,
        half_bye_rate=0.04,
        forfeit_rate=0.04,
    ).state
    assert disagreements(state, round_robin=False) == []


def test_round_robin_with_rests():
    assert disagreements(round_robin_state(5, RESULTS), round_robin=True) == []


@pytest.mark.django_db
def test_demo_events():
    """The demo's one-game events (its round robin has a withdrawal), and its two-game event
    on match points if it has one."""
    call_command("load_demo", stdout=io.StringIO())
    checked = 0
    for event in Event.objects.order_by("pk"):
        if event.games_per_pairing > 1 and event.ranking != "match_points":
            continue
        if hasattr(event, "team_competition"):
            continue  # ranked by the team standings (tests/tournaments/test_teams_scoring.py)
        last = event.rounds.filter(status="completed").count()
        state = tournament_state(event, up_to_round=last)
        assert disagreements(state, round_robin=event.system != System.SWISS) == [], event.slug
        checked += 1
    assert checked >= 4
