"""The reference tournaments of ``../shared/data/swiss/`` (bbpPairings), cut round by round.

Each file is a whole tournament as bbpPairings paired it; round k of the file is its pairing
of round k. :func:`rounds_of` gives, for every round, the state cut before it (the first k-1
rounds, plus the round-k entry of each player who did not play round k: a requested bye or
an absence, never the pairing-allocated bye the engine is to give) and the reference boards,
colours included (the README of the folder states this protocol).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from tournaments.pairing import trf_loads
from tournaments.values import Colour, Pair, TournamentState

SWISS = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "swiss"
MISSING = f"the reference tournaments are not here: {SWISS} (../shared/data/swiss/)"


@dataclass(frozen=True)
class ReferenceRound:
    name: str
    round: int
    state: TournamentState
    boards: frozenset[Pair]


def reference_files(folder: str) -> list[Path]:
    """The tournaments of ``folder`` (``dutch-2026`` or ``dutch-pre-2026``), by name."""
    return sorted((SWISS / folder).glob("t*.trf"))


def rounds_of(path: Path) -> Iterator[ReferenceRound]:
    """Every round of the tournament in ``path``, cut as the README says."""
    state = trf_loads(path.read_text(encoding="utf-8")).state
    last = max((r.round for c in state.competitors for r in c.results), default=0)
    for number in range(1, last + 1):
        cut = tuple(
            replace(
                c,
                results=tuple(
                    r
                    for r in c.results
                    if r.round < number
                    or (r.round == number and r.opponent is None and r.code != "U")
                ),
            )
            for c in state.competitors
        )
        boards = set()
        for competitor in state.competitors:
            result = competitor.result_in(number)
            if result is None:
                continue
            if result.code == "U":
                boards.add(Pair(competitor.number, None))
            elif result.opponent is not None and result.colour is Colour.WHITE:
                boards.add(Pair(competitor.number, result.opponent))
        if boards:
            yield ReferenceRound(
                path.name, number, replace(state, competitors=cut), frozenset(boards)
            )


def separating(name: str, rules: str) -> tuple[TournamentState, int, frozenset[Pair]]:
    """A separating round: the cut state, the round to pair and the boards of ``rules``."""
    state = trf_loads((SWISS / "separating" / f"{name}.trf").read_text(encoding="utf-8")).state
    count, *lines = (SWISS / "separating" / f"{name}.{rules}.txt").read_text().split("\n")
    boards = frozenset(
        Pair(int(w), int(b) or None) for w, b in (line.split() for line in lines if line.strip())
    )
    assert len(boards) == int(count)
    paired = max((r.round for c in state.competitors for r in c.results if r.opponent), default=0)
    return state, paired + 1, boards
