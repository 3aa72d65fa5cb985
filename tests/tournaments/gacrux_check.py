"""gacrux's tie-break checker (PyPI ``gacrux``, MIT, by the author of FIDE's tie-break
checker) driven on a TournamentState written as TRF by the project's own writer: its value of
every compared tie-break, and every figure where Damier and gacrux differ. Shared by the
tie-break tests (tests/tournaments/test_tiebreaks_gacrux.py, test_tiebreaks_unplayed.py).

gacrux is told the system (Swiss or round robin) and, through the start date, the text of C.07
the state follows (``TournamentState.tiebreak_rules``): its 2024 set (C.07 as applied from
2023) or its 2026 set (the dummy opponent of 16.4.1-16.4.2).
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from tournaments.pairing import TrfEvent, trf_dumps
from tournaments.scoring.standings import compute_standings
from tournaments.scoring.withdrawals import annul_games
from tournaments.values import TieBreakRules, TournamentState

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
    # gacrux chooses the C.07 text by the start date, as Damier does (TieBreakRules).
    start = "2026/07/01" if state.tiebreak_rules is TieBreakRules.FIDE_2026 else "2025/01/01"
    text = trf_dumps(counted, event=TrfEvent(name="Check", start_date=start))
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
