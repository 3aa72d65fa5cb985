"""The variants and their registry: find a board class by name, alias or PDN GameType."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.errors import UnknownVariantError
from arbiter.games.bashni import BashniBoard
from arbiter.games.dragonfly import DragonflyBoard
from arbiter.games.ugolki import UgolkiBoard
from arbiter.numerals import read_number
from arbiter.variants.antidraughts import AntidraughtsBoard, RussianGiveawayBoard
from arbiter.variants.brazilian import BrazilianBoard
from arbiter.variants.canadian import CanadianBoard
from arbiter.variants.czech import CzechBoard
from arbiter.variants.english import EnglishBoard
from arbiter.variants.frisian import FrisianBoard
from arbiter.variants.international import InternationalBoard
from arbiter.variants.italian import ItalianBoard
from arbiter.variants.pool import PoolBoard
from arbiter.variants.russian import RussianBoard
from arbiter.variants.russian_diagonal import RussianDiagonalBoard
from arbiter.variants.russian_two_move import RussianTwoMoveBoard
from arbiter.variants.samoyed import SamoyedBoard
from arbiter.variants.spanish import PortugueseBoard, SpanishBoard
from arbiter.variants.spantsiretti import SpantsirettiBoard
from arbiter.variants.thai import ThaiBoard
from arbiter.variants.turkish import TurkishBoard

if TYPE_CHECKING:
    from arbiter.game import GameBoard

__all__ = [
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
]

#: Every registered variant by name. Where two share a GameType number (antidraughts and
#: international, Russian giveaway and Russian: PDN has none for the giveaway games), the
#: GameType answers the first one listed here; the others are found by name.
VARIANTS: dict[str, type[GameBoard]] = {
    cls.name: cls
    for cls in (
        InternationalBoard,
        EnglishBoard,
        RussianBoard,
        BrazilianBoard,
        CanadianBoard,
        PoolBoard,
        ItalianBoard,
        SpanishBoard,
        PortugueseBoard,
        CzechBoard,
        ThaiBoard,
        TurkishBoard,
        FrisianBoard,
        AntidraughtsBoard,
        RussianGiveawayBoard,
        SpantsirettiBoard,
        RussianDiagonalBoard,
        RussianTwoMoveBoard,
        SamoyedBoard,
        DragonflyBoard,
        UgolkiBoard,
        BashniBoard,
    )
}


def find_variant(name_or_gametype: str | int) -> type[GameBoard]:
    """The board class for a variant name, an alias, or a PDN GameType, short (``20``,
    ``"20"``) or full (``"20,W,10,10,N2,0"``; docs/rules/pdn.md §2). In the full form only the
    type number and the board size are checked: real files vary the notation field.

    >>> find_variant("shashki").name, find_variant(21).name, find_variant("20,W,10,10,N1,0").name
    ('russian', 'english', 'international')
    """
    found = _FOUND.get(name_or_gametype)
    if found is None:
        found = _find(name_or_gametype)  # raises UnknownVariantError: nothing kept
        if isinstance(name_or_gametype, str) and len(_FOUND) < 256:
            _FOUND[name_or_gametype] = found
    return found


#: The board class of each variant text found (a GameType tag, a name): the games of a file
#: name the same one or two, and :func:`_find` compares the text with every variant.
_FOUND: dict[str | int, type[GameBoard]] = {}


def _find(name_or_gametype: str | int) -> type[GameBoard]:
    """:func:`find_variant`, uncached."""
    text = str(name_or_gametype).strip().lower()
    for cls in VARIANTS.values():
        if text == cls.name or text in cls.aliases:
            return cls
    fields = text.split(",")
    if (number := read_number(fields[0])) is not None:
        for cls in VARIANTS.values():
            if number == cls.game_type and _same_size(fields, cls):
                return cls
    known = ", ".join(f"{cls.name} ({', '.join(_other_names(cls))})" for cls in VARIANTS.values())
    raise UnknownVariantError(f"unknown variant {name_or_gametype!r}; known: {known}")


def _other_names(cls: type[GameBoard]) -> tuple[str, ...]:
    """A game's aliases and its PDN GameType number, if it has one."""
    number = () if cls.game_type is None else (str(cls.game_type),)
    return (*cls.aliases, *number)


def _same_size(fields: list[str], cls: type[GameBoard]) -> bool:
    if len(fields) < 4:
        return True
    size = (str(cls.geometry.width), str(cls.geometry.height))
    return (fields[2], fields[3]) == size
