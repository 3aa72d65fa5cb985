"""The tokens of PDN text: their kinds (:class:`Kind`), the tokens themselves
(:class:`Token`) and how an error names one (:func:`describe`)."""

from __future__ import annotations

from enum import Enum, auto
from typing import NamedTuple


class Kind(Enum):
    TAG = auto()  # text: name, value: value
    COMMENT = auto()  # text: the comment; closed: False when the '}' never came
    LPAREN = auto()
    RPAREN = auto()
    NAG = auto()  # value: the number
    STRENGTH = auto()  # text: "!?", "(!?)"...
    SETUP = auto()  # value: the FEN
    NUMBER = auto()  # value: the move number
    ELLIPSIS = auto()
    MOVE = auto()  # text, strength, forced; maybe_result for scores like "4-6"
    UNKNOWN = auto()  # "-" or "--": a move nobody recorded
    RESULT = auto()
    BAD = auto()  # expected, text (what was found); resync: skip to the next game
    EOF = auto()
    # text: moves, numbers, comments, variations; line ends inside a variation or a comment
    # that a run carried over lines (see unmerged_tokens); see run_maybe_result
    RUN = auto()
    SKIPPED = auto()  # text that is not PDN and is ignored: always carries a repair
    # text: a variation written over lines, from its '(' to its ')', line ends included,
    # whose items are a run's (see VARIATION_RUN); variation_tokens gives its tokens
    VARIATION = auto()


class Token(NamedTuple):
    """One token (a named tuple: made in a third of the time of a frozen dataclass)."""

    kind: Kind
    line: int
    column: int
    text: str = ""
    value: str = ""
    strength: str | None = None
    forced: bool = False
    maybe_result: bool = False
    closed: bool = True
    expected: str = ""
    resync: bool = False
    # RUN: its text (see _RUN) is the token's text; only its last item may be a result
    # (see split_run). The reader walks its items with RUN_ITEM.
    # A deviation from PDN 3.0 read anyway: (what the standard expects, what was found,
    # what the lexer assumed). The reader makes it a warning, or an error when strict.
    repair: tuple[str, str, str] | None = None


def describe(token: Token) -> str:
    """What ``token`` is, in the words of an error's "found": ``'('``, ``$7``, ``'34-29'``."""
    if token.kind is Kind.EOF:
        return "the end of the file"
    if token.kind is Kind.TAG:
        return f"the tag [{token.text}] of the next game"
    if token.kind in (Kind.LPAREN, Kind.RPAREN):
        return "'('" if token.kind is Kind.LPAREN else "')'"
    if token.kind is Kind.NAG:
        return f"${token.value}"
    return repr(token.text or token.value)
