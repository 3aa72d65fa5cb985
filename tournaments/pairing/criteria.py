"""The absolute criteria of FIDE C.04.1 that a hand-made Swiss board can break.

The Dutch engine never breaks them; an arbiter editing a draft can. Each function reads a
player's past rounds (:class:`~tournaments.values.RoundResult`, oldest first) and says
whether the proposed board breaks one criterion:

* C.04.1 b: two players shall not play against each other more than once;
* C.04.1 c: a player who has already received a pairing-allocated bye, or scored a win
  without playing, shall not receive the pairing-allocated bye (codes ``U`` and ``F``);
* C.04.1 f and g: no player gets the same colour three times in a row, and the difference
  between a player's whites and blacks never exceeds 2 (games played over the board only).

:func:`board_breaches` checks a whole Swiss board against them and against the event's
forbidden pairs; :func:`table_breach` checks a round-robin board against the round's Berger
table (C.05 Annex 1), which settles who meets whom and with which colour.

>>> from decimal import Decimal
>>> past = [RoundResult(1, 5, Colour.WHITE, "1", Decimal(2))]
>>> rematch(past, 5), had_allocated_bye(past)
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.values import Colour, Pair, RoundResult, TournamentState

#: Codes of a round already scored as a pairing-allocated bye or a win without playing.
_ALLOCATED_BYE_CODES = frozenset("UF")


def had_allocated_bye(past: Sequence[RoundResult]) -> bool:
    """C.04.1 c: the player may not receive another pairing-allocated bye."""
    return any(r.code in _ALLOCATED_BYE_CODES for r in past)


def rematch(past: Sequence[RoundResult], opponent: int) -> bool:
    """C.04.1 b: the player has already played ``opponent`` over the board."""
    return any(r.opponent == opponent and r.played for r in past)


def met_unplayed(past: Sequence[RoundResult], opponent: int) -> int | None:
    """The round in which the player was paired with ``opponent`` and their game was not
    played (a forfeit, a double forfeit), else None. A forfeited game is not a game played
    (C.04.1 b and its note), so the two may be paired again; the arbiter is told.

    >>> from decimal import Decimal
    >>> met_unplayed([RoundResult(2, 5, Colour.WHITE, "-", Decimal(0))], 5)
    2
    """
    return next((r.round for r in past if r.opponent == opponent and not r.played), None)


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


@dataclass(frozen=True)
class Breach:
    """A criterion a Swiss board breaks: ``code`` is ``rematch`` (C.04.1 b), ``prohibited``
    (the event's forbidden pairs), ``second_bye`` (C.04.1 c) or ``colour`` (C.04.1 f, g: the
    ``player`` and his :class:`ColourBreach`); or a note that breaks nothing,
    ``unplayed_rematch``: the two were paired in ``round`` without playing (met_unplayed)."""

    code: str
    player: int
    colour: ColourBreach | None = None
    round: int | None = None


def board_breaches(
    state: TournamentState,
    round_number: int,
    white: int,
    black: int | None,
    *,
    allocated_bye: bool = False,
) -> list[Breach]:
    """What the Swiss board ``white``-``black`` of ``round_number`` breaks, given the results
    before it in ``state``; a board without ``black`` is a bye, ``allocated_bye`` when the
    pairing gave it (C.04.1 c), not a request.

    >>> from decimal import Decimal
    >>> from tournaments.values import Competitor, ScoringSystem
    >>> won = (RoundResult(1, 2, Colour.WHITE, "1", Decimal(1)),)
    >>> lost = (RoundResult(1, 1, Colour.BLACK, "0", Decimal(0)),)
    >>> state = TournamentState(
    ...     competitors=(Competitor(1, "A", 0, results=won), Competitor(2, "B", 0, results=lost)),
    ...     total_rounds=3, scoring=ScoringSystem())
    >>> [b.code for b in board_breaches(state, 2, 1, 2)]
    ['rematch']
    """
    history = state.competitor(white).results
    if black is None:
        return [Breach("second_bye", white)] if allocated_bye and had_allocated_bye(history) else []
    breaches = []
    if rematch(history, black):
        breaches.append(Breach("rematch", white))
    elif (unplayed := met_unplayed(history, black)) is not None:
        breaches.append(Breach("unplayed_rematch", white, round=unplayed))
    if frozenset((white, black)) in state.forbidden_in(round_number):
        breaches.append(Breach("prohibited", white))
    for number, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
        breach = colour_breach(state.competitor(number).results, colour)
        if breach is not None:
            breaches.append(Breach("colour", number, breach))
    return breaches


def table_breach(table: Sequence[Pair], white: int, black: int | None) -> str | None:
    """C.05 Annex 1 for a round-robin board: None when it is one of the round's Berger
    ``table`` pairs, ``reversed`` when it is one with the colours swapped, else ``absent``.

    >>> table_breach([Pair(1, 4), Pair(2, 3)], 4, 1), table_breach([Pair(1, 4)], 1, 2)
    ('reversed', 'absent')
    """
    if Pair(white, black) in table:
        return None
    if black is not None and Pair(black, white) in table:
        return "reversed"
    return "absent"
