"""The variants and their registry: find a board class by name, alias or PDN GameType."""

from __future__ import annotations

from arbiter.board import Board
from arbiter.errors import UnknownVariantError
from arbiter.variants.english import EnglishBoard
from arbiter.variants.international import InternationalBoard
from arbiter.variants.russian import RussianBoard

__all__ = ["VARIANTS", "EnglishBoard", "InternationalBoard", "RussianBoard", "find_variant"]

#: Every registered variant by name.
VARIANTS: dict[str, type[Board]] = {
    cls.name: cls for cls in (InternationalBoard, EnglishBoard, RussianBoard)
}


def find_variant(name_or_gametype: str | int) -> type[Board]:
    """The board class for a variant name, an alias, or a PDN GameType, short (``20``,
    ``"20"``) or full (``"20,W,10,10,N2,0"``; REFERENCE.md 6.2). In the full form only the
    type number and the board size are checked: real files vary the notation field.

    >>> find_variant("shashki").name, find_variant(21).name, find_variant("20,W,10,10,N1,0").name
    ('russian', 'english', 'international')
    """
    text = str(name_or_gametype).strip().lower()
    for cls in VARIANTS.values():
        if text == cls.name or text in cls.aliases:
            return cls
    fields = text.split(",")
    if fields[0].isdigit():
        for cls in VARIANTS.values():
            if int(fields[0]) == cls.game_type and _same_size(fields, cls):
                return cls
    known = ", ".join(
        f"{cls.name} ({', '.join((*cls.aliases, str(cls.game_type)))})" for cls in VARIANTS.values()
    )
    raise UnknownVariantError(f"unknown variant {name_or_gametype!r}; known: {known}")


def _same_size(fields: list[str], cls: type[Board]) -> bool:
    if len(fields) < 4:
        return True
    size = (str(cls.geometry.width), str(cls.geometry.height))
    return (fields[2], fields[3]) == size
