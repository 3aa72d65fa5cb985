"""Command line, shaped like the FIDE pairing engines (JaVaFo, bbpPairings).

``python -m tournaments.pairing dutch INPUT.trf -p [OUTPUT]``
    Pair the next round of the tournament in INPUT (TRF-2026 or JaVaFo TRF(x)) by the FIDE
    Dutch system. OUTPUT (standard output when omitted) gets the number of pairs on its
    first line, then one ``white black`` line per board; the pairing-allocated bye is
    ``number 0``. ``--draughts`` pairs with the draughts ordering. Byes already recorded for
    the round (H/Z/F in the player lines or 240 records) keep those players out.

``python -m tournaments.pairing berger N [--double [--swap-last-two]]``
    Print the FIDE Berger table for N players, one line per round, white first:
    ``Round 1: 1-8 2-7 3-6 4-5``. With an odd N the player who meets the dummy is shown
    last as ``5-bye``.

Exit codes follow bbpPairings: 0 done, 1 no valid pairing exists, 3 invalid input,
5 the input file cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from tournaments.pairing.berger import berger_table, double_round_robin
from tournaments.pairing.dutch import NoPairingError, PairingError, pair_dutch
from tournaments.pairing.trf import TrfError, next_round, trf_loads
from tournaments.pairing.types import Pair

EXIT_NO_PAIRING = 1
EXIT_INVALID = 3
EXIT_FILE = 5


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tournaments.pairing")
    commands = parser.add_subparsers(dest="command", required=True)
    dutch = commands.add_parser("dutch", help="pair the next round of a TRF by FIDE Dutch")
    dutch.add_argument("input", type=Path)
    dutch.add_argument("-p", dest="output", nargs="?", const="-", required=True)
    dutch.add_argument("--draughts", action="store_true", help="draughts ordering")
    berger = commands.add_parser("berger", help="print the Berger table for N players")
    berger.add_argument("players", type=int)
    berger.add_argument("--double", action="store_true", help="double round robin")
    berger.add_argument("--swap-last-two", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "berger":
        return _berger(args.players, double=args.double, swap_last_two=args.swap_last_two)
    return _dutch(args.input, args.output, draughts=args.draughts)


def _berger(players: int, *, double: bool, swap_last_two: bool) -> int:
    if players < 2:
        print(f"error: a round robin needs at least 2 players, got {players}", file=sys.stderr)
        return EXIT_INVALID
    if double:
        rounds = double_round_robin(players, swap_last_two=swap_last_two)
    else:
        rounds = berger_table(players)
    for number, boards in enumerate(rounds, start=1):
        print(f"Round {number}: " + " ".join(_board(pair) for pair in boards))
    return 0


def _board(pair: Pair) -> str:
    return f"{pair.white}-{'bye' if pair.black is None else pair.black}"


def _dutch(source: Path, output: str, *, draughts: bool) -> int:
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as error:
        print(f"error: cannot read {source}: {error.strerror}", file=sys.stderr)
        return EXIT_FILE
    try:
        state = trf_loads(text).state
        pairs = pair_dutch(
            state,
            round_number=next_round(state),
            ordering="draughts" if draughts else "fide",
        )
    except TrfError as error:
        print(f"error: {source}: {error}", file=sys.stderr)
        return EXIT_INVALID
    except NoPairingError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_NO_PAIRING
    except PairingError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_INVALID
    lines = [str(len(pairs))] + [f"{p.white} {p.black or 0}" for p in pairs]
    content = "\n".join(lines) + "\n"
    if output == "-":
        sys.stdout.write(content)
    else:
        Path(output).write_text(content, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
