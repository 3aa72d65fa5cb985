"""The absolute criteria of FIDE C.04.1 that a hand-made Swiss board can break.

The Dutch engine never breaks them; an arbiter editing a draft can. Each function reads a
player's past rounds (:class:`~tournaments.values.RoundResult`, oldest first) and says
whether the proposed board breaks one criterion:

* C.04.1 b: two players shall not play against each other more than once;
* C.04.1 c: a player who has already received a pairing-allocated bye, or scored a win
  without playing, shall not receive the pairing-allocated bye (codes ``U`` and ``F``);
* C.04.1 f and g: no player gets the same colour three times in a row, and the difference
  between a player's whites and blacks never exceeds 2 (games played over the board only).

>>> from decimal import Decimal
>>> past = [RoundResult(1, 5, Colour.WHITE, "1", Decimal(2))]
>>> rematch(past, 5), had_allocated_bye(past)
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.values import Colour, RoundResult

#: Codes of a round already scored as a pairing-allocated bye or a win without playing.
_ALLOCATED_BYE_CODES = frozenset("UF")


def had_allocated_bye(past: Sequence[RoundResult]) -> bool:
    """C.04.1 c: the player may not receive another pairing-allocated bye."""
    return any(r.code in _ALLOCATED_BYE_CODES for r in past)


def rematch(past: Sequence[RoundResult], opponent: int) -> bool:
    """C.04.1 b: the player has already played ``opponent`` over the board."""
    return any(r.opponent == opponent and r.played for r in past)


@dataclass(frozen=True)
class ColourBreach:
    """A colour criterion broken by giving the player ``colour``: the same colour three times
    in a row (``repeated``, C.04.1 f), else the whites-minus-blacks ``difference`` beyond 2
    (C.04.1 g)."""

    colour: Colour
    repeated: bool
    difference: int


def colour_breach(past: Sequence[RoundResult], colour: Colour) -> ColourBreach | None:
    """C.04.1 f and g for the player getting ``colour``; None when both hold.

    >>> from decimal import Decimal
    >>> past = [RoundResult(n, n + 1, Colour.WHITE, "1", Decimal(2)) for n in (1, 2)]
    >>> colour_breach(past, Colour.WHITE).repeated, colour_breach(past, Colour.BLACK)
    (True, None)
    """
    colours = [r.colour for r in past if r.colour is not None and r.played] + [colour]
    difference = colours.count(Colour.WHITE) - colours.count(Colour.BLACK)
    if len(colours) >= 3 and len(set(colours[-3:])) == 1:
        return ColourBreach(colour, repeated=True, difference=difference)
    if abs(difference) > 2:
        return ColourBreach(colour, repeated=False, difference=difference)
    return None
