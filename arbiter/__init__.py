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

Each public name is imported on first use (PEP 562): a program that needs one corner of the
library, such as the colours of :mod:`arbiter.geometry` that the pairing command reads, does
not load every variant, the PDN reader and the replay.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from arbiter import pdn
    from arbiter.board import Board, Piece
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
    from arbiter.geometry import Colour
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

#: The module that defines each public name (``pdn`` is that module itself).
_EXPORTS: dict[str, tuple[str, ...]] = {
    "arbiter.pdn": ("pdn",),
    "arbiter.board": ("Board", "Piece"),
    "arbiter.errors": (
        "AmbiguousMoveError",
        "ArbiterError",
        "FenError",
        "IllegalMoveError",
        "InvalidMoveError",
        "PdnSyntaxError",
        "UnknownVariantError",
    ),
    "arbiter.game": ("Ending", "Figure", "GameBoard"),
    "arbiter.geometry": ("Colour",),
    "arbiter.move": ("Move",),
    "arbiter.perft": ("divide", "perft"),
    "arbiter.replay": ("replay",),
    "arbiter.variants": (
        "VARIANTS",
        "AntidraughtsBoard",
        "BrazilianBoard",
        "CanadianBoard",
        "CzechBoard",
        "EnglishBoard",
        "FrisianBoard",
        "InternationalBoard",
        "ItalianBoard",
        "PoolBoard",
        "PortugueseBoard",
        "RussianBoard",
        "RussianGiveawayBoard",
        "SpanishBoard",
        "SpantsirettiBoard",
        "ThaiBoard",
        "TurkishBoard",
        "find_variant",
    ),
    "arbiter.verdict": ("Termination", "Verdict"),
}
_SOURCES = {name: module for module, names in _EXPORTS.items() for name in names}
#: Functions named after the module that defines them.
_SHADOWED = frozenset({"perft", "replay"})

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


class _Package(ModuleType):
    """The package's module type. The import system sets a package's attribute to each submodule
    it loads, which would put the modules ``arbiter.replay`` and ``arbiter.perft`` where the
    functions ``replay`` and ``perft`` are expected once anything imports those modules: this
    type refuses that binding, and :func:`__getattr__` gives the function."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in _SHADOWED and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

if not TYPE_CHECKING:  # mypy reads the imports above, and flags a name the package lacks

    def __getattr__(name: str) -> object:
        if name not in _SOURCES:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        module = importlib.import_module(_SOURCES[name])
        value = module if name == "pdn" else getattr(module, name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(globals()) | set(__all__))
