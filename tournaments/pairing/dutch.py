"""FIDE Dutch Swiss pairings (C.04.3), by either text, behind our own values.

FIDE approved a new text of the Dutch system on 28 October 2025, applied from 1 February
2026 (:attr:`DutchRules.FIDE_2026`, the default); an event that started under the earlier
text keeps it (:attr:`DutchRules.PRE_2026`). Each text has its engine, chosen by
measurement against bbpPairings (``make swiss-reference``, ``make bench``):

* 2026: gacrux 1.11.65 (:mod:`tournaments.pairing.dutch_gacrux`), equal to bbpPairings
  6.0.0 on every reference round;
* pre-2026: py4swiss 0.3.1 (:mod:`tournaments.pairing.dutch_py4swiss`), equal to
  bbpPairings 5.0.1 on every reference round.

Both get the same rows (:func:`tournaments.pairing.dutch_input.round_input`). Each engine is
imported when its text is first paired: py4swiss (on pydantic) and gacrux (on networkx and
rustworkx) each take a good part of a second of CPU to import, which a run that pairs by the
other text, or reads a TRF without pairing, need not pay.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Unpack

from tournaments.i18n import gettext_noop
from tournaments.pairing.dutch_input import (
    NoPairingError,
    Ordering,
    PairingError,
    RoundRequest,
    round_input,
)
from tournaments.values import DutchRules, Pair, TournamentState

__all__ = [
    "COLOUR_RULE_TEXTS",
    "DutchRules",
    "Explanation",
    "Float",
    "NoPairingError",
    "Ordering",
    "PairingError",
    "RoundRequest",
    "explain_dutch",
    "pair_dutch",
    "text_of",
]


def pair_dutch(
    state: TournamentState,
    *,
    round_number: int,
    rules: DutchRules | None = None,
    **request: Unpack[RoundRequest],
) -> list[Pair]:
    """Pair round ``round_number`` by the FIDE Dutch system (C.04.3) in the text ``rules``
    (by default the state's, and the 2026 text when the state states none).

    ``state`` holds the results of rounds ``1 .. round_number - 1``; a competitor may also
    hold a bye for ``round_number`` itself (``H``, ``Z`` or ``F``, e.g. a requested bye
    recorded before pairing): such a player is not paired. The ``request`` (absences, byes
    and ordering) is a :class:`~tournaments.pairing.dutch_input.RoundRequest`.

    Boards come back in FIDE order (C.04.2 D.9: score of the higher player, sum of scores,
    rank of the higher player); the pairing-allocated bye, if any, is ``Pair(n, None)``.
    """
    rows = round_input(state, round_number=round_number, **request)
    if not rows.to_pair(round_number):
        return []
    if text_of(state, rules) is DutchRules.PRE_2026:
        from tournaments.pairing.dutch_py4swiss import pair_pre_2026

        return pair_pre_2026(state, rows, round_number=round_number, by_rank=rows.by_rank)
    from tournaments.pairing.dutch_gacrux import pair_2026

    return pair_2026(state, rows, round_number=round_number, by_rank=rows.by_rank)


def text_of(state: TournamentState, rules: DutchRules | None) -> DutchRules:
    """The text to pair by: ``rules``, else the state's, else the 2026 text."""
    return DutchRules(rules or state.rules or DutchRules.FIDE_2026)


#: What each colour rule of C.04.3 (2026 text, E.1-E.5) says, as the engine names it.
COLOUR_RULE_TEXTS: dict[str, str] = {
    "E.1": gettext_noop("C.04.3 E.1: both colour preferences are granted"),
    "E.2": gettext_noop("C.04.3 E.2: the stronger colour preference is granted"),
    "E.3": gettext_noop("C.04.3 E.3: colours alternate from the last round they differed"),
    "E.4": gettext_noop("C.04.3 E.4: the higher-ranked player's preference is granted"),
    "E.5": gettext_noop(
        "C.04.3 E.5: the higher-ranked player's pairing number and the initial colour decide"
    ),
    "pab": gettext_noop("C.04.3 A.5: the pairing-allocated bye has no colour"),
}


@dataclass(frozen=True)
class Float:
    """A player paired outside his score (C.04.3 A.4): ``points`` before the round, paired in
    the bracket of ``bracket`` points (lower: a downfloat; the bye: ``bracket`` is ``None``)."""

    player: int
    points: Decimal
    bracket: Decimal | None


@dataclass(frozen=True)
class Explanation:
    """Why one board is what it is, as far as the engine tells.

    ``colour_rule`` is the rule of C.04.3 E.1-E.5 that gave the colours (a key of
    :data:`COLOUR_RULE_TEXTS`), ``floats`` the players of the board paired outside their
    score, and ``criteria`` the quality criteria of C.04.3 (C.5-C.21, as the engine numbers
    them) that the board's score bracket did not fully meet, with the engine's count. The
    engine tells which criteria the chosen pairing pays; it does not tell which other
    pairing each criterion ruled out.
    """

    pair: Pair
    colour_rule: str
    floats: tuple[Float, ...]
    criteria: tuple[tuple[str, int], ...]


def explain_dutch(
    state: TournamentState,
    *,
    round_number: int,
    rules: DutchRules | None = None,
    **request: Unpack[RoundRequest],
) -> list[Explanation]:
    """The boards of :func:`pair_dutch`, each with its :class:`Explanation`.

    Only the 2026 engine (gacrux) reports its colour rules and its brackets' criteria;
    py4swiss reports neither, so the pre-2026 text is refused with a :class:`PairingError`.
    """
    if text_of(state, rules) is DutchRules.PRE_2026:
        raise PairingError(
            "explanations need the 2026 engine: py4swiss, which pairs the pre-2026 text, "
            "does not report which criterion decided a float or a colour"
        )
    rows = round_input(state, round_number=round_number, **request)
    if not rows.to_pair(round_number):
        return []
    from tournaments.pairing.dutch_gacrux import boards_2026

    boards, brackets = boards_2026(state, rows, round_number=round_number, by_rank=rows.by_rank)
    points = {
        number: sum((r.points for r in row[: round_number - 1]), Decimal(0))
        for number, row in rows.rows.items()
    }
    criteria = {
        board["w"]: _unmet(bracket["quality"]) for bracket in brackets for board in bracket["pairs"]
    }
    explanations = []
    for board in boards:
        white, black = board["w"], board["b"] or None
        floats: tuple[Float, ...]
        if black is None:
            floats = (Float(white, points[white], None),)
        else:
            low = min(points[white], points[black])
            floats = tuple(Float(n, points[n], low) for n in (white, black) if points[n] > low)
        explanations.append(
            Explanation(Pair(white, black), board["colorrule"], floats, criteria[white])
        )
    return explanations


def _unmet(quality: dict[str, int | list[int | None] | None]) -> tuple[tuple[str, int], ...]:
    """The criteria C5-C21 a bracket's quality record counts as not met, with the count."""
    unmet = []
    for name, value in quality.items():
        if not name.startswith("QC") or name == "QC0":
            continue
        count = sum(v or 0 for v in value) if isinstance(value, list) else (value or 0)
        if count:
            unmet.append((name[1:], int(count)))
    return tuple(unmet)
