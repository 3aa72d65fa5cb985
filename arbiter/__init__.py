"""Damier's arbiter: replay and judge recorded draughts games.

A pure Python library (no Django) with a small public surface, in the spirit of
python-chess:

    >>> import arbiter
    >>> board = arbiter.find_variant("international")()
    >>> move = board.parse_move("32-28")
    >>> board.push(move)
    >>> board.fen()[:2]
    'B:'
    >>> game = arbiter.pdn.read_game('[GameType "25"] 1. c3-d4 f6-e5 2. d4:f6 g7:e5 *')
    >>> arbiter.replay(game).verdict
    'legal'

Variants are :class:`Board` subclasses found by name, alias or PDN ``GameType`` through
:func:`find_variant`; the other games of the rule texts (column and corner draughts,
Dragonfly...) are found the same way. Every game follows :class:`GameBoard`, the protocol
the replay, the draw rules, perft and the command line rely on. Errors are ``ValueError``
subclasses that quote their input.
"""

from arbiter import pdn
from arbiter.board import Board, Colour, Piece
from arbiter.errors import (
    AmbiguousMoveError,
    ArbiterError,
    FenError,
    IllegalMoveError,
    InvalidMoveError,
    PdnSyntaxError,
    UnknownVariantError,
)
from arbiter.game import Ending, Figure, GameBoard
from arbiter.move import Move
from arbiter.perft import divide, perft
from arbiter.replay import replay
from arbiter.variants import (
    VARIANTS,
    AntidraughtsBoard,
    BrazilianBoard,
    CanadianBoard,
    CzechBoard,
    EnglishBoard,
    FrisianBoard,
    InternationalBoard,
    ItalianBoard,
    PoolBoard,
    PortugueseBoard,
    RussianBoard,
    RussianGiveawayBoard,
    SpanishBoard,
    SpantsirettiBoard,
    ThaiBoard,
    TurkishBoard,
    find_variant,
)
from arbiter.verdict import Termination, Verdict

__all__ = [
    "VARIANTS",
    "AmbiguousMoveError",
    "AntidraughtsBoard",
    "ArbiterError",
    "Board",
    "BrazilianBoard",
    "CanadianBoard",
    "Colour",
    "CzechBoard",
    "Ending",
    "EnglishBoard",
    "FenError",
    "Figure",
    "FrisianBoard",
    "GameBoard",
    "IllegalMoveError",
    "InternationalBoard",
    "InvalidMoveError",
    "ItalianBoard",
    "Move",
    "PdnSyntaxError",
    "Piece",
    "PoolBoard",
    "PortugueseBoard",
    "RussianBoard",
    "RussianGiveawayBoard",
    "SpanishBoard",
    "SpantsirettiBoard",
    "Termination",
    "ThaiBoard",
    "TurkishBoard",
    "UnknownVariantError",
    "Verdict",
    "divide",
    "find_variant",
    "pdn",
    "perft",
    "replay",
]
