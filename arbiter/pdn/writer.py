"""Writing games as PDN 3.0 (docs/rules/pdn.md §1, §5).

Tags come first, the seven-tag roster (Event, Site, Date, Round, White, Black, Result) in
its standard order, then the others in the game's order; no tag is invented. The movetext
numbers every move of the first player (``1. 32-28 18-23 2. 38-32``) and a move of the
second player where it follows the start of a line, a comment, a variation or a setup
(``1... 18-23``). A move's own ``number``, when it has one, is written as it is; otherwise
the count goes on from the previous move. Lines are wrapped at 80 characters (a long
comment stays whole), line ends are LF, a blank line separates games. A game without a
result ends with ``*``, the PDN 3.0 game separator.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TextIO

from arbiter.pdn.model import PdnGame, PdnMove, PdnSetup

SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
WIDTH = 80

# The first player's colour by GameType number when the tag gives no start colour
# (docs/rules/pdn.md §2 table: English 21, American pool 23 and Thai 31 start with Black).
_BLACK_FIRST_TYPES = frozenset({"21", "23", "31"})
_TAG_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def first_player_colour(game_type: str | None) -> str:
    """``"W"`` or ``"B"``: who moves first under a ``GameType`` tag value (White if none).

    >>> first_player_colour("21"), first_player_colour("23,W,8,8,A0,0"), first_player_colour(None)
    ('B', 'W', 'W')
    """
    if not game_type:
        return "W"
    parts = [part.strip().upper() for part in game_type.split(",")]
    if len(parts) > 1 and parts[1] in ("W", "B"):
        return parts[1]
    return "B" if parts[0] in _BLACK_FIRST_TYPES else "W"


def _second_to_move(fen: str, first: str, default: bool) -> bool:
    colour = fen.strip()[:1].upper()
    return colour != first if colour in ("W", "B") else default


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _tag_lines(tags: dict[str, str]) -> list[str]:
    by_name = {name.casefold(): name for name in tags}
    roster = [by_name[tag.casefold()] for tag in SEVEN_TAG_ROSTER if tag.casefold() in by_name]
    names = roster + [name for name in tags if name not in roster]
    lines = []
    for name in names:
        value = tags[name]
        if not _TAG_NAME.fullmatch(name):
            raise ValueError(f"tag name {name!r} is not a PDN identifier ([A-Za-z][A-Za-z0-9_]*)")
        if "\n" in value or "\r" in value:
            raise ValueError(f"tag {name} has a line break in its value {value!r}")
        lines.append(f'[{name} "{_escape(value)}"]')
    return lines


def _comment(text: str) -> str:
    if "}" not in text:
        return "{" + text + "}"
    if "\n" in text or "\r" in text:
        raise ValueError(f"comment {text!r} holds both '}}' and a line break: cannot be written")
    return ";" + text + "\n"  # a rest-of-line comment may hold '}'


class _Movetext:
    def __init__(self, first: str) -> None:
        self.first = first
        self.tokens: list[str] = []

    def line(
        self, elements: Sequence[PdnMove | PdnSetup], number: int, second: bool
    ) -> tuple[int, bool]:
        explicit = True
        out = self.tokens
        for element in elements:
            out.extend(_comment(text) for text in element.comments_before)
            if isinstance(element, PdnSetup):
                if '"' in element.fen or "\n" in element.fen:
                    raise ValueError(f"setup FEN {element.fen!r} holds a quote or a line break")
                out.append(f'/FEN "{element.fen}"/')
                out.extend(_comment(text) for text in element.comments)
                second = _second_to_move(element.fen, self.first, second)
                explicit = True
                continue
            explicit = explicit or bool(element.comments_before)
            move_number = number if element.number is None else element.number
            if not second:
                out.append(f"{move_number}.")
            elif explicit or element.number is not None:
                out.append(f"{move_number}...")
            out.append(element.text + (element.strength or ""))
            out.extend(f"${nag}" for nag in element.nags)
            out.extend(_comment(text) for text in element.comments)
            for variation in element.variations:
                out.append("(")
                self.line(variation, move_number, second)
                out.append(")")
            explicit = bool(element.comments or element.variations)
            number = move_number + 1 if second else move_number
            second = not second
        return number, second

    def wrapped(self) -> str:
        lines: list[str] = []
        current = ""
        for token in self.tokens:
            if current and len(current) + 1 + len(token.split("\n", 1)[0]) > WIDTH:
                lines.append(current)
                current = token
            else:
                current = f"{current} {token}" if current else token
            if "\n" in current:
                *done, current = current.split("\n")
                lines.extend(done)
        lines.append(current)
        return "\n".join(lines)


def write_game(game: PdnGame, *, second_player_starts: bool | None = None) -> str:
    """``game`` as PDN 3.0 text, ending with a line end.

    Who moves first comes from the first letter of the ``FEN`` tag, read against the
    first player's colour of the ``GameType`` tag (White when there is none: pass
    ``second_player_starts`` for an 8x8 game without GameType that starts from ``B:``).

    >>> game = PdnGame(1, 1, tags={"FEN": "B:W31-50:B1-20"}, result="0-2")
    >>> game.moves = [PdnMove("19-23", 1, 1), PdnMove("32-28", 1, 1)]
    >>> print(write_game(game), end="")
    [FEN "B:W31-50:B1-20"]
    <BLANKLINE>
    1... 19-23 2. 32-28 0-2
    """
    first = first_player_colour(game.tag("GameType"))
    if second_player_starts is None:
        second_player_starts = _second_to_move(game.tag("FEN") or "", first, False)
    movetext = _Movetext(first)
    movetext.tokens.extend(_comment(text) for text in game.comments)
    movetext.line(game.moves, 1, second_player_starts)
    movetext.tokens.append(game.result if game.result is not None else "*")
    tags = _tag_lines(game.tags)
    body = movetext.wrapped()
    return "\n".join([*tags, "", body] if tags else [body]) + "\n"


def write_games(games: Iterable[PdnGame], stream: TextIO) -> int:
    """Write ``games`` to a text ``stream``, a blank line between two games; returns how
    many were written. Streams: one game is held at a time."""
    count = 0
    for game in games:
        if count:
            stream.write("\n")
        stream.write(write_game(game))
        count += 1
    return count
