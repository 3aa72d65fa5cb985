"""The arbiter's error types.

Every error is a ``ValueError`` (bad input, never a bug of ours) and carries the data a
caller needs to show it: the text as written, the position, the rule.
"""

from __future__ import annotations


class ArbiterError(ValueError):
    """Base class of every error raised by :mod:`arbiter`."""


class UnknownVariantError(ArbiterError):
    """A variant name or PDN ``GameType`` that no registered variant answers to."""


class FenError(ArbiterError):
    """A FEN string that cannot be read: names the text and what was expected."""


class InvalidMoveError(ArbiterError):
    """Move text that is not a move at all (cannot be read as squares)."""


class IllegalMoveError(ArbiterError):
    """A well-formed move that the rules forbid in the given position.

    ``code`` is a stable reason code (e.g. ``capture-compulsory``), ``fen`` the position
    before the move, ``legal`` the moves that were available, written in notation.
    """

    def __init__(
        self, message: str, *, move: str, fen: str, code: str, legal: tuple[str, ...] = ()
    ) -> None:
        super().__init__(message)
        self.move = move
        self.fen = fen
        self.code = code
        self.legal = legal


class AmbiguousMoveError(IllegalMoveError):
    """Move text that matches several different legal moves (it is never guessed)."""


class PdnSyntaxError(ArbiterError):
    """Malformed PDN: names the game (1-based), line, column and what was expected."""

    def __init__(self, *, game: int, line: int, column: int, expected: str, found: str) -> None:
        super().__init__(
            f"game {game}, line {line}, column {column}: expected {expected}, found {found}"
        )
        self.game = game
        self.line = line
        self.column = column
        self.expected = expected
        self.found = found
