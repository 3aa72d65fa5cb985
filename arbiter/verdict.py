"""The verdict on a recorded game: plain frozen values, and their JSON form.

The field names are the ``python -m arbiter verify --format json`` contract: other tools
read them. :meth:`Verdict.to_dict` gives the JSON-ready dictionary.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any, Literal

from arbiter.i18n import gettext_noop
from arbiter.pdn.model import PdnWarning

VerdictKind = Literal["legal", "illegal", "ambiguous", "unreadable"]

ResultCheck = Literal["agrees", "contradicts", "not-checkable"]
"""``agrees``: the board decided the game (a win, or an automatic draw) and the record's
result says the same; ``contradicts``: the board decided it and the record says otherwise;
``not-checkable``: the board did not decide it (resignation, agreement, time, a claimable
draw, or the replay stopped early) or the record has no game result."""


class Termination(StrEnum):
    """Why a game ended on the board: an automatic draw (``draw-rule``) or the game's own
    ending (:class:`arbiter.game.Ending`). The value is the stable code of the JSON verdict;
    :attr:`text` says it to a person, in English, marked for translation."""

    #: An automatic draw rule was met (:mod:`arbiter.draws`).
    DRAW_RULE = "draw-rule"
    #: Draughts: the side to move cannot move, and has lost (docs/rules/international.md §5.1).
    NO_LEGAL_MOVE = "no-legal-move"
    #: Russian two-move draughts: the winner's opponent has no piece left before the winner
    #: makes its second move (docs/rules/russian-two-move.md).
    NO_PIECES = "no-pieces"
    #: Ugolki: a side filled the opponent's corner first, or both did in as many moves
    #: (docs/rules/ugolki.md §3.1).
    CORNER_FILLED = "corner-filled"
    #: Ugolki: a side still has a piece in its own corner after the moves allowed
    #: (docs/rules/ugolki.md §3.2).
    CORNER_NOT_LEFT = "corner-not-left"
    #: Dragonfly: the side to move is in check and cannot escape it (docs/rules/dragonfly.md §3.1).
    CHECKMATE = "checkmate"
    #: Dragonfly: the side to move is not in check and has no legal move, a draw
    #: (docs/rules/dragonfly.md §3.1).
    STALEMATE = "stalemate"

    @property
    def text(self) -> str:
        """What happened, in English (``"checkmate"``); translate it where it is shown.

        >>> Termination("no-legal-move").text
        'the side to move has no legal move'
        """
        return _TERMINATION_TEXTS[self]


_TERMINATION_TEXTS = {
    Termination.DRAW_RULE: gettext_noop("a draw rule was met"),
    Termination.NO_LEGAL_MOVE: gettext_noop("the side to move has no legal move"),
    Termination.NO_PIECES: gettext_noop("a side has no pieces left"),
    Termination.CORNER_FILLED: gettext_noop("the opponent's corner was filled"),
    Termination.CORNER_NOT_LEFT: gettext_noop("a piece stayed in its own corner too long"),
    Termination.CHECKMATE: gettext_noop("checkmate"),
    Termination.STALEMATE: gettext_noop("stalemate"),
}


@dataclass(frozen=True, slots=True)
class MoveError:
    """Why the replay stopped: where (ply, move number, the move as written, the position
    before it) and why (a stable reason ``code`` and a message quoting the input).

    ``ply`` and the fields after it are None when the game could not be started at all
    (a syntax error, no variant, a bad FEN tag). ``legal`` lists the moves that were
    available, in the variant's notation, when the move was illegal or ambiguous.
    ``line`` and ``column`` (1-based) say where the move, the setup command, the FEN tag,
    the variant's tag or the first syntax error that stopped the replay is written; None
    where nothing written is to blame (no variant named, or one given by the caller that
    is unknown).
    """

    ply: int | None
    move_number: int | None
    move: str | None
    fen: str | None
    code: str
    message: str
    legal: tuple[str, ...] = ()
    line: int | None = None
    column: int | None = None


@dataclass(frozen=True, slots=True)
class DrawEvent:
    """A draw rule met at ``ply``: ``rule`` is its code (e.g. ``fmjd-25-move``)."""

    rule: str
    name: str
    ply: int
    kind: Literal["automatic", "claimable"]
    source: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended on the board, at ``ply``: ``termination`` (:class:`Termination`)
    is ``draw-rule`` (an automatic draw) or the game's own ending (:class:`arbiter.game.Ending`:
    in draughts ``no-legal-move``, the side to move cannot move and has lost; elsewhere e.g.
    ``checkmate``, ``stalemate``, ``corner-filled``); ``winner`` is ``white``, ``black``
    or None; ``result`` is written in the variant's result format (docs/rules/pdn.md §3:
    ``2-0``/``1-1``/``0-2`` international, else ``1-0``/``1/2-1/2``/``0-1``); ``reason``
    says what happened on the board (``"black has no legal move"``)."""

    termination: Termination
    ply: int
    winner: Literal["white", "black"] | None
    result: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class OpeningCheck:
    """Whether the game followed the given opening; ``left_at_ply`` is the first ply where
    it did not (the game played another move, or ended before the opening did)."""

    followed: bool
    left_at_ply: int | None


Settled = Literal[
    "continuation", "same-outcome", "all-illegal", "different-outcomes", "too-many-readings"
]


@dataclass(frozen=True, slots=True)
class Reading:
    """How a move that fits several legal moves was settled by the rest of the record.

    ``ply`` and ``move`` (as written) name it; ``readings`` are the legal moves it fits,
    written in full, and ``leads_to`` what replaying the rest of the record with each one
    gives (same order). ``settled`` is ``continuation`` (exactly one reading lets the
    record continue: ``chosen`` is that one), ``same-outcome`` (several reach the end with
    the same verdict and result: ``chosen`` is the first), ``all-illegal`` (every
    reading stops at an illegal move: ``chosen`` is the one that plays furthest, the
    verdict is ``illegal``), ``different-outcomes`` (the verdict is ``ambiguous``) or
    ``too-many-readings`` (more readings than :data:`arbiter.replay.MAX_READINGS`: not
    settled, the verdict is ``ambiguous``).
    """

    ply: int
    move: str
    readings: tuple[str, ...]
    leads_to: tuple[str, ...]
    settled: Settled
    chosen: str | None


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the replay of one game found.

    ``plies`` counts the plies verified legal, up to the end of the game on the board;
    ``moves_after_end`` counts the plies recorded after it (not verified). ``draw`` is the
    first draw rule met (automatic: the game ended there; claimable: the first claim that
    was available), ``claims`` every claimable draw with the first ply it was available.
    ``warnings`` are the deviations from PDN 3.0 that the reader repaired (each with line,
    column, what was expected, found and assumed); ``readings`` how each move that fits
    several legal moves was settled.
    """

    game: int
    file: str | None
    white: str | None
    black: str | None
    variant: str | None
    verdict: VerdictKind
    plies: int
    error: MoveError | None
    draw: DrawEvent | None
    recorded_result: str | None
    result_check: ResultCheck
    result_message: str
    final_fen: str | None
    outcome: Outcome | None = None
    claims: tuple[DrawEvent, ...] = ()
    opening: OpeningCheck | None = None
    moves_after_end: int = 0
    notes: tuple[str, ...] = field(default=())
    warnings: tuple[PdnWarning, ...] = ()
    readings: tuple[Reading, ...] = ()

    @property
    def legal(self) -> bool:
        return self.verdict == "legal"

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form: nested values become dictionaries, tuples lists."""
        return asdict(self)
