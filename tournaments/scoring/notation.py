"""How a result is written, per variant: pure, the same text on the pages, in the API, the
admin, the PDFs and the PDN export (what a person reads of it is translated where it is
shown, ``tournaments/results.py``).

Two notations, chosen by the event's variant (its board's ``result_format``, the PDN
standard's "ResultType"):

- **FMJD** (``international``: International and Canadian draughts, the FMJD family): a
  win is worth 2, a draw 1 — ``2-0``, ``1-1``, ``0-2`` (FMJD tournament rules; the PDN
  International result type ``2-0``, ``0-2``, ``1-1``, ``0-0``).
- **Default** (English, Russian, Brazilian, Italian and the other 8x8 games): ``1-0``,
  ``½-½``, ``0-1`` on the pages, ``1-0``, ``1/2-1/2``, ``0-1`` in PDN.

A forfeit is never written as a score: the pages, the PDFs and the player cards write it
``+/-`` (``-/+``, ``-/-``), the ``+`` and ``-`` of FIDE TRF16 that FIDE and FMJD crosstables
print (docs/rules/tournaments.md §1.2-§1.3), and name a bye.

On the pages a score is written in the order the names are shown, White's first. In PDN
the first score is the *first player's* (PDN writes moves and scores in playing order):
White's in International and Russian draughts, but Black's in English draughts, where
Black moves first (WCDF rules, section one). A White win in English draughts is therefore
``0-1`` in the PDN file: this is what english/tinsley.pdn and the checkers programs write
(the arbiter's replay reads results the same way, arbiter/replay.py). Forfeits (``+/-``,
``-/+``) are wins in PDN; a double forfeit and an unplayed game are ``0-0`` ("declared
lost for both players", PDN standard, Result tag; docs/rules/pdn.md §3); a pending game is
``*``.

>>> result_score("1-0", "international"), pdn_result("1-0", "english")
('2-0', '0-1')
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from arbiter import find_variant
from arbiter.errors import UnknownVariantError
from tournaments.scoring.results import GAME_CODES, PENDING, game_points
from tournaments.values import (
    DRAW_CODES,
    FORFEIT_RESULTS,
    PLAYED_CODES,
    WIN_CODES,
    ScoringSystem,
)

FMJD = "international"

#: Who won each final result: "white", "black", None for a draw; absent (a double forfeit,
#: an unplayed game): nobody won, nothing to score.
_WINNER: dict[str, str | None] = {
    result: "white" if white in WIN_CODES else "black" if black in WIN_CODES else None
    for result, (white, black) in GAME_CODES.items()
    if white in WIN_CODES or black in WIN_CODES or white in DRAW_CODES
}
#: The results of games played over the board: the ones written as a score.
_PLAYED = frozenset(result for result, (white, _) in GAME_CODES.items() if white in PLAYED_CODES)
_PDN_TOKENS = {
    FMJD: {"first": "2-0", "second": "0-2", None: "1-1"},
    "default": {"first": "1-0", "second": "0-1", None: "1/2-1/2"},
}
_SCORES = {
    FMJD: {"white": "2-0", "black": "0-2", None: "1-1"},
    "default": {"white": "1-0", "black": "0-1", None: "½-½"},
}
#: The points a notation writes: a win 2 and a draw 1 for FMJD, 1 and ½ otherwise; a forfeit
#: win counts as a win, a double forfeit or an unplayed game gives none.
_POINTS = {
    FMJD: ScoringSystem(),
    "default": ScoringSystem(win=Decimal(1), draw=Decimal("0.5"), forfeit_win=Decimal(1)),
}
#: A player's result (TRF code of a played game) and the score it stands for, the
#: player's own score first.
_PLAYER_SCORES = {
    FMJD: {"1": "2-0", "=": "1-1", "0": "0-2"},
    "default": {"1": "1-0", "=": "½-½", "0": "0-1"},
}
#: A player's forfeit (TRF code) as written on a card, the player's side first: the
#: forfeit result in which he held White.
_PLAYER_FORFEITS = {
    white: result for result, (white, black) in FORFEIT_RESULTS.items() if white != black
}


@dataclass(frozen=True)
class Notation:
    """How an event's variant writes results: ``fmjd`` (2-0 / 1-1 / 0-2) or not, and whose
    score PDN writes first (``first_player``: ``white`` or ``black``)."""

    fmjd: bool
    first_player: str

    @property
    def key(self) -> str:
        return FMJD if self.fmjd else "default"

    @property
    def points(self) -> ScoringSystem:
        """The game points this notation writes (2/1/0 for FMJD, 1/½/0 otherwise)."""
        return _POINTS[self.key]


def notation(variant: str) -> Notation:
    """The notation of ``variant`` (an event's variant name); FMJD's for an unknown one.

    >>> notation("english")
    Notation(fmjd=False, first_player='black')
    """
    try:
        board = find_variant(variant)
    except UnknownVariantError:
        return Notation(fmjd=True, first_player="white")
    return Notation(fmjd=board.result_format == FMJD, first_player=board.first_player.name.lower())


def result_score(result: str, variant: str) -> str:
    """``result`` as shown on the pages, White's score first: ``2-0`` (FMJD) or ``1-0``;
    forfeits keep their sign (``+/-``, ``-/+``, ``-/-``: the ``+`` and ``-`` of FIDE TRF16,
    player section, and of the FMJD and FIDE crosstables), so a forfeit is never written
    like a game played; an unplayed game is ``0-0``, a pending one ``*``.

    >>> result_score("1-0", "international"), result_score("1/2", "english")
    ('2-0', '½-½')
    >>> result_score("+/-", "international")
    '+/-'
    """
    if result not in _PLAYED:
        return result
    return _SCORES[notation(variant).key][_WINNER[result]]


def pdn_result(result: str, variant: str) -> str:
    """``result`` as a PDN Result token, the first player's score first (see the module).

    >>> pdn_result("1-0", "english"), pdn_result("1-0", "international")
    ('0-1', '2-0')
    >>> pdn_result("-/-", "english"), pdn_result("*", "english")
    ('0-0', '*')
    """
    if result in GAME_CODES and result not in _WINNER:
        return "0-0"
    if result not in _WINNER:
        return "*"
    current = notation(variant)
    winner = _WINNER[result]
    side = None if winner is None else "first" if winner == current.first_player else "second"
    return _PDN_TOKENS[current.key][side]


def player_score(code: str, variant: str) -> str:
    """A player card's result code of a game (``1``, ``=``, ``0``; a forfeit ``+``, ``-``) as
    the player's score in the variant's notation, his own first; a forfeit keeps its sign
    (``+/-`` won, ``-/+`` lost), so it never reads like a game played. Any other code (a
    bye's) is returned as it is: it is named where it is shown.

    >>> player_score("1", "international"), player_score("=", "english")
    ('2-0', '½-½')
    >>> player_score("-", "international")
    '-/+'
    """
    if code in _PLAYER_FORFEITS:
        return _PLAYER_FORFEITS[code]
    return _PLAYER_SCORES[notation(variant).key].get(code, code)


def pairing_score(games: list[tuple[int, str]], first: int, variant: str) -> str | None:
    """The match score of a two-game pairing, ``first``'s points first, in the variant's
    points (:attr:`Notation.points`): ``games`` are (White's pairing number, result) of each
    game. None while a game is pending or for a single game.

    >>> pairing_score([(1, "1-0"), (2, "1/2")], 1, "international")
    '3-1'
    """
    if len(games) < 2 or any(result == PENDING for _white, result in games):
        return None
    points = notation(variant).points
    mine = theirs = Decimal(0)
    for white, result in games:
        white_code, black_code = GAME_CODES[result]
        own, other = (white_code, black_code) if white == first else (black_code, white_code)
        mine += game_points(result, own, points)
        theirs += game_points(result, other, points)
    return match_score((mine, theirs))


def match_score(points: tuple[Decimal, Decimal]) -> str:
    """A two-game pairing's score, the first player's points first: ``3-1``, ``1½-½``.

    >>> match_score((Decimal(3), Decimal(1))), match_score((Decimal("1.5"), Decimal("0.5")))
    ('3-1', '1½-½')
    """
    return "-".join(_points(value) for value in points)


def _points(value: Decimal) -> str:
    whole, half = divmod(value, 1)
    if not half:
        return str(int(whole))
    return f"{int(whole) or ''}½"
