"""Results as the federations write them: one place that turns a game's result code into
text, for the pages, the API, the admin, the PDFs and the PDN export.

Two notations, chosen by the event's variant (its board's ``result_format``, the PDN
standard's "ResultType"):

- **FMJD** (``international``: International and Canadian draughts, the FMJD family): a
  win is worth 2, a draw 1 — ``2-0``, ``1-1``, ``0-2`` (FMJD tournament rules; the PDN
  International result type ``2-0``, ``0-2``, ``1-1``, ``0-0``).
- **Default** (English, Russian, Brazilian, Italian and the other 8x8 games): ``1-0``,
  ``½-½``, ``0-1`` on the pages, ``1-0``, ``1/2-1/2``, ``0-1`` in PDN.

A forfeit is never written as a score: the pages, the PDFs and the player cards write it
``+/-`` (``-/+``, ``-/-``), the ``+`` and ``-`` of FIDE TRF16 that FIDE and FMJD crosstables
print, and name a bye.

On the pages a score is written in the order the names are shown, White's first. In PDN
the first score is the *first player's* (PDN writes moves and scores in playing order):
White's in International and Russian draughts, but Black's in English draughts, where
Black moves first (WCDF rules, section one). A White win in English draughts is therefore
``0-1`` in the PDN file: this is what english/tinsley.pdn and the checkers programs write
(the arbiter's replay reads results the same way, arbiter/replay.py). Forfeits (``+/-``,
``-/+``) are wins in PDN; a double forfeit and an unplayed game are ``0-0`` ("declared
lost for both players", PDN standard, Result tag); a pending game is ``*``.
"""

from dataclasses import dataclass
from decimal import Decimal

from django.utils import formats
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from arbiter import find_variant
from arbiter.errors import UnknownVariantError
from tournaments.models import BYE_KIND_LABELS, GameResult
from tournaments.values import ByeKind

FMJD = "international"

#: Who won each result code: "white", "black", None for a draw; absent: no winner to score.
_WINNER: dict[str, str | None] = {
    GameResult.WHITE_WIN: "white",
    GameResult.WHITE_FORFEIT_WIN: "white",
    GameResult.BLACK_WIN: "black",
    GameResult.BLACK_FORFEIT_WIN: "black",
    GameResult.DRAW: None,
}
#: The codes of games played over the board: the ones written as a score.
_PLAYED = frozenset({GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN})
_PDN_TOKENS = {
    FMJD: {"first": "2-0", "second": "0-2", None: "1-1"},
    "default": {"first": "1-0", "second": "0-1", None: "1/2-1/2"},
}
_SCORES = {
    FMJD: {"white": "2-0", "black": "0-2", None: "1-1"},
    "default": {"white": "1-0", "black": "0-1", None: "½-½"},
}


@dataclass(frozen=True)
class Notation:
    """How an event's variant writes results: ``fmjd`` (2-0 / 1-1 / 0-2) or not, and whose
    score PDN writes first (``first_player``: ``white`` or ``black``)."""

    fmjd: bool
    first_player: str

    @property
    def convention(self) -> str:
        """The PDN result convention of the variant, in a sentence (translated)."""
        if self.first_player == "black":
            return str(
                _(
                    "PDN gives the first player's score first: in this variant Black moves "
                    "first, so a White win is written 0-1 in the PDN file."
                )
            )
        return str(_("PDN gives White's score first (White moves first)."))


def notation(variant: str) -> Notation:
    """The notation of ``variant`` (an event's variant name); FMJD's for an unknown one."""
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
    return _SCORES[FMJD if notation(variant).fmjd else "default"][_WINNER[result]]


def pdn_result(result: str, variant: str) -> str:
    """``result`` as a PDN Result token, the first player's score first (see the module).

    >>> pdn_result("1-0", "english"), pdn_result("1-0", "international")
    ('0-1', '2-0')
    """
    if result in (GameResult.DOUBLE_FORFEIT, GameResult.UNPLAYED):
        return "0-0"
    if result not in _WINNER:
        return "*"
    current = notation(variant)
    winner = _WINNER[result]
    side = None if winner is None else "first" if winner == current.first_player else "second"
    return _PDN_TOKENS[FMJD if current.fmjd else "default"][side]


def result_choices(variant: str) -> list[tuple[str, str]]:
    """The result codes with their labels as ``variant`` writes them, in the order of the
    result sheet's keyboard shortcuts (the first character selects: ``2`` 2-0, ``1`` 1-1,
    ``0`` 0-2 for FMJD; ``1`` 1-0, ``½`` ½-½, ``0`` 0-1 otherwise)."""
    codes = [
        GameResult.WHITE_WIN,
        GameResult.DRAW,
        GameResult.BLACK_WIN,
        GameResult.WHITE_FORFEIT_WIN,
        GameResult.BLACK_FORFEIT_WIN,
        GameResult.DOUBLE_FORFEIT,
    ]
    return [
        (GameResult.PENDING, "—"),
        *((code, result_label(code, variant)) for code in codes),
        (GameResult.UNPLAYED, str(_("unplayed"))),
    ]


def result_label(result: str, variant: str) -> str:
    """``result`` as written with what it is, for a choice and a title: ``2-0 (white
    wins)``, ``+/- (white wins by forfeit)``, so that a forfeit and a game are told apart.

    >>> result_label("1-0", "english")
    '1-0 (white wins)'
    """
    return f"{result_score(result, variant)} ({GameResult(result).label})"


#: A player's result (TRF code of a played game) and the score it stands for, the
#: player's own score first.
_PLAYER_SCORES = {
    FMJD: {"1": "2-0", "=": "1-1", "0": "0-2"},
    "default": {"1": "1-0", "=": "½-½", "0": "0-1"},
}


#: A player's forfeit (TRF code) as written on a card, the player's side first.
_PLAYER_FORFEITS = {"+": "+/-", "-": "-/+"}
#: The bye of each TRF code (FIDE TRF16: ``U`` pairing-allocated, ``H`` half point, ``Z``
#: zero point, ``F`` full point).
_BYES = {kind.code: kind for kind in ByeKind}


def player_result(code: str, variant: str) -> str:
    """A player card's result code (``1``, ``=``, ``0``; forfeits and byes by their TRF
    code) as the player's score in the variant's notation; a forfeit keeps its sign
    (``+/-`` won, ``-/+`` lost) and a bye is named, so neither reads like a game played.

    >>> player_result("1", "international"), player_result("=", "english")
    ('2-0', '½-½')
    >>> player_result("-", "international")
    '-/+'
    """
    if code in _PLAYER_FORFEITS:
        return _PLAYER_FORFEITS[code]
    if code in _BYES:
        return str(BYE_KIND_LABELS[_BYES[code]])
    return _PLAYER_SCORES[FMJD if notation(variant).fmjd else "default"].get(code, code)


def game_points(result: str, variant: str) -> tuple[Decimal, Decimal]:
    """(White's, Black's) points of a game: a win 2 and a draw 1 for FMJD, 1 and ½
    otherwise; a forfeit win counts as a win; a double forfeit or unplayed game gives none."""
    win, draw = (Decimal(2), Decimal(1)) if notation(variant).fmjd else (Decimal(1), Decimal("0.5"))
    winner = _WINNER.get(result, "none")
    if winner == "white":
        return win, Decimal(0)
    if winner == "black":
        return Decimal(0), win
    if winner is None:
        return draw, draw
    return Decimal(0), Decimal(0)


def pairing_score(games: list[tuple[int, str]], first: int, variant: str) -> str | None:
    """The match score of a two-game pairing, ``first``'s points first: ``games`` are
    (White's pairing number, result) of each game. None while a game is pending or for a
    single game.

    >>> pairing_score([(1, "1-0"), (2, "1/2")], 1, "international")
    '3-1'
    """
    if len(games) < 2 or any(result == GameResult.PENDING for _white, result in games):
        return None
    mine = theirs = Decimal(0)
    for white, result in games:
        white_points, black_points = game_points(result, variant)
        if white == first:
            mine, theirs = mine + white_points, theirs + black_points
        else:
            mine, theirs = mine + black_points, theirs + white_points
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


def points_text(value: Decimal) -> str:
    """A number of points with its noun, in the page's language: ``1 point``, ``2 points``,
    ``1.5 points`` (``1,5 points`` in French), without trailing zeros.

    >>> points_text(Decimal("1.0")), points_text(Decimal("2.50"))
    ('1 point', '2.5 points')
    """
    # ngettext wants a whole number: a fraction is counted as 2, the plural in English and
    # French ("1.5 points") and the genitive singular in Russian ("1,5 очка", as "2 очка").
    count = int(value) if value == value.to_integral_value() else 2
    return ngettext("%(points)s point", "%(points)s points", count) % {
        "points": points_number(value)
    }


def points_number(value: Decimal) -> str:
    """A number of points (or a tie-break value) in the page's or document's language,
    without trailing zeros: ``48``, ``1.5`` (``1,5`` in French), never ``48,0`` or
    ``81,00``.

    >>> points_number(Decimal("48.0")), points_number(Decimal("12.50"))
    ('48', '12.5')
    """
    whole = value == value.to_integral_value()
    return formats.localize(value.quantize(Decimal(1)) if whole else value.normalize())
