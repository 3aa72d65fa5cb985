"""The same games in every shape real programs write them, text to verdict, ours beside
py-draughts.

Run from the repository root (``make bench``)::

    .venv/bin/python -m benchmarks.pdn_shapes [--plies N] [--runs R] [--shape NAME ...]
    .venv/bin/python -m benchmarks.pdn_shapes --callgrind [--plies N]

Method (printed with the figures): the International games of ``benchmarks.whole_files``
(the corpus files of ``benchmarks.arbiter_speed.SOURCES``, or seeded random legal play when
the corpus is absent) are written once per shape (:data:`SHAPES`): the same tags, moves and
results, only the writing differs. Each file is one string in memory. Ours: ``read_games``
on the file, then ``replay`` of every game. py-draughts 1.10.1 (``make peers``) is driven the
fastest way it can be (``benchmarks/peers/whole_files.py``): a minimal reader that reads
every shape (comments and variations cut out by regular expressions, moves found by a
regular expression that allows zero-padded squares, blanks around ``-`` and ``x`` and a move
number glued to the move), then each move looked up in ``Board.legal_moves`` by its squares
and pushed; ``from_pdn`` on each game is timed too where it reads the file. CPU time of each
side's process (``time.process_time``), the sides taking turns run by run, the best run of
each kept; only files both replay to the same plies count.

``--callgrind`` counts instructions instead (``valgrind --tool=callgrind``, the same on a
loaded machine): each side does the work once and then three times in two processes, and
the difference, halved, is one pass over the file without start-up or imports.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from arbiter.pdn import PdnMove, is_game_result, read_games
from arbiter.replay import replay
from arbiter.variants import InternationalBoard
from benchmarks.arbiter_speed import PEER_DIR, Candidate
from benchmarks.whole_files import PEERS, selection

#: Each shape: what it stands for. Every shape is wrapped at 79 columns (most programs
#: wrap; a comment or a variation then runs over lines) but ``long-lines``.
SHAPES: dict[str, str] = {
    "plain": "move numbers and moves, wrapped at 79 columns (human tournament files)",
    "long-lines": "the same, each game's moves on one line",
    "crlf": "plain with CRLF line ends",
    "padded": "zero-padded squares: 01-06, 05x14",
    "glued": "a zero-padded move number glued to a blank-padded move: 01.34-29, 05. 9- 3",
    "blanks": "blanks to pad squares to two places: 9- 3, 18x 9",
    "tabs": "a tab between the words of the movetext (a program that aligns its columns)",
    "eval": "an engine evaluation after every move: {+0.35}",
    "eval-tag": "an evaluation command after every move: {[%eval 0.35]}",
    "clock": "a clock command after every move: {[%clk 0:01:02]}",
    "variations": "an engine line as a variation after almost every move",
    "results": "results on the other scale: 1-0, 0-1, ½-½ (tag and movetext)",
    "strength": "an annotator's strength marks on one move in five: 32-28!, 19-23?!",
    "nags": "an annotator's glyphs after one move in five: 32-28 $1, 19-23 $6",
    "annotated": (
        "an annotator's record: strength marks and glyphs on one move in five, a remark after "
        "one in seven, a variation with marks of its own after one in six"
    ),
}
WIDTH = 79
#: The other result scale, for the ``results`` shape (docs/rules/pdn.md §3).
_OTHER_SCALE = {"2-0": "1-0", "0-2": "0-1", "1-1": "½-½", "1-0": "2-0", "0-1": "0-2"}
_SQUARES = re.compile(r"\d+")
#: A blank inside a move while the movetext is laid out in lines.
_KEPT = "\0"


def _squares(move: str, fill: str) -> str:
    """``move`` with every square padded to two places with ``fill`` ("0" or " ")."""
    return _SQUARES.sub(lambda m: m.group().rjust(2, fill), move)


def _words(moves: Sequence[str], shape: str, index: int) -> list[str]:
    """The movetext of ``moves`` (from the start position, White first) in ``shape``, as
    the words a program writes (a word may hold blanks: it is never cut)."""
    words: list[str] = []
    for ply, move in enumerate(moves):
        number = ply // 2 + 1
        white = ply % 2 == 0
        if shape == "padded":
            move = _squares(move, "0")
        elif shape in ("glued", "blanks"):
            # a blank inside a move is never where a line is cut (_wrapped)
            move = _squares(move, _KEPT)
            if shape == "glued":
                words.append(f"{number:02d}.{move}" if white else move.lstrip(_KEPT))
                continue
            move = move.lstrip(_KEPT)
        if white:
            words.append(f"{number}.")
        # an annotator's marks on one move in five: a strength mark glued to the move, or a
        # numeric annotation glyph after it
        marked = ply % 10 in (3, 8)
        if shape == "strength" and marked:
            move += "!" if ply % 10 == 3 else "?!"
        elif shape == "annotated" and ply % 10 == 3:
            move += "!"
        words.append(move)
        if shape == "nags" and marked:
            words.append("$1" if ply % 10 == 3 else "$6")
        elif shape == "annotated" and ply % 10 == 8:
            words.append("$6")
        if shape == "annotated":
            if ply % 7 == 4:
                words.append("{the only move that holds}")
            if ply % 6 == 2 and ply + 3 < len(moves):
                first, second, third = moves[ply + 1 : ply + 4]
                head = f"{number + (not white)}{'.' if not white else '...'}"
                words.append(f"({head} {first}? {second} $2 {third}!)")
        score = ((ply * 37 + index * 11) % 300 - 150) / 100
        if shape == "eval":
            words.append(f"{{{score:+.2f}}}")
        elif shape == "eval-tag":
            words.append(f"{{[%eval {score:.2f}]}}")
        elif shape == "clock":
            left = 5400 - 40 * ply
            words.append(f"{{[%clk {left // 3600}:{left // 60 % 60:02d}:{left % 60:02d}]}}")
        elif shape == "variations" and ply % 8 != 7 and ply + 1 < len(moves):
            # the engine's line: the moves it expected instead (not replayed by anyone)
            line = list(moves[ply + 1 : ply + 6])
            head = f"{number + (not white)}{'.' if not white else '...'}"
            words.append(f"({head} {' '.join(line)})")
    return words


def _wrapped(words: Sequence[str], width: int) -> str:
    """``words`` in lines of at most ``width`` columns, cut at blanks (inside a comment or a
    variation too, as programs do; not inside a move)."""
    lines: list[str] = []
    line = ""
    for piece in " ".join(words).split(" "):
        if line and len(line) + 1 + len(piece) > width:
            lines.append(line)
            line = piece
        else:
            line = f"{line} {piece}" if line else piece
    lines.append(line)
    return "\n".join(lines).replace(_KEPT, " ")


def write_game(
    tags: Sequence[tuple[str, str]], moves: Sequence[str], result: str, shape: str, index: int = 0
) -> str:
    """One game written in ``shape``, followed by a blank line."""
    if shape == "results":
        result = _OTHER_SCALE.get(result, result)
    head = "".join(f'[{name} "{result if name == "Result" else value}"]\n' for name, value in tags)
    words = [*_words(moves, shape, index), result]
    body = " ".join(words).replace(_KEPT, " ") if shape == "long-lines" else _wrapped(words, WIDTH)
    if shape == "tabs":
        body = body.replace(" ", "\t")
    text = f"{head}{body}\n\n"
    return text.replace("\n", "\r\n") if shape == "crlf" else text


def game_parts(candidate: Candidate) -> tuple[list[tuple[str, str]], list[str], str]:
    """The tags, main line and result of a game of the selection."""
    game = candidate.game
    moves = [item.text for item in game.moves if isinstance(item, PdnMove)]
    result = game.result if game.result and is_game_result(game.result) else "*"
    tags = [("Event", candidate.source), ("GameType", "20"), ("Result", result)]
    return tags, moves, result


def build_files(
    candidates: Sequence[Candidate], shapes: Sequence[str] = tuple(SHAPES)
) -> dict[str, str]:
    """The file of each shape, of the same games."""
    parts = [game_parts(candidate) for candidate in candidates]
    return {
        shape: "".join(
            write_game(tags, moves, result, shape, index)
            for index, (tags, moves, result) in enumerate(parts)
        )
        for shape in shapes
    }


# -- the sides ------------------------------------------------------------------------------


def ours(text: str) -> tuple[list[int], float]:
    """Plies verified per game, and the CPU seconds for all of it."""
    began = time.process_time()
    plies = [replay(game, variant=InternationalBoard).plies for game in read_games(text)]
    return plies, time.process_time() - began


def peer(text: str, runs: int, repeat: int = 1, wrap: Sequence[str] = ()) -> dict[str, object]:
    request = json.dumps({"text": text, "runs": runs, "repeat": repeat})
    done = subprocess.run(
        [*wrap, str(PEERS["py-draughts"]), str(PEER_DIR / "whole_files.py")],
        input=request,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def measure(shape: str, text: str, runs: int) -> tuple[str, float | None]:
    """The line of the report for ``shape``, and its ratio (None when not compared)."""
    plies, _ = ours(text)
    total = sum(plies)
    head = f"{shape:<11} {len(text) / 1024:>6,.0f} KiB {total:>7,} plies"
    if not PEERS["py-draughts"].exists():
        best = min(ours(text)[1] for _ in range(runs))
        return f"{head}  ours {total / best:>9,.0f}  py-draughts not installed (make peers)", None
    mine = their = float("inf")
    answer: dict[str, object] = {}
    for _ in range(runs):  # the sides take turns
        answer = peer(text, 1)
        their = min(their, *answer["seconds"])  # type: ignore[call-overload]
        mine = min(mine, ours(text)[1])
    if answer["plies"] != total:
        return f"{head}  py-draughts replayed {answer['plies']} plies: not compared", None
    ratio = their / mine
    return (
        f"{head}  ours {total / mine:>9,.0f}  py-draughts {total / their:>9,.0f} "
        f"({answer['way']})  {ratio:5.2f}x",
        ratio,
    )


# -- instructions ---------------------------------------------------------------------------

_OURS_SCRIPT = """
import sys
from arbiter.pdn import read_games
from arbiter.replay import replay
from arbiter.variants import InternationalBoard
text = open(sys.argv[1], encoding="utf-8", newline="").read()
for _ in range(int(sys.argv[2])):
    [replay(g, variant=InternationalBoard).plies for g in read_games(text)]
"""


def _callgrind(command: Sequence[str], stdin: str | None = None) -> int:
    """The instructions ``command`` executes, counted by callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *command],
            input=stdin,
            capture_output=True,
            text=True,
            check=True,
        )
        for line in out.read_text().splitlines():
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    raise RuntimeError("callgrind wrote no total")


def instructions(text: str, peer: bool = True) -> tuple[int, int | None]:
    """Instructions of one pass over ``text``: ours, py-draughts' (None unless ``peer``)."""
    counts: dict[str, dict[int, int]] = {"ours": {}, "peer": {}}
    with tempfile.NamedTemporaryFile("w", suffix=".pdn", encoding="utf-8", newline="") as file:
        file.write(text)
        file.flush()
        for repeat in (1, 3):
            counts["ours"][repeat] = _callgrind(
                [sys.executable, "-c", _OURS_SCRIPT, file.name, str(repeat)]
            )
            if not peer:
                continue
            request = json.dumps({"text": text, "runs": 1, "repeat": repeat, "ways": ["fastest"]})
            counts["peer"][repeat] = _callgrind(
                [str(PEERS["py-draughts"]), str(PEER_DIR / "whole_files.py")], request
            )
    one: Callable[[dict[int, int]], int] = lambda c: (c[3] - c[1]) // 2  # noqa: E731
    return one(counts["ours"]), one(counts["peer"]) if peer else None


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plies", type=int, default=10_000, help="plies of the main lines")
    parser.add_argument("--runs", type=int, default=5, help="runs per side (best kept)")
    parser.add_argument("--shape", action="append", choices=list(SHAPES), help="only these")
    parser.add_argument("--callgrind", action="store_true", help="count instructions")
    parser.add_argument("--ours-only", action="store_true", help="with --callgrind: no peer")
    args = parser.parse_args(argv)
    shapes = args.shape or list(SHAPES)
    source, candidates = selection(args.plies)
    files = build_files(candidates, shapes)
    if args.callgrind:
        print(f"PDN shapes -> verdicts, instructions of one pass (callgrind; {source})")
        for shape in shapes:
            mine, theirs = instructions(files[shape], peer=not args.ours_only)
            line = f"{shape:<11} ours {mine / 1e6:>8,.1f} M"
            if theirs is not None:
                line += f"  py-draughts {theirs / 1e6:>8,.1f} M  {theirs / mine:5.2f}x"
            print(line, flush=True)
        return
    print(
        f"PDN shapes -> verdicts, plies per CPU second (best of {args.runs} runs; "
        f"{len(candidates)} games of {source})"
    )
    ratios = []
    for shape in shapes:
        line, ratio = measure(shape, files[shape], args.runs)
        print(line)
        if ratio is not None:
            ratios.append(ratio)
    if ratios:
        print(f"lowest ratio {min(ratios):.2f}x, highest {max(ratios):.2f}x")
    print(
        "Method: the same games written in each shape, one string per file, imports before "
        "the clock, CPU time of each process. arbiter: read_games() then replay() of every "
        "game. py-draughts: a minimal reader of every shape (comments and variations cut "
        "out, moves found by a regular expression), each move found in Board.legal_moves and "
        "pushed, or from_pdn() per game where it reads the file: the fastest kept. The sides "
        "take turns; best run kept."
    )
    print("load average (1, 5, 15 min): {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
