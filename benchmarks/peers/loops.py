"""The measuring loops shared by every implementation in the speed benchmark.

Each implementation (our ``arbiter`` in-process, each peer library in its own virtualenv)
is wrapped in a small *engine* adapter with four operations: ``start(fen)``,
``moves(position)``, ``push(position, move)`` and ``pop(position)``, plus
``identity(move)`` giving the move's landing path and captured squares in the
variant's official numbering. The loops below are then the *same code* for everyone:

- :func:`replay` verifies recorded games: at every ply it finds the written move among
  the legal moves (PDN 3.0 rule, docs/rules/pdn.md §5: a written move ``a x m1 x ... x b``
  matches every legal move from ``a`` to ``b`` passing through the listed squares in
  order, and must match exactly one move identified by (from, to, captured set)) and
  plays it;
- :func:`perft` counts the leaves of the move tree by plain recursion, every leaf being
  reached by a push (no bulk counting at depth 1).

Only the standard library is used: this module runs under the peers' interpreters too.
Games arrive in a neutral form (JSON): a start FEN with numeric squares
(``W:W31,32,...:B1,2,...``, ``K`` marks a king) and, per ply, the squares written in the
record (from, any intermediate squares, to), in the variant's official numbering
(docs/rules/international.md §1.2, russian.md §1.3, english.md §1.2).
"""

from __future__ import annotations

import json
import platform
import sys
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

#: Stop repeating a measurement once one run has taken this long (seconds).
LONG_RUN = 20.0
#: Short measurements are repeated beyond the runs asked for, up to MAX_RUNS, until the
#: runs total MIN_TOTAL seconds: the best of many short runs is steadier on a busy machine.
MIN_TOTAL = 2.0
MAX_RUNS = 9


def enough(seconds: list[float], runs: int) -> bool:
    """Whether a measurement has been repeated enough: ``runs`` times and, with more than
    one run asked for, until the runs total :data:`MIN_TOTAL` seconds or number
    :data:`MAX_RUNS`; or as soon as one run takes :data:`LONG_RUN` seconds."""
    if seconds[-1] >= LONG_RUN:
        return True
    if len(seconds) < runs:
        return False
    return runs == 1 or sum(seconds) >= MIN_TOTAL or len(seconds) >= MAX_RUNS


class Engine(Protocol):
    """What the loops need from an implementation."""

    def start(self, fen: str) -> Any: ...

    def moves(self, position: Any) -> Sequence[Any]:
        """The legal moves, one per (from, to, captured set)."""
        ...

    def identity(self, move: Any) -> tuple[tuple[int, ...], frozenset[int]]:
        """The landing path (start and end included) and the captured squares."""
        ...

    def push(self, position: Any, move: Any) -> None: ...

    def pop(self, position: Any) -> None: ...

    #: The library's own perft function, ``(position, depth) -> leaves``, if it has one
    #: for this variant; measured on the side, as the library wrote it.
    own_perft: Callable[[Any, int], int] | None


@dataclass(frozen=True, slots=True)
class NeutralGame:
    fen: str
    moves: tuple[tuple[int, ...], ...]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> NeutralGame:
        return cls(data["fen"], tuple(tuple(squares) for squares in data["moves"]))

    def to_json(self) -> dict[str, Any]:
        return {"fen": self.fen, "moves": [list(squares) for squares in self.moves]}


@dataclass(frozen=True, slots=True)
class GamePass:
    """One replay of every game: the seconds each took and, by game index, why the games
    that could not be replayed to the end stopped."""

    seconds: list[float]
    failures: dict[int, str]


class ReplayError(Exception):
    pass


def parse_fen(fen: str) -> tuple[str, list[tuple[int, bool]], list[tuple[int, bool]]]:
    """Split a neutral FEN into the side to move and each side's (square, is_king) list.

    >>> parse_fen("B:W21,K22:B1")
    ('B', [(21, False), (22, True)], [(1, False)])
    """
    turn, *fields = fen.split(":")
    sides: dict[str, list[tuple[int, bool]]] = {"W": [], "B": []}
    for field in fields:
        for token in filter(None, field[1:].split(",")):
            king = token.startswith("K")
            sides[field[0]].append((int(token[1:] if king else token), king))
    return turn, sides["W"], sides["B"]


def written(squares: tuple[int, ...]) -> str:
    return "-".join(str(square) for square in squares)


def _matches(path: tuple[int, ...], squares: tuple[int, ...]) -> bool:
    """Does a legal move's landing path fit the written squares (docs/rules/pdn.md §5)?"""
    if path[0] != squares[0] or path[-1] != squares[-1]:
        return False
    route = iter(path[1:-1])
    return all(square in route for square in squares[1:-1])


def find_written(engine: Engine, position: Any, squares: tuple[int, ...]) -> Any:
    """The one legal move the written squares designate, moves being told apart by
    (from, to, captured set); :class:`ReplayError` otherwise."""
    found: dict[tuple[int, int, frozenset[int]], Any] = {}
    for move in engine.moves(position):
        path, captures = engine.identity(move)
        if _matches(path, squares):
            found.setdefault((path[0], path[-1], captures), move)
    if len(found) == 1:
        return next(iter(found.values()))
    if not found:
        raise ReplayError("not among the legal moves")
    raise ReplayError(f"matches {len(found)} legal moves")


def replay_game(engine: Engine, game: NeutralGame) -> tuple[int, str | None]:
    """Replay one game up to its first unplayable move: (plies verified, why it stopped)."""
    position = engine.start(game.fen)
    for ply, squares in enumerate(game.moves):
        try:
            move = find_written(engine, position, squares)
        except ReplayError as error:
            return ply, f"ply {ply + 1} {written(squares)}: {error}"
        engine.push(position, move)
    return len(game.moves), None


def replay_pass(engine: Engine, games: Sequence[NeutralGame]) -> GamePass:
    """Replay every game once, timing each one with ``time.perf_counter``."""
    seconds: list[float] = []
    failures: dict[int, str] = {}
    for number, game in enumerate(games):
        began = time.perf_counter()
        _, failure = replay_game(engine, game)
        seconds.append(time.perf_counter() - began)
        if failure is not None:
            failures[number] = failure
    return GamePass(seconds, failures)


def replay_passes(engine: Engine, games: Sequence[NeutralGame], runs: int) -> list[GamePass]:
    """Passes until there are :func:`enough`; every pass must fail on the same games."""
    passes: list[GamePass] = []
    while not passes or not enough([sum(p.seconds) for p in passes], runs):
        passes.append(replay_pass(engine, games))
        if passes[-1].failures != passes[0].failures:
            raise RuntimeError("two passes over the same games failed differently")
    return passes


def perft(engine: Engine, position: Any, depth: int) -> int:
    """The number of leaves of the move tree ``depth`` plies deep."""
    if depth == 0:
        return 1
    leaves = 0
    for move in engine.moves(position):
        engine.push(position, move)
        leaves += perft(engine, position, depth - 1)
        engine.pop(position)
    return leaves


def measure(run: Callable[[], Hashable], runs: int) -> tuple[Hashable, list[float]]:
    """Time ``run`` with ``time.perf_counter`` until there are :func:`enough` runs; every
    run must give the same answer."""
    seconds: list[float] = []
    answer: Hashable = None
    while not seconds or not enough(seconds, runs):
        began = time.perf_counter()
        result = run()
        seconds.append(time.perf_counter() - began)
        if seconds[1:] and result != answer:
            raise RuntimeError(f"run {len(seconds)} answered {result!r}, the first {answer!r}")
        answer = result
    return answer, seconds


def interpreter() -> str:
    return f"{platform.python_implementation()} {platform.python_version()}"


def serve(engine_for: Callable[[str], Engine], implementation: str) -> None:
    """Answer one request from the driver: JSON on stdin, JSON on stdout (see
    :func:`answer`)."""
    request = json.load(sys.stdin)
    json.dump(answer(engine_for(request["variant"]), implementation, request), sys.stdout)


def answer(engine: Engine, implementation: str, request: dict[str, Any]) -> dict[str, Any]:
    """The figures asked for by ``request``: ``{"variant", "games": [neutral games], "runs",
    "perft_fen", "perft_depth"}``. Answer: the implementation's name and interpreter, the
    replay passes (seconds per game; failures by game index, as text keys since this is
    JSON), the perft runs (leaves, seconds per run) and those of the library's own perft
    (None without one)."""
    games = [NeutralGame.from_json(game) for game in request["games"]]
    runs = request["runs"]
    passes = replay_passes(engine, games, runs)
    position = engine.start(request["perft_fen"])
    depth = request["perft_depth"]
    leaves, seconds = measure(lambda: perft(engine, position, depth), runs)
    own: dict[str, Any] | None = None
    if engine.own_perft is not None:
        own_perft = engine.own_perft
        own_leaves, own_seconds = measure(lambda: own_perft(position, depth), runs)
        own = {"leaves": own_leaves, "seconds": own_seconds}
    return {
        "implementation": implementation,
        "python": interpreter(),
        "replay": {
            "passes": [p.seconds for p in passes],
            "failures": {str(game): why for game, why in passes[0].failures.items()},
        },
        "perft": {"leaves": leaves, "seconds": seconds},
        "own_perft": own,
    }
