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
in ``test_tiebreaks_two_games.py``. gacrux is told the system (Swiss or round robin) and the
rules in force for the event's dates (its 2024 set: C.07 as applied from 2023 with 16.x).
"""

from __future__ import annotations

import io
from dataclasses import replace
from decimal import Decimal

import pytest
from django.core.management import call_command

from tests.tournaments.states import RESULTS, round_robin_state
from tests.tournaments.states import SWISS as SWISS_WITH_BYES
from tournaments.models import Event, System
from tournaments.pairing import TrfEvent, trf_dumps
from tournaments.pairing.simulate import simulate
from tournaments.scoring.standings import compute_standings
from tournaments.scoring.withdrawals import annul_games
from tournaments.selectors import tournament_state
from tournaments.values import TournamentState

gacrux_trf = pytest.importorskip("gacrux.trf2json", reason="gacrux is not installed")
gacrux_tiebreak = pytest.importorskip("gacrux.tiebreak", reason="gacrux is not installed")

#: Damier's code -> gacrux's name of the same tie-break.
COMPARED = {
    "BH": "BH",
    "BH-C1": "BH/C1",
    "TSOL": "BH/C1",
    "BH-C2": "BH/C2",
    "BH-M1": "BH/M1",
    "BH-M2": "BH/M2",
    "SB": "SB",
    "WON": "WON",
    "PS": "PS",
    "ARO": "ARO",
    "ARO-C1": "ARO/C1",
}


def gacrux_values(
    state: TournamentState, *, played: int, round_robin: bool
) -> dict[int, dict[str, Decimal]]:
    """gacrux's value of every compared tie-break for every player after round ``played``,
    from the TRF text."""
    # Annulled games (a round-robin withdrawal, C.06 V.4.1) are ranked as rests: gacrux is
    # given the games that count.
    counted = annul_games(state)
    # gacrux reads the id columns as FIDE's numbers; the demo's FMJD ids are not numbers, and
    # the ids play no part in a tie-break.
    counted = replace(
        counted, competitors=tuple(replace(c, fmjd_id="") for c in counted.competitors)
    )
    text = trf_dumps(counted, event=TrfEvent(name="Check", start_date="2025/01/01"))
    chessfile = gacrux_trf.trf2json()
    chessfile.parse_file(text, 0)
    assert chessfile.chessjson["status"]["code"] == 0, chessfile.chessjson["status"]
    tournament = chessfile.get_tournament(1)
    names = list(dict.fromkeys(COMPARED.values()))
    params = {
        "tiebreak": ["PTS", *names],
        "check": 0,
        "pre_determined": round_robin,
        "swiss": not round_robin,
        "unrated": None,
    }
    checker = gacrux_tiebreak.tiebreak(tournament, played, params)
    result = checker.compute_tiebreaks(tournament, params)
    # gacrux has no ARO for a player who met no rated opponent (None); Damier shows 0.
    return {
        c["cid"]: {
            name: Decimal(0 if v is None else v)
            for name, v in zip(names, c["tiebreakScore"][1:], strict=True)
        }
        for c in result["competitors"]
    }


def disagreements(state: TournamentState, *, round_robin: bool) -> list[str]:
    """Every (player, tie-break) where Damier and gacrux differ, written out."""
    played = max((r.round for c in state.competitors for r in c.results), default=0)
    rows = compute_standings(state, tiebreaks=list(COMPARED), after_round=played)
    theirs = gacrux_values(state, played=played, round_robin=round_robin)
    win = state.scoring.win
    found = []
    for row in rows:
        for code, name in COMPARED.items():
            ours = row.tiebreaks[code] * (win if code == "SB" else 1)
            if ours != theirs[row.number][name]:
                found.append(f"{row.number} {code}: {ours} != {theirs[row.number][name]}")
    return found


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
