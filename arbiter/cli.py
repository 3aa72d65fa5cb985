"""The command line: ``python -m arbiter verify|perft``.

``verify`` replays every game of the given PDN files and prints one verdict per game,
as it goes (the files are streamed: memory does not grow with their size). What the reader
repaired is printed with each verdict; ``--strict`` makes every repair an error (the game
is then ``unreadable``), to check a file before it is published. Exit status 0 when every
game is legal, 1 otherwise, 2 for a usage error.

``perft`` counts the leaves of the legal-move tree; the count is the last line printed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TextIO

from arbiter.errors import FenError, UnknownVariantError
from arbiter.game import GameBoard
from arbiter.pdn import read_games
from arbiter.perft import divide, perft
from arbiter.replay import replay
from arbiter.variants import VARIANTS, find_variant
from arbiter.verdict import MoveError, Verdict


def main(argv: Sequence[str] | None = None, *, stdout: TextIO | None = None) -> int:
    """Run the command line; return the exit status."""
    out = stdout or sys.stdout
    parser = _parser()
    args = parser.parse_args(argv)
    status: int = args.run(parser, args, out)
    return status


def _parser() -> argparse.ArgumentParser:
    names = ", ".join(
        f"{name} ({', '.join(cls.aliases)})" if cls.aliases else name
        for name, cls in VARIANTS.items()
    )
    parser = argparse.ArgumentParser(prog="python -m arbiter", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)

    verify = commands.add_parser(
        "verify",
        help="replay the games of PDN files and judge each one",
        description="Replay every game and print a verdict per game. Exit 0 when every "
        "game is legal, 1 otherwise.",
    )
    verify.add_argument(
        "--variant",
        help=f"variant of games without a GameType tag: {names}; a GameType tag wins",
    )
    verify.add_argument("--format", choices=("text", "json"), default="text")
    verify.add_argument("--opening", help='moves the games should start with, e.g. "32-28 18-23"')
    verify.add_argument(
        "--strict",
        action="store_true",
        help="report every deviation from PDN 3.0 as an error instead of repairing it",
    )
    verify.add_argument("files", nargs="+", type=Path, metavar="FILE")
    verify.set_defaults(run=_verify)

    count = commands.add_parser(
        "perft",
        help="count the leaves of the legal-move tree",
        description="Count the leaf positions at DEPTH plies; the count is the last line.",
    )
    count.add_argument("--variant", required=True, help=names)
    count.add_argument("--depth", required=True, type=int)
    count.add_argument("--fen", help="start position (default: the variant's)")
    count.add_argument("--divide", action="store_true", help="one 'move count' line per move")
    count.set_defaults(run=_perft)
    return parser


def _variant(parser: argparse.ArgumentParser, name: str) -> type[GameBoard]:
    try:
        return find_variant(name)
    except UnknownVariantError as exc:
        parser.error(str(exc))


def _verify(parser: argparse.ArgumentParser, args: argparse.Namespace, out: TextIO) -> int:
    if args.variant is not None:
        _variant(parser, args.variant)
    missing = [str(path) for path in args.files if not path.is_file()]
    if missing:
        parser.error(f"no such file: {', '.join(missing)}")
    all_legal = True
    for path in args.files:
        for verdict in _verdicts(path, args):
            all_legal = all_legal and verdict.legal
            if args.format == "json":
                print(json.dumps(verdict.to_dict(), ensure_ascii=False), file=out)
            else:
                print(format_verdict(verdict), file=out)
    return 0 if all_legal else 1


def _verdicts(path: Path, args: argparse.Namespace) -> Iterator[Verdict]:
    """The verdict of every game of ``path``. The arbiter raises only its own errors; should
    anything else escape, that game (or the rest of the file, if the reader itself
    failed) gets an ``unreadable`` verdict naming it, and the other files go on."""
    games = read_games(path, strict=args.strict)
    index = 0
    while True:
        try:
            game = next(games, None)
        except Exception as exc:  # a defect of the reader: report it, go on with the next file
            yield _failed(index + 1, path, f"the reader stopped in this file: {exc!r}")
            return
        if game is None:
            return
        index = game.index
        try:
            yield replay(game, variant=args.variant, opening=args.opening, file=str(path))
        except Exception as exc:  # a defect of the replay: this game's verdict, then go on
            yield _failed(index, path, f"the replay of this game failed: {exc!r}")


def _failed(index: int, path: Path, message: str) -> Verdict:
    error = MoveError(None, None, None, None, "arbiter-error", message)
    return Verdict(
        game=index,
        file=str(path),
        white=None,
        black=None,
        variant=None,
        verdict="unreadable",
        plies=0,
        error=error,
        draw=None,
        recorded_result=None,
        result_check="not-checkable",
        result_message="the game could not be replayed",
        final_fen=None,
    )


def format_verdict(verdict: Verdict) -> str:
    """One readable line for a verdict, then the error message on a second line.

    >>> from arbiter.pdn import read_game
    >>> print(format_verdict(replay(read_game('[GameType "20"] 1. 32-28 *'), file="a.pdn")))
    a.pdn game 1 (? - ?), international: legal, 1 ply; result not checkable: no result is recorded
    """
    players = f"{verdict.white or '?'} - {verdict.black or '?'}"
    head = f"{verdict.file or '-'} game {verdict.game} ({players}), {verdict.variant or '?'}: "
    parts = [f"{verdict.verdict}, {_plies(verdict.plies)}"]
    error = verdict.error
    if error is not None and error.ply is not None:
        parts[0] += f"; stopped at ply {error.ply} (move {error.move_number} {error.move!r}"
        if error.line is not None:
            parts[0] += f", line {error.line}, column {error.column}"
        parts[0] += ")"
    if verdict.outcome is not None and verdict.outcome.winner is not None:
        parts.append(f"{verdict.outcome.winner} won on the board at ply {verdict.outcome.ply}")
    if verdict.draw is not None and verdict.draw.kind == "automatic":
        parts.append(f"drawn at ply {verdict.draw.ply} ({verdict.draw.name})")
    parts.extend(f"draw claimable at ply {c.ply} ({c.name})" for c in verdict.claims)
    if verdict.moves_after_end:
        parts.append(f"{_plies(verdict.moves_after_end)} recorded after the end")
    if verdict.opening is not None:
        opening = verdict.opening
        parts.append(
            "opening followed" if opening.followed else f"opening left at ply {opening.left_at_ply}"
        )
    check = verdict.result_check.replace("-", " ")
    parts.append(f"result {check}: {verdict.result_message}")
    line = head + "; ".join(parts)
    if error is not None:
        line += f"\n  {error.code}: {error.message}"
    for warning in verdict.warnings:
        line += f"\n  repaired: {warning}"
    for reading in verdict.readings:
        line += f"\n  reading of ply {reading.ply} {reading.move!r}: {reading.settled}"
        if reading.chosen:
            line += f", read as {reading.chosen}"
        for text, lead in zip(reading.readings, reading.leads_to, strict=False):
            line += f"\n    {text}: {lead}"
    return line


def _plies(count: int) -> str:
    return f"{count} ply" if count == 1 else f"{count} plies"


def _perft(parser: argparse.ArgumentParser, args: argparse.Namespace, out: TextIO) -> int:
    board_type = _variant(parser, args.variant)
    if args.depth < 0 or (args.divide and args.depth < 1):
        parser.error(f"--depth must be {'1' if args.divide else '0'} or more, not {args.depth}")
    try:
        board = board_type(args.fen)
    except FenError as exc:
        parser.error(f"--fen {args.fen!r}: {exc}")
    if args.divide:
        counts = divide(board, args.depth)
        for text, count in counts.items():
            print(f"{text} {count}", file=out)
        print(sum(counts.values()), file=out)
    else:
        print(perft(board, args.depth), file=out)
    return 0
