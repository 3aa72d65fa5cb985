"""Written moves of the boards that are not :class:`arbiter.board.Board` (Bashni, samoyed,
Ugolki): which legal moves a written route names, how a capture is written, and the
errors that quote the text.

The draughts rules they follow (docs/rules/pdn.md §5): a capture is written with its start
and end squares, ``e3:c5``, and with every landing square, ``e3:c5:e7``, only when
another legal capture joins the same two squares; a written route names the moves that
have a route from its first square to its last landing on the others in order, and a
route written in full names its move even when it is also part of a longer route.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from arbiter.errors import AmbiguousMoveError, IllegalMoveError
from arbiter.move import Move

__all__ = [
    "alternatives",
    "ambiguous_error",
    "capture_text",
    "illegal_error",
    "named_moves",
    "on_route",
]


def on_route(written: tuple[int, ...], route: tuple[int, ...]) -> bool:
    """Whether ``route`` runs from the first written square to the last and lands on the
    others, in order."""
    if (written[0], written[-1]) != (route[0], route[-1]):
        return False
    landings = iter(route[1:-1])
    return all(square in landings for square in written[1:-1])


def named_moves(written: tuple[int, ...], routes: Iterable[Move]) -> list[Move]:
    """The distinct moves (each with its first fitting route) that ``written`` names
    among ``routes`` (every route of every legal move): those with a route on which it
    lies, or the one move whose route it is in full when there is exactly one."""
    fits = [move for move in routes if on_route(written, move.path)]
    exact = list(dict.fromkeys(move for move in fits if move.path == written))
    return exact if len(exact) == 1 else list(dict.fromkeys(fits))


def capture_text(
    move: Move, legal: Sequence[Move], name: Callable[[int], str], separator: str = ":"
) -> str:
    """``move`` written ``a-b`` (a simple move) or ``a:b`` (a capture), a capture with
    every landing square (``a:b:c``) when another of the ``legal`` moves joins the same
    two squares; ``name`` names a square."""
    if not move.captures:
        return f"{name(move.from_square)}-{name(move.to_square)}"
    move = next((m for m in legal if m == move), move)
    ends = (move.from_square, move.to_square)
    twins = any(m != move and (m.from_square, m.to_square) == ends for m in legal)
    return separator.join(name(square) for square in (move.path if twins else ends))


def alternatives(texts: Iterable[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``; at most six, then how many more."""
    unique = list(dict.fromkeys(texts))
    shown = unique[:6]
    more = f" (and {len(unique) - 6} more)" if len(unique) > 6 else ""
    if len(shown) == 1:
        return shown[0]
    return ", ".join(shown[:-1]) + f" or {shown[-1]}" + more


def ambiguous_error(
    text: str, fen: str, moves: Iterable[Move], name: Callable[[int], str], separator: str = ":"
) -> AmbiguousMoveError:
    """The error for ``text``, which names several legal ``moves``: it lists their
    routes in full."""
    routes = tuple(separator.join(name(square) for square in move.path) for move in moves)
    return AmbiguousMoveError(
        f"ambiguous move {text!r}: it matches {alternatives(routes)}; write the landing "
        "squares of the capture",
        move=text,
        fen=fen,
        code="ambiguous",
        legal=routes,
    )


def illegal_error(
    text: str, fen: str, code: str, reason: str, legal: Iterable[str]
) -> IllegalMoveError:
    """The error for ``text``, which names no legal move in ``fen``: the rule it breaks
    (``code``, ``reason``) and the ``legal`` moves, written."""
    return IllegalMoveError(
        f"illegal move {text!r} in {fen}: {reason}",
        move=text,
        fen=fen,
        code=code,
        legal=tuple(legal),
    )
