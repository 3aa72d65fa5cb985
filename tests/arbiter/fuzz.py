"""Fuzzing the arbiter's readers: PDN text, FEN strings and move text.

Every input is built by hypothesis from PDN's own pieces (tags, move numbers, moves,
comments, variations, results, FENs) mixed with what broke readers before: Unicode digits
(``²``, ``٣``), numbers of thousands of digits, parentheses nested hundreds deep, stray
brackets and quotes, raw bytes. Whatever the input, the arbiter may only raise its own
errors (:class:`arbiter.errors.ArbiterError`); anything else is a *foreign exception* and
is reported with the place it was raised.

``python -m tests.arbiter.fuzz [COUNT]`` (``make fuzz``) runs COUNT inputs per target and
prints the count and the foreign exceptions; it exits 1 when there is one. The suite runs
a fast subset (tests/arbiter/test_fuzz.py).
"""

from __future__ import annotations

import sys
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter import VARIANTS
from arbiter.errors import ArbiterError
from arbiter.pdn import read_games
from arbiter.replay import replay

VARIANT_NAMES = sorted(VARIANTS)

_DIGITS = st.sampled_from(["0", "1", "7", "12", "32", "50", "05", "²", "٣", "१", "½", "⁵"])
_HUGE = st.integers(4_000, 6_000).map(lambda n: "9" * n)
_NUMBERS = _DIGITS | _DIGITS.map(lambda d: d * 3) | _HUGE
_SEPARATORS = st.sampled_from(["-", "x", ":", "", " ", "x "])
_FILES = st.sampled_from(list("abcdefghijklm"))
_SQUARES = _NUMBERS | st.tuples(_FILES, _DIGITS).map("".join)
_MOVES = st.lists(_SQUARES, min_size=1, max_size=4).flatmap(
    lambda squares: _SEPARATORS.map(lambda sep: sep.join(squares))
)
_RESULTS = st.sampled_from(["1-0", "0-1", "2-0", "0-2", "1-1", "1/2-1/2", "*", "4-6", "½-½"])
_TAG_NAMES = st.sampled_from(
    ["Event", "Round", "Result", "GameType", "FEN", "SetUp", "White", "Black", "Variant"]
)
_GAME_TYPES = st.sampled_from(["20", "21", "25", "26", "30", "²", "20,W,10,10,N1,0", "9" * 5000])


@st.composite
def fens(draw: st.DrawFn) -> str:
    """FEN-like text: side, colour lists, squares, kings, ranges, and damage."""
    side = draw(st.sampled_from(["W", "B", "?", "", "X", "w"]))
    lists = []
    for colour in draw(st.lists(st.sampled_from(["W", "B", "X", ""]), max_size=3)):
        items = draw(
            st.lists(
                st.tuples(
                    st.sampled_from(["", "K", "k"]), _SQUARES, st.sampled_from(["", "-"])
                ).flatmap(
                    lambda p: (
                        st.just(f"{p[0]}{p[1]}")
                        if not p[2]
                        else _SQUARES.map(lambda end, p=p: f"{p[0]}{p[1]}-{end}")
                    )
                ),
                max_size=6,
            )
        )
        lists.append(colour + ",".join(items))
    end = draw(st.sampled_from(["", ".", " ", ":", ":H0:F1"]))
    return ":".join([side, *lists]) + end


_WORDS = (
    _MOVES
    | _RESULTS
    | _NUMBERS.map(lambda n: n + ".")
    | _NUMBERS.map(lambda n: n + "...")
    | st.sampled_from(["...", "-", "--", "!", "?!", "(!?)", "$1", "$", "$²", "/", "}", "]", '"'])
    | _NUMBERS.map(lambda n: "$" + n)
    | st.text(max_size=6)
    | fens().map(lambda fen: f'/FEN "{fen}"/')
)


@st.composite
def movetexts(draw: st.DrawFn) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 12))):
        choice = draw(st.integers(0, 9))
        if choice == 0:
            parts.append("{" + draw(st.text(max_size=10)) + draw(st.sampled_from(["}", ""])))
        elif choice == 1:
            depth = draw(st.integers(1, 400))
            parts.append("(" * depth + draw(_WORDS) + ")" * draw(st.integers(0, depth)))
        elif choice == 2:
            parts.append(";" + draw(st.text(max_size=8)) + "\n")
        elif choice == 3:
            depth = draw(st.integers(1, 300))  # variations of moves nested ``depth`` deep
            parts.append("32-28 (" * depth + "33-29" + ")" * draw(st.integers(0, depth)))
        else:
            parts.append(draw(_WORDS))
    return " ".join(parts)


@st.composite
def tag_lines(draw: st.DrawFn) -> str:
    name = draw(_TAG_NAMES | st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,6}", fullmatch=True))
    if name == "FEN":
        value = draw(fens())
    elif name in ("GameType", "Variant"):
        value = draw(_GAME_TYPES)
    else:
        value = draw(st.text(max_size=8) | _NUMBERS)
    shape = draw(st.sampled_from(['[{} "{}"]', '[{} "{}]', "[{} {}]", '[{} "{}"', '{} "{}"]']))
    return shape.format(name, value)


@st.composite
def pdn_texts(draw: st.DrawFn) -> str | bytes:
    games = []
    for _ in range(draw(st.integers(1, 3))):
        tags = draw(st.lists(tag_lines(), max_size=5))
        games.append("\n".join([*tags, draw(movetexts()), draw(_RESULTS | st.just(""))]))
    text = draw(st.sampled_from(["\n", "\r\n", "\n\n"])).join(games)
    if draw(st.integers(0, 9)) == 0:
        return text.encode("utf-8", "surrogatepass") + draw(st.binary(max_size=20))
    return text


@dataclass
class Findings:
    """What one fuzzing run met: inputs tried, and each foreign exception by place."""

    inputs: Counter[str] = field(default_factory=Counter)
    foreign: dict[str, tuple[str, str]] = field(default_factory=dict)  # place -> (error, input)

    def check(self, target: str, call: Callable[[], object], data: object) -> None:
        self.inputs[target] += 1
        try:
            call()
        except ArbiterError:
            pass
        except Exception as exc:  # the very thing fuzzing looks for
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            place = f"{frame.filename.rsplit('/arbiter/', 1)[-1]}:{frame.lineno}"
            if place not in self.foreign:
                self.foreign[place] = (f"{type(exc).__name__}: {exc}"[:200], repr(data)[:200])


def _read_and_replay(data: str | bytes, variant: str) -> None:
    for game in read_games(data):
        replay(game, variant=variant, opening=None)


def _fen(fen: str, variant: str) -> None:
    VARIANTS[variant](fen)


def _move(text: str, variant: str) -> None:
    VARIANTS[variant]().parse_move(text)


#: An input of each kind named above, to each target, for a short run that must meet them all
#: (``tests/arbiter/test_fuzz.py``): (target, input).
KNOWN: tuple[tuple[str, str | bytes], ...] = (
    ("pdn", '[GameType "²"]\n1. ²-٣ 2. ٣٢-٢٨ ½. 32-28 $٣ *'),
    ("pdn", f'[GameType "{"9" * 5000}"]\n{"9" * 5000}. 32-28 {"9" * 5000}-28 ${"9" * 5000} *'),
    ("pdn", "1. 32-28 " + "(" * 100 + "19-23" + ")" * 99 + " 1. " + "32-28 (" * 100 + ")" * 90),
    ("pdn", f'[Event "a]\n[FEN "W:W²,٣:B{"9" * 5000}"]\n[Round 1\n{{ 1. 32-28 ( }} ] " ) 1-0 ['),
    ("pdn", b'[Event "\xff\xfe"]\n1. 32-28 \xe9\x80 {\xc3} *\x00\xff'),
    ("fen", ""),
    ("fen", "W"),
    ("fen", "W:W²:B٣"),
    ("fen", f"W:W{'9' * 5000}:B1"),
    ("fen", "B:W1-²,K٣-9:BK٣,"),
    ("move", "²-٣"),
    ("move", f"{'9' * 5000}x1"),
    ("move", ""),
    ("move", "a٣-b4"),
    ("move", "x:-"),
)


def check_known(findings: Findings) -> Findings:
    """Run each input of :data:`KNOWN` through its target in every variant."""
    targets: dict[str, Callable[[Any, str], None]] = {
        "pdn": _read_and_replay,
        "fen": _fen,
        "move": _move,
    }
    for target, data in KNOWN:
        for variant in VARIANT_NAMES:
            findings.check(target, partial(targets[target], data, variant), data)
    return findings


def run(count: int, findings: Findings) -> Findings:
    """Run ``count`` inputs through each of the three targets, collecting in ``findings``."""
    options = settings(
        max_examples=count,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    variants = st.sampled_from(VARIANT_NAMES)

    @options
    @given(data=pdn_texts(), variant=variants)
    def pdn(data: str | bytes, variant: str) -> None:
        findings.check("pdn", lambda: _read_and_replay(data, variant), data)

    @options
    @given(fen=fens() | st.text(max_size=30), variant=variants)
    def fen(fen: str, variant: str) -> None:
        findings.check("fen", lambda: _fen(fen, variant), fen)

    @options
    @given(text=_MOVES | _WORDS, variant=variants)
    def move(text: str, variant: str) -> None:
        findings.check("move", lambda: _move(text, variant), text)

    for target in (pdn, fen, move):
        target()
    return findings


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 20_000
    findings = run(count, Findings())
    for target, inputs in sorted(findings.inputs.items()):
        print(f"{target}: {inputs:,} inputs")
    total = sum(findings.inputs.values())
    print(f"total: {total:,} inputs, {len(findings.foreign)} foreign exceptions")
    for place, (error, data) in sorted(findings.foreign.items()):
        print(f"  {place}: {error}\n    input: {data}")
    return 1 if findings.foreign else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
