"""The tree of moves as the PDN reader builds it, and the variations it keeps unread.

Each line (the main line, then each open variation) is a list of entries: a move or setup
as made, kept frozen, or a :class:`Node` once something annotates it after it was read
(a NAG, a comment, a variation), frozen again at the end of the game (:func:`frozen_line`).

A variation of a run that reads without a word to report (:data:`PLAIN_VARIATION`, found by
:func:`plain_variation`) is not read at once: the reader keeps its text in a
:class:`~arbiter.pdn.model.LazyVariation`, read when its moves are asked for. The patterns
of the reader's fast paths (:data:`VARIED_MOVE`, :data:`COMMENTED_MOVE`) are here too, as
they find those variations and the moves around them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import cast

from arbiter.pdn.model import LazyVariation, PdnMove, PdnSetup, made_move
from arbiter.pdn.runs import MARKS, RUN_DEPTH


@dataclass
class Node:
    """A move or setup annotated after it was read: its frozen value is made again at the
    end. Most moves never get one and are kept as read."""

    value: PdnMove | PdnSetup
    strength: str | None
    nags: list[int]
    comments: list[str]
    variations: list[Sequence[Entry]] = field(default_factory=list)

    def freeze(self) -> PdnMove | PdnSetup:
        value = self.value
        if isinstance(value, PdnSetup):
            return PdnSetup(
                value.fen,
                value.line,
                value.column,
                comments=tuple(self.comments),
                comments_before=value.comments_before,
            )
        return made_move(
            value.text,
            value.line,
            value.column,
            value.number,
            self.strength,
            tuple(self.nags),
            tuple(self.comments),
            tuple(
                [
                    line if type(line) is LazyVariation else tuple(frozen_line(line))
                    for line in self.variations
                ]
            ),
            value.unknown,
            value.comments_before,
        )


Entry = PdnMove | PdnSetup | Node


def frozen_line(line: Sequence[Entry]) -> list[PdnMove | PdnSetup]:
    return [entry.freeze() if isinstance(entry, Node) else entry for entry in line]


def is_setup(entry: Entry) -> bool:
    return isinstance(entry.value if isinstance(entry, Node) else entry, PdnSetup)


def last_node(line: list[Entry]) -> Node:
    """The last entry of ``line``, made ready for annotations."""
    entry = line[-1]
    if isinstance(entry, Node):
        return entry
    if isinstance(entry, PdnSetup):
        node = Node(entry, None, [], list(entry.comments))
    else:
        node = Node(
            entry,
            entry.strength,
            list(entry.nags),
            list(entry.comments),
            list(entry.variations),
        )
    line[-1] = node
    return node


#: The setter of PdnMove's ``variations`` slot, past the frozen class's ``__setattr__``.
set_variations = cast(
    "Callable[[PdnMove, tuple[Sequence[PdnMove | PdnSetup], ...]], None]",
    vars(PdnMove)["variations"].__set__,
)


#: The setter of PdnMove's ``comments`` slot (see set_variations).
set_comments = cast("Callable[[PdnMove, tuple[str, ...]], None]", vars(PdnMove)["comments"].__set__)


#: The setter of PdnMove's ``nags`` slot (see set_variations).
set_nags = cast("Callable[[PdnMove, tuple[int, ...]], None]", vars(PdnMove)["nags"].__set__)


def add_nag(line: list[Entry], nag: int) -> None:
    """Add the glyph ``nag`` to the last move of ``line``, in place as add_variation adds a
    variation: what the reader's annotate does with a NAG token after a move."""
    last = line[-1]
    if type(last) is PdnMove:
        set_nags(last, (*last.nags, nag))
    else:
        last_node(line).nags.append(nag)


def add_variation(line: list[Entry], variation: LazyVariation) -> None:
    """Add ``variation`` to the last move of ``line``. A move as read was made by this
    reader and is handed out with its game only: its variations are set in place (a
    third of the cost of making it again; a node made ready for annotations costs more)."""
    last = line[-1]
    if type(last) is PdnMove:
        set_variations(last, (*last.variations, variation))
    else:
        last_node(line).variations.append(variation)


# A variation of a run that reads without a word to report (see plain_variation), nested
# as deep as a run nests them: each of its lines opens with moves numbers and comments, then
# a move (a run's word that is not a number) before any inner variation or its end. Matched
# in a run only, whose words hold no other characters than these (a move's strength marks
# and glyphs included: a run's glyph follows a move), whose comments hold no brace and
# whose move numbers have at most 18 digits (arbiter.pdn.runs): scanned by runs of
# characters, not word by word. A line end is a blank (a run carried over lines holds
# them inside its groups only).
_V_OPENS = r"\((?![ \n]*+(?:(?:\{[^}]*+\}|[0-9]++\.++)[ \n]*+)*+[()])"


def _plain_variation_pattern(depth: int) -> str:
    inner = f"|{_plain_variation_pattern(depth - 1)}" if depth else ""
    return rf"{_V_OPENS}(?:[-0-9A-Za-z:. \n!?$]++|\{{[^}}]*+\}}{inner})*+\)"


PLAIN_VARIATION = re.compile(_plain_variation_pattern(RUN_DEPTH))
DIGITS = frozenset("0123456789")
# What PLAIN_VARIATION matches of a variation holding neither a comment nor a variation (an
# engine's line), by runs of characters only, without its check of the variation's opening
# (a repeat of items, the costlier part): in a run, a word with a character other than a
# digit or a '.' is a move (a move number is digits and dots; no word is digits alone), and
# such a variation reads without a word to report when it holds one. Its characters are
# PLAIN_VARIATION's (a run's words and blanks: not '\r', PAD, which marks a padded move);
# the first of the move is any other than a brace, a parenthesis, '\r', a blank, a digit or
# a '.'. Any other variation is left to PLAIN_VARIATION.
_FLAT_VARIATION = r"\([0-9. \n]*+[^(){}\r0-9. \n][-0-9A-Za-z:. \n!?$]*+\)"


def _move_and(after: str, stop: str, marks: str) -> re.Pattern[str]:
    """A numeric move of a run with no move number glued to it (its strength marks, when
    ``marks``, in its group), the move number (of at most 18 digits) written before it and
    ``after`` (a group) after it when there are, and the blanks around them (line ends too: a
    run carried over lines); ``stop``: the character other than a blank that may end it."""
    return re.compile(
        rf"[ \n]*+(?:([0-9]{{1,18}}+)\.++[ \n]++)?([0-9]++(?:[-x:][0-9]++)++{marks})"
        rf"(?![^ \n{stop}])(?:[ \n]*+{after})?[ \n]*+"
    )


_KEPT_VARIATION = rf"({_FLAT_VARIATION}|{_plain_variation_pattern(RUN_DEPTH)})"
_MOVE_COMMENT = r"\{([^{}]*+)\}"
#: walked_run's commonest items: a move, its number and the variation that reads without a
#: word to report after it; MARKED_VARIED_MOVE for a run whose moves may hold strength marks.
VARIED_MOVE = _move_and(_KEPT_VARIATION, "(", "")
MARKED_VARIED_MOVE = _move_and(_KEPT_VARIATION, "(", MARKS)
#: commented_run's commonest items: a move, its number and the comment after it.
COMMENTED_MOVE = _move_and(_MOVE_COMMENT, "{", "")
MARKED_COMMENTED_MOVE = _move_and(_MOVE_COMMENT, "{", MARKS)


def plain_variation(text: str, start: int) -> tuple[int, int, int | None] | None:
    """The variation of a run opening at ``start``: where it ends, what it counts for
    (MAX_GAME_ITEMS: one item per blank-separated piece) and the move number pending after
    it; None when reading it could report something (a variation before a move of its own
    line, an empty one; a run holds no move number too long), which the reader then reads
    at once."""
    match = PLAIN_VARIATION.match(text, start)
    if match is None:
        return None
    end = match.end()
    return end, text.count(" ", start, end) + 1, number_at_end(text, end)


def number_at_end(text: str, end: int) -> int | None:
    """The move number pending after a variation that ends at ``end``: its last word's,
    when that word is a move number (the variation holds a move)."""
    at = end - 2
    while (char := text[at]) in " ()}\n":
        at = text.rfind("{", 0, at) - 1 if char == "}" else at - 1
    if char != ".":
        return None
    while text[at] == ".":
        at -= 1
    start = at
    while text[start - 1] in DIGITS:
        start -= 1
    return int(text[start : at + 1])
