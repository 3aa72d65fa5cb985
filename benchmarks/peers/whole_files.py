"""A peer reading whole PDN files, timed in its own interpreter (py-draughts or pydraughts).

Run by ``benchmarks.whole_files`` with the peer's interpreter: reads ``{"text", "runs"}``
(JSON) on stdin, answers ``{"implementation", "way", "plies", "seconds": [per run]}`` for
the fastest way the library can be driven over the file (each way is timed; a way that does
not replay every game is not kept). The library is imported before the clock starts.

The minimal reader (``main_lines``) is what a peer needs and no more: the file cut into
games at its blank lines before a tag, the result at the end of each cut off, comments
``{...}`` and variations ``(...)`` cut out by regular expressions (innermost variations
first), the FEN tag and the moves of the main line found by regular expressions. py-draughts
is then driven three ways: ``from_pdn`` on each game as written, ``from_pdn`` on the tags and
moves left by the minimal reader, and the minimal reader's moves looked up in
``Board.legal_moves`` and pushed (its public board API, without ``from_pdn``'s second scan and
``push_uci``'s parsing: the fastest of the three, by about a third).
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Callable

_GAMES = re.compile(r"\n\s*\n(?=\[)")
_COMMENT = re.compile(r"\{[^}]*\}")
_INNERMOST = re.compile(r"\([^()]*\)")
_TAG = re.compile(r"\[[^\]]*\]")
_FEN = re.compile(r'\[FEN "([^"]*)"\]')
_RESULT = re.compile(r"(?:1/2-1/2|½-½|[0-2]-[0-2]|\*)\s*$")
# A move as programs write it: zero-padded squares ("01-06"), blanks around the separator
# ("9- 3"), glued to its move number ("01.34-29": the '.' before it is not a word character).
_MOVE = re.compile(r"(?<![\w/])\d+(?:[ \t]*[-x][ \t]*\d+)+(?![\w/])")
_SQUARES = re.compile(r"\d+")


def main_lines(text: str) -> list[tuple[str | None, list[str]]]:
    """(FEN or None, moves of the main line) of each game of ``text``."""
    games = []
    for game in _GAMES.split(text):
        fen = _FEN.search(game)
        body = _COMMENT.sub(" ", _TAG.sub(" ", game))
        count = 1
        while count:
            body, count = _INNERMOST.subn(" ", body)
        body = _RESULT.sub("", body.rstrip())
        games.append((fen[1] if fen else None, _MOVE.findall(body)))
    return games


def py_draughts_ways() -> tuple[str, dict[str, Callable[[str], int]]]:
    from draughts import StandardBoard, __version__

    def from_pdn(text: str) -> int:
        return sum(len(StandardBoard.from_pdn(g)._moves_stack) for g in _GAMES.split(text))

    def minimal(text: str) -> int:
        plies = 0
        for fen, moves in main_lines(text):
            tags = f'[FEN "{fen}"]\n' if fen else ""
            written = " ".join("".join(move.split()) for move in moves)
            plies += len(StandardBoard.from_pdn(tags + written)._moves_stack)
        return plies

    def pushed(text: str) -> int:
        # the minimal reader, then each move found among ``legal_moves`` by its squares
        # (from, to, and any landing square written between) and pushed: no text parsed
        # twice, no ``push_uci``
        plies = 0
        for fen, moves in main_lines(text):
            board = StandardBoard.from_fen(fen) if fen else StandardBoard()
            push = board.push
            for move in moves:
                squares = [int(s) - 1 for s in _SQUARES.findall(move)]
                first, last, between = squares[0], squares[-1], squares[1:-1]
                found = [
                    m
                    for m in board.legal_moves
                    if m.square_list[0] == first
                    and m.square_list[-1] == last
                    and all(s in m.square_list for s in between)
                ]
                if len(found) != 1:
                    raise ValueError(f"no single legal move {move}")
                push(found[0])
                plies += 1
        return plies

    return f"py-draughts {__version__}", {
        "from_pdn": from_pdn,
        "minimal reader": minimal,
        "minimal reader + push": pushed,
    }


def pydraughts_ways() -> tuple[str, dict[str, Callable[[str], int]]]:
    from draughts import __version__
    from draughts.core.game import Game

    def minimal(text: str) -> int:
        plies = 0
        for fen, moves in main_lines(text):
            game = Game("standard", fen) if fen else Game("standard")
            for move in moves:
                squares = [int(s) for s in _SQUARES.findall(move)]
                steps_list, _ = game.legal_moves()
                chosen = [
                    steps
                    for steps in steps_list
                    if steps[0][0] == squares[0]
                    and steps[-1][1] == squares[-1]
                    and all(s in [step[1] for step in steps] for s in squares[1:-1])
                ]
                if not chosen:
                    raise ValueError(f"no legal move {move}")
                game.push(chosen[0])
                plies += 1
        return plies

    return f"pydraughts {__version__}", {"minimal reader": minimal}


def main() -> None:
    request = json.load(sys.stdin)
    text = request["text"]
    try:
        implementation, ways = py_draughts_ways()
        import draughts

        draughts.StandardBoard  # noqa: B018 (py-draughts has it, pydraughts not)
    except (ImportError, AttributeError):
        implementation, ways = pydraughts_ways()
    # "repeat": each run reads the file that many times; "ways": ["fastest"] drives the
    # library its fastest way only (an instruction count runs one way)
    repeat = request.get("repeat", 1)
    if request.get("ways") == ["fastest"]:
        ways = dict([list(ways.items())[-1]])
    answers = []
    for way, run in ways.items():
        try:
            plies = run(text)
        except Exception:  # this way does not read the file: not kept
            continue
        seconds = []
        for _ in range(request["runs"]):
            began = time.process_time()
            for _ in range(repeat):
                run(text)
            seconds.append(time.process_time() - began)
        answers.append((min(seconds), way, plies, seconds))
    _, way, plies, seconds = min(answers) if answers else (0, "none", None, [float("inf")])
    json.dump(
        {"implementation": implementation, "way": way, "plies": plies, "seconds": seconds},
        sys.stdout,
    )


if __name__ == "__main__":
    main()
