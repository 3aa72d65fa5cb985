"""Properties of the PDN reader and writer: the round trip, robustness, streaming."""

from __future__ import annotations

import io
import tracemalloc
from collections.abc import Iterable, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.errors import PdnSyntaxError
from arbiter.pdn import PdnGame, PdnMove, PdnSetup, read_game, read_games, write_game, write_games
from arbiter.pdn.lexer import _TAG_LINE

SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

tag_names = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,12}", fullmatch=True)
tag_values = st.text(st.characters(blacklist_characters="\r\n"), max_size=30)
tags = st.dictionaries(tag_names, tag_values, max_size=6)


def _no_tag_line_inside(text: str) -> bool:
    """A comment line that is a whole tag line ends an unclosed comment: not generated."""
    return not any(_TAG_LINE.fullmatch(line) for line in text.split("\n")[1:])


brace_comments = st.text(st.characters(blacklist_characters="}\r"), max_size=40).filter(
    _no_tag_line_inside
)
line_comments = st.text(st.characters(blacklist_characters="\r\n"), max_size=20).map(
    lambda text: text + "}"
)  # holds a '}': written as a ';' comment
comments = st.lists(brace_comments | line_comments, max_size=2).map(tuple)

square = st.integers(1, 50)
numeric = st.tuples(square, square).filter(lambda p: p[0] != p[1]).map(lambda p: f"{p[0]}-{p[1]}")
capture = st.lists(square, min_size=2, max_size=4).map(lambda s: "x".join(map(str, s)))
letters = st.sampled_from("abcdefgh")
alpha = st.tuples(letters, square, st.sampled_from(["-", "x", ":", ""]), letters, square).map(
    lambda p: f"{p[0]}{p[1]}{p[2]}{p[3]}{p[4]}"
)
short = st.tuples(letters, letters, st.integers(1, 8)).map(lambda p: f"{p[0]}{p[1]}{p[2]}")
move_texts = numeric | capture | alpha | short | st.sampled_from(["3228", "05-09", "1-10"])
strengths = st.sampled_from([None, "!", "?", "!!", "??", "!?", "?!", "(!?)", "(?)"])
nags = st.lists(st.integers(0, 999), max_size=2).map(tuple)
results = st.sampled_from(["2-0", "1-1", "0-2", "1-0", "0-1", "1/2-1/2", "0-0", "*", "1:0", "½-½"])


@st.composite
def moves(draw: st.DrawFn, depth: int, first: bool = False) -> PdnMove:
    if draw(st.integers(0, 9)) == 0:
        text, strength, unknown = draw(st.sampled_from(["-", "--"])), None, True
    else:
        text, strength, unknown = draw(move_texts), draw(strengths), False
    variations: tuple[tuple[PdnMove | PdnSetup, ...], ...] = ()
    if depth > 0:
        variations = draw(st.lists(lines(depth - 1), max_size=2).map(tuple))
    return PdnMove(
        text,
        0,
        0,
        number=draw(st.integers(1, 300)),
        strength=strength,
        nags=draw(nags),
        comments=draw(comments),
        variations=variations,
        unknown=unknown,
        comments_before=draw(comments) if first else (),
    )


@st.composite
def lines(draw: st.DrawFn, depth: int) -> tuple[PdnMove | PdnSetup, ...]:
    """A variation: moves only, the first one may carry comments before it."""
    size = draw(st.integers(1, 3))
    return tuple(draw(moves(depth, first=index == 0)) for index in range(size))


fens = st.from_regex(r"[WB]:W[0-9,K-]{1,12}:B[0-9,K-]{1,12}", fullmatch=True)
setups = st.builds(PdnSetup, fens, st.just(0), st.just(0), comments)


@st.composite
def games(draw: st.DrawFn) -> PdnGame:
    main = draw(st.lists(moves(2) | setups, max_size=8))
    return PdnGame(
        index=1,
        line=1,
        tags=draw(tags),
        moves=main,
        result=draw(results),
        comments=draw(st.lists(brace_comments | line_comments, max_size=2)),
    )


def _read_of_write(game: PdnGame) -> None:
    again = read_game(write_game(game))
    assert again.errors == []
    assert again == game


def _read_back_game_by_game(written: list[PdnGame]) -> None:
    stream = io.StringIO()
    write_games(written, stream)
    read = list(read_games(stream.getvalue()))
    for index, game in enumerate(written, start=1):
        game.index = index
    assert read == written


# `make test` draws a sample of the games of the two `deep` tests (drawing and checking a
# game with its variations is the cost).


@pytest.mark.deep
@settings(SETTINGS, max_examples=100)
@given(games())
def test_read_of_write_is_the_game(game: PdnGame) -> None:
    _read_of_write(game)


@settings(SETTINGS, max_examples=30)
@given(games())
def test_read_of_write_is_the_game_for_a_sample(game: PdnGame) -> None:
    _read_of_write(game)


@pytest.mark.deep
@settings(SETTINGS, max_examples=40)
@given(st.lists(games(), min_size=1, max_size=3))
def test_a_written_file_reads_back_game_by_game(written: list[PdnGame]) -> None:
    _read_back_game_by_game(written)


@settings(SETTINGS, max_examples=10)
@given(st.lists(games(), min_size=1, max_size=3))
def test_a_written_file_reads_back_game_by_game_for_a_sample(written: list[PdnGame]) -> None:
    _read_back_game_by_game(written)


pdn_alphabet = st.sampled_from([*'[]{}()"\\;%$/*.-x:!?0123456789abcEFNW \t\n\r', "½", "é"])


@SETTINGS
@given(st.binary(max_size=300) | st.text(pdn_alphabet, max_size=300) | st.text(max_size=200))
def test_any_input_reads_without_raising(data: bytes | str) -> None:
    for game in read_games(data):
        assert all(isinstance(error, PdnSyntaxError) for error in game.errors)
        assert all(isinstance(m, PdnMove | PdnSetup) for m in game.moves)


GAME = (
    b'[Event "streaming"]\r\n[White "A"]\r\n[Black "B"]\r\n[Result "2-0"]\r\n\r\n'
    b"1. 32-28 19-23 2. 28x19 14x23 3. 33-28 {a comment} 10-14 4. 38-33 (4. 39-33 5-10)\r\n"
    b"4... 14-19 5. 43-38 {"
    + b"An annotation line that is long enough to fill up space.\r\n" * 60
    + b"} 9-14 2-0\r\n\r\n"
)  # mostly comment text: tracemalloc slows down every allocation, the lexer's tokens too


class _Chunks(io.RawIOBase):
    """A binary stream whose bytes are made on demand (never held whole)."""

    def __init__(self, chunks: Iterable[bytes]) -> None:
        self._chunks: Iterator[bytes] = iter(chunks)
        self._pending = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        while not self._pending:
            chunk = next(self._chunks, None)
            if chunk is None:
                return 0
            self._pending = chunk
        size = min(len(buffer), len(self._pending))
        buffer[:size] = self._pending[:size]
        self._pending = self._pending[size:]
        return size


def test_reading_a_multi_megabyte_stream_takes_constant_memory() -> None:
    copies = 2 * 1024 * 1024 // len(GAME) + 1  # a little over 2 MB
    stream = io.BufferedReader(_Chunks(GAME for _ in range(copies)))
    tracemalloc.start()
    try:
        count = 0
        for game in read_games(stream):
            assert game.result == "2-0" and not game.errors
            count += 1
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == copies
    assert copies * len(GAME) > 2 * 1024 * 1024
    assert peak < 512 * 1024  # a quarter of the input: it was never held whole


def test_games_are_yielded_before_the_stream_is_read_through() -> None:
    produced = []

    def chunks() -> Iterator[bytes]:
        for number in range(100_000):
            produced.append(number)
            yield GAME

    first = next(read_games(io.BufferedReader(_Chunks(chunks()))))
    assert first.tag("Event") == "streaming"
    assert len(produced) < 1000
