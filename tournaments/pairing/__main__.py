"""Command line, shaped like the FIDE pairing engines (JaVaFo, bbpPairings).

``python -m tournaments.pairing dutch [--rules 2026|pre-2026] INPUT.trf -p [OUTPUT] [--explain]``
    Pair the next round of the tournament in INPUT (TRF-2026 or JaVaFo TRF(x)) by the FIDE
    Dutch system, in the text ``--rules`` names: ``2026`` (applied from 1 February 2026) or
    ``pre-2026`` (applied until 31 January 2026); without it, the text the file's record
    092 names, and ``2026`` if it names none. OUTPUT (standard output when omitted) gets the
    number of pairs on its first line, then one ``white black`` line per board; the
    pairing-allocated bye is ``number 0``. ``--draughts`` pairs with the draughts ordering.
    Byes already recorded for the round (H/Z/F in the player lines or 240 records) keep
    those players out. ``--explain`` (2026 text only) writes, after the pairs, one line per
    board: the colour rule of C.04.3 E.1-E.5 that decided its colours, the players paired
    outside their score, and the criteria its score bracket did not fully meet.

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
from tournaments.pairing.dutch import (
    COLOUR_RULE_TEXTS,
    DutchRules,
    Explanation,
    NoPairingError,
    PairingError,
    explain_dutch,
    pair_dutch,
)
from tournaments.pairing.dutch_input import Ordering
from tournaments.pairing.trf import TrfError, next_round, trf_loads
from tournaments.values import Pair

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
    dutch.add_argument(
        "--rules",
        choices=[r.value for r in DutchRules],
        help="the text of C.04.3 (default: the file's record 092, else 2026)",
    )
    dutch.add_argument(
        "--explain", action="store_true", help="say what decided each float and colour"
    )
    berger = commands.add_parser("berger", help="print the Berger table for N players")
    berger.add_argument("players", type=int)
    berger.add_argument("--double", action="store_true", help="double round robin")
    berger.add_argument("--swap-last-two", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "berger":
        return _berger(args.players, double=args.double, swap_last_two=args.swap_last_two)
    return _dutch(
        args.input,
        args.output,
        draughts=args.draughts,
        rules=DutchRules(args.rules) if args.rules else None,
        explain=args.explain,
    )


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


def _dutch(
    source: Path, output: str, *, draughts: bool, rules: DutchRules | None, explain: bool
) -> int:
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as error:
        print(f"error: cannot read {source}: {error.strerror}", file=sys.stderr)
        return EXIT_FILE
    try:
        state = trf_loads(text).state
        round_number = next_round(state)
        ordering: Ordering = "draughts" if draughts else "fide"
        if explain:
            explanations = explain_dutch(
                state, round_number=round_number, ordering=ordering, rules=rules
            )
            pairs = [e.pair for e in explanations]
        else:
            explanations = []
            pairs = pair_dutch(state, round_number=round_number, ordering=ordering, rules=rules)
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
    lines += [explanation_line(e) for e in explanations]
    content = "\n".join(lines) + "\n"
    if output == "-":
        sys.stdout.write(content)
    else:
        Path(output).write_text(content, encoding="utf-8")
    return 0


def explanation_line(explanation: Explanation) -> str:
    """One board's explanation as a line of text (English; pages translate their own)."""
    pair = explanation.pair
    parts = [f"{pair.white}-{pair.black or 'bye'}: {COLOUR_RULE_TEXTS[explanation.colour_rule]}"]
    for float_ in explanation.floats:
        if float_.bracket is None:
            parts.append(f"{float_.player} gets the bye on {float_.points} points")
        else:
            parts.append(f"{float_.player} floats down from {float_.points} to {float_.bracket}")
    if explanation.criteria:
        unmet = ", ".join(f"{name} ({count})" for name, count in explanation.criteria)
        parts.append(f"bracket criteria not fully met: {unmet}")
    return "# " + "; ".join(parts)


if __name__ == "__main__":
    sys.exit(main())
