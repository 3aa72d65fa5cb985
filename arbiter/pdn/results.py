"""Result tokens: which words end a game, and their canonical form.

Sources: docs/rules/pdn.md §3 (default results ``1-0 0-1 1/2-1/2 0-0 *``, international
results ``2-0 1-1 0-2``), 6.6 (results used as game terminators, ``1-10`` is a move, not
``1-1`` followed by ``0``), and the lidraughts forms ``½-½`` and ``0.5-0.5``; the colon
forms ``1:0 0:1 1/2:1/2`` come from the Russian 1998 file of the corpus.
"""

from __future__ import annotations

import re

GAME_RESULTS = frozenset({"1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*"})
"""The canonical game results: default and international scales, double loss, unknown."""

_SIDE = r"(?:0[.,]5|\d+|\d*½|\d+/\d+)"  # "0.5" only: "1.33-28" is a move number
_SCORE = re.compile(rf"({_SIDE})\s*[-:]\s*({_SIDE})")
_HALF = re.compile(r"^(?:0[.,]5|½|1/2)$")


def _side_value(side: str) -> str:
    return "1/2" if _HALF.match(side) else side


def is_score(word: str) -> bool:
    """True when ``word`` has the shape of a score: two numbers around ``-`` or ``:``."""
    return _SCORE.fullmatch(word) is not None


def could_be_move(word: str) -> bool:
    """True for a score that is also a numeric move (``4-6``, ``32-28``): two different
    non-zero whole numbers. ``1-0``, ``1-1``, ``0-0`` and ``1/2-1/2`` can never be moves.
    """
    match = _SCORE.fullmatch(word)
    if match is None or not (match[1].isdigit() and match[2].isdigit()):
        return False
    # compared as written, without leading zeros: no conversion of thousands of digits
    first, second = match[1].lstrip("0"), match[2].lstrip("0")
    return bool(first) and bool(second) and first != second


def normalize_result(token: str) -> str:
    """The canonical form of a result token, on the scale it was written in.

    Colons become dashes and every way of writing a half becomes ``1/2``; the
    international scale is kept (``2-0`` stays ``2-0``). Anything else, such as a match
    score, is returned stripped but unchanged: test it with :func:`is_game_result`.

    >>> normalize_result("1:0"), normalize_result("½-½"), normalize_result("0.5-0.5")
    ('1-0', '1/2-1/2', '1/2-1/2')
    >>> normalize_result("2-0"), normalize_result("4-6")
    ('2-0', '4-6')
    """
    word = token.strip()
    match = _SCORE.fullmatch(word)
    if match is None:
        return word
    canonical = f"{_side_value(match[1])}-{_side_value(match[2])}"
    return canonical if canonical in GAME_RESULTS else word


def is_game_result(token: str) -> bool:
    """True when ``token`` is the result of one game (in any spelling), False for match
    scores such as ``4-6`` and for anything else.

    >>> is_game_result("1/2:1/2"), is_game_result("4-6")
    (True, False)
    """
    return normalize_result(token) in GAME_RESULTS
