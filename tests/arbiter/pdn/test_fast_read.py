"""The PDN reader's fast path gives what the word-by-word path gives.

- ``tokenize(lines, runs=True)``: each ``RUN`` token, spelled out item by item, is the
  NUMBER, MOVE, COMMENT, LPAREN and RPAREN tokens of ``tokenize(lines)``, on every line of
  the corpus, the fixtures and random PDN-like text;
- the reader fed with runs reads the games (positions and errors included) that it reads
  from the word-by-word tokens, a move that may be a result before the next game too;
- ``made_move`` makes the move ``PdnMove(...)`` makes, field by field;
- a run found by the loose pattern (``_run_match``) is the run the run pattern finds;
- in a run, a variation the reader's flat pattern takes (``_FLAT_VARIATION``) is the
  one ``PLAIN_VARIATION`` takes;
- a line of one tag, read without ``_Lexer._line``, gives the tokens ``_line`` gives.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import FrozenInstanceError, fields
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.pdn.encoding import Source, iter_lines
from arbiter.pdn.lexer import run_tokens, tokenize, variation_tokens
from arbiter.pdn.model import LazyVariation, PdnMove, made_move
from arbiter.pdn.movetree import _FLAT_VARIATION, PLAIN_VARIATION
from arbiter.pdn.reader import _GameReader, _read
from arbiter.pdn.runs import (
    _RUN,
    _SIMPLE_RUN,
    _SIMPLE_VARIATION,
    MAX_BLOCK,
    RUN_ITEM,
    VARIATION_RUN,
    _run_match,
)
from arbiter.pdn.tokens import Kind, Token

HERE = Path(__file__).resolve().parent
FIXTURES = sorted((HERE.parent / "fixtures" / "pdn").glob("*.pdn"))
CORPUS = sorted((HERE.parents[2] / ".." / "shared" / "corpus").rglob("*.pdn"))


def _smallest_of_each_folder(paths: list[Path]) -> set[Path]:
    smallest: dict[Path, Path] = {}
    for path in sorted(paths, key=lambda path: (path.stat().st_size, path.name)):
        smallest.setdefault(path.parent, path)
    return set(smallest.values())


#: `make test`'s sample of the corpus: the smallest file of each folder (a folder holds the
#: files of one source, written one way); the other files are `deep`.
CORPUS_SAMPLE = _smallest_of_each_folder(CORPUS)

SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Words the fast path takes, words it must leave to the careful path (results, suffixes,
# leading zeros, glued numbers, cut moves...) and the rest of the movetext grammar.
WORDS = [
    *("1.", "12.", "4...", "7..", "01.", "0.", "12", "1.32-28", "12...32-28"),
    *("32-28", "19-23", "28x19", "27x18x9", "32:28", "32-28-23", "4-6", "10-1", "1-10"),
    *("c3-d4", "d4:b6", "h4:f6:h8", "a1xb2", "x3-d4", "ed4", "gf4", "ab12", "ie3", "3228"),
    *("O-O", "Nf3", "e3", "exd4"),
    *("5-5", "12-12", "0-0", "1-0", "0-1", "2-0", "0:1", "1/2-1/2", "½-½", "0.5-0.5", "*"),
    *("05-09", "5-05", "05-5", "0x5", "50-0", "٣-٥", "١٢."),
    *("01.34-29", "05.05-5", "12.0-1", "1.5-0.5", "00-05", "010-10", "00.", "9-", "3"),
    *("32-28!", "19-23?!", "1-6*", "(!?)", "!", "$1", "$", "-", "--", "...", "…"),
    *("32-28!!", "4-6?", "5-5!", "1-0!", "c3-d4!?", "ed4?", "01.34-29!", "12.!", "32-28!*"),
    *("$12", "$007", "$1$2", "32-28$1", "$1x", "$" + "1" * 19, "$١", "27x18x9??"),
    *("5x", "14", "1-", "32--28", "32-28-", "-28", "x5", "32.28", "32_28", "4-6)"),
    *("{c}", "{", "}", "(", ")", ";x", "%e", '/FEN "W:W1:B2"/', "/", "[", "]", '"'),
    *('[Result "4-6"]', '[Result "2-0"]', '[Event "a\\"b"]', "[Bad", "é"),
]
SEPARATORS = [" ", " ", " ", "  ", "\t", " \t", "\n", "\n", "\r\n", "\n\n", "", "\u00a0"]


def _spelled_out(tokens: Iterable[Token]) -> Iterator[Token]:
    """The NUMBER, MOVE, COMMENT, LPAREN and RPAREN tokens that each RUN token and each
    VARIATION token (a variation over lines) stands for."""
    for token in tokens:
        if token.kind is Kind.RUN:
            yield from run_tokens(token)
        elif token.kind is Kind.VARIATION:
            yield from _spelled_out(variation_tokens(token))
        else:
            yield token


def _check(source: Source) -> None:
    lines = list(iter_lines(source))
    careful = list(tokenize(lines))
    fast = list(tokenize(lines, runs=True))
    assert list(_spelled_out(fast)) == careful
    # repr shows positions and errors, which game equality leaves out
    assert repr(list(_read(iter(fast)))) == repr(list(_read(iter(careful))))


@pytest.mark.parametrize(
    "path",
    FIXTURES
    + [
        path if path in CORPUS_SAMPLE else pytest.param(path, marks=pytest.mark.deep)
        for path in CORPUS
    ],
    ids=lambda path: path.name,
)
def test_real_files(path: Path) -> None:
    _check(path)


pdn_like = st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from(SEPARATORS)), max_size=40)


@settings(SETTINGS, max_examples=300)
@given(pdn_like)
def test_random_movetext(parts: list[tuple[str, str]]) -> None:
    _check("".join(word + separator for word, separator in parts))


@settings(SETTINGS, max_examples=300)
@given(pdn_like, st.integers(0, 3))
def test_the_loose_run_pattern_matches_what_the_run_pattern_matches(
    parts: list[tuple[str, str]], start: int
) -> None:
    """A run is found by the loose pattern (comments may hold '{') and checked by counting
    braces: the same match as the run pattern's, at every place of the line."""
    line = "".join(word + separator for word, separator in parts if "\n" not in separator)
    line += " {a{b} 1. 32-28 {c}" if start == 3 else ""
    for pos in range(len(line)):
        loose, strict = _run_match(line, pos), _RUN.match(line, pos)
        assert (loose and loose.span()) == (strict and strict.span()), (line, pos)


@settings(SETTINGS, max_examples=300)
@given(pdn_like)
def test_the_simple_patterns_match_only_what_the_run_patterns_match(
    parts: list[tuple[str, str]],
) -> None:
    """A run found by the simple pattern is the start of the run the run pattern finds,
    ending where an item of it ends; a variation the simple pattern takes is a run's."""
    line = "".join(word + separator for word, separator in parts if "\n" not in separator)
    for pos in range(len(line)):
        simple = _SIMPLE_RUN.match(line, pos)
        if simple is not None:
            run = _RUN.match(line, pos)
            assert run is not None and simple.end() <= run.end(), (line, pos)
            rest = _RUN.match(line, simple.end())
            assert simple.end() == run.end() or (rest and rest.end() == run.end()), (line, pos)
        if line[pos] == "(" and (variation := _SIMPLE_VARIATION.match(line, pos)):
            assert VARIATION_RUN.fullmatch(line, pos, variation.end()), (line, pos)


# Variations as engines and annotators write them, over lines too, for the flat pattern.
VARIATION_WORDS = [
    *("(", ")", "(1...", "(2.", "1.", "2...", "32-28", "19-23", "28x19", "01.34-29", "c3-d4"),
    *("{c}", "{a (b)}", "{x\ny}", "9- 3", "2.)", "( {c} 1. 32-28)", "(1... (", "4-6", "!"),
]
variation_like = st.lists(
    st.tuples(st.sampled_from(VARIATION_WORDS), st.sampled_from([" ", " ", "\n", "", "  "])),
    max_size=40,
)


@settings(SETTINGS, max_examples=300)
@given(st.one_of(pdn_like, variation_like))
def test_the_flat_variation_pattern_takes_only_what_plain_variation_takes(
    parts: list[tuple[str, str]],
) -> None:
    """In a run, a variation the flat pattern takes (walked_run's engine lines, see
    VARIED_MOVE) is one PLAIN_VARIATION takes, to the same ')'."""
    flat_variation = re.compile(_FLAT_VARIATION)
    text = "".join(word + separator for word, separator in parts)
    for token in tokenize(iter_lines(text), runs=True):
        if token.kind is not Kind.RUN:
            continue
        for item in RUN_ITEM.finditer(token.text):
            start = item.start()
            if item.group(4) == "(" and (flat := flat_variation.match(token.text, start)):
                plain = PLAIN_VARIATION.match(token.text, start)
                assert plain is not None and plain.end() == flat.end(), (token.text, start)


@pytest.mark.parametrize(
    "text",
    [
        '[Result "4-6"]\n1. 32-28 19-23 4-6\n[Result "4-6"]\n1. 33-28 4-6',  # match scores
        '[Result "4-6"]\n1. 32-28 19-23  4-6\n',  # two spaces before the last move
        '[Result "4-6"]\n4-6\n[Event "E"]\n4-6 *',  # a run of that move alone
        "1. 32-28 {c} 19-23 2. 28x19 (2. 33-28 {d} 14-19) 14x23 *",
        "1. ( {before} 32-28 19-23 ) 33-28 *",
        "1. 32-28\t19-23 \u00a0 2. 28x19 ... 14x23 3. -- 33-28 2-0",
        "%escape 1. 32-28\n1.\n32-28 2.\n{open\n} 28x19 5x 14 1-0",
        "1. 32-28 (1. 33-28 (1. 34-29 (1. 31-26 (1. 35-30) 17-21) 16-21) 18-23) 19-23 *",
        "1. 32-28{a}{b}19-23(2. 33-28)(2. 34-29 {c}) 2. ( {d} ) 28x19 *",
        "12. ( {c} ) *",
        "1. 32-28 (a note (in parentheses)) 19-23 (1... 18-23 {x (y)}) *",
        "1. 32-28 (1... 18-23\n2. 33-28) 19-23 {open\nnote} 2. 28x19 (2. 37-32 4-6) 1-0",
        '[Result "4-6"]\n1. 32-28 {c} 4-6\n[Event "E"]\n1. 32-28 (1. 33-28) 4-6',
        # runs with comments and no variation (commented_run): comments alone, after a
        # number, glued, in a row, at the start and the end, first moves of a variation
        "{start} 1. {a} 32-28 {b} {c} 19-23{d} 2.{e} 28x19  {f}   14x23 {g}",
        "1. 32-28 {[%eval +0.12] [%depth 18] 19-23 33-28} 19-23 {} 2. 28x19 {x}{y} 14x23 *",
        "1. 32-28 (1. 33-28\n{x} 18-23 {y} 2. 39-33 {z}) 19-23 *",
        "1. 32-28 (\n{x} 1. 33-28 {y} 18-23\n{z} 2.) 19-23 *",
        "1...{a} 19-23 {b} 01. 32-28 {c} 1234567890123456789. {d} 33-28 {e} *",
        # a move number too long, warned at its own place in every kind of run
        "1. 32-28  1234567890123456789. 19-23 *",
        "1. 32-28 (1. 33-28) 1234567890123456789. 19-23 (12345678901234567890. 18-23) *",
        # runs walked brace to brace (walked_run): variations kept unread between
        # comments, one read at once (a move number alone), a ')' of a line before
        "1. 32-28 {a} (1. 33-28 {b} 18-23) {c} 19-23 (1... 18-23 (2. 1.) 2. 33-28) 2. 28x19 *",
        "1. 32-28 (1. 33-28\n18-23) {a} 19-23 (2.) (1... 17-21 {b}) 2. 28x19 {c} *",
        "1. 32-28(1. 33-28)19-23{a}(1... 18-23{b}(2. 33-28))2. 28x19 (2. 31-27) *",
        "1. 32-28 (1. 33-28 (1. 34-29 (1. 35-30 (1. 31-26) 1-7) 2-7) 3-8) {d} 19-23 *",
        # variations over lines (VARIATION tokens), kept unread or read at once; runs
        # that start with a comment or a variation; padded and glued moves
        "1. 32-28 (1. 33-28 18-23\n2. 39-33 {a\nb} 12-18) 19-23 (1... 18-23\n(1... 17-21\n"
        "2. 33-28) 2. 33-28) 2. 28x19 *",
        "1. 32-28 (1... 18-23 2.\n) 19-23 (\n{x} 1... 17-21) 2. 28x19 (2.\n33-28 1-0) *",
        '1. 32-28 (1. 33-28\n[Event "E"]\n1. 32-28 (1. 31-27\n%x\n18-23) *',
        "1. 32-28\n(1. 33-28) {a} (1. 31-27 {b}\n) 19-23\n{c} 2. 28x19 *",
        "01.32-28 19-23 02.28x19 14x23 03. 05-10 05.5- 10 10.10- 5 *",
        # runs carried over line ends with the variation or the comment open at the end
        # of their line: one RUN token, read at once or line by line where it must be
        "1. 32-28 {[%clk\n1:20:00]} 19-23 {[%clk 1:19:00]} 2. 28x19 {[%clk\n1:18:00]}\n14x23 *",
        "1. 32-28 (1... 18-23 19-24\n2. 33-28) 19-23 (2. 33-28\n14-19 (2... 1-7\n) 39-33)"
        " 2. 28x19 {a\nb} (2. 31-27 {c\nd}) 14x23 (3.\n33-28 2.\n) 3. 33-28 *",
        "1. 32-28 (1... 18-23\n5-5) 19-23 (1... 17-21\n2.)\t2. 28x19 (2. 31-27\n) $1 *",
        "1. 32-28 {a\nb\nc} 19-23 (1... 18-23\n{x\ny} 2. 33-28\n) {d\ne}\n(2. 31-27 *",
        '1. 32-28 (1... 18-23\n[Event "E"]\n1. 32-28 {a\n[Event "F"]\n1. 33-28 {b\nc}) *',
        "1. 32-28 (1... 18-23\n2. 33-28)(2... 17-21\n) 2. 28x19 {x\n}{y\n} 14x23 {z\n} 1-0",
        # blank-padded moves taken into runs ("9- 3"), and those that are not
        "1. 32-28 9- 3 2. 18x 9 5- 5 3. 4-\t6 7-  1 9- 3! 2- 7x 10.10- 5 6-\u00a07 1-0",
        '9- 3 1- 7 {c} 2x 7 (2... 3- 8) 4-\xa05 {d\ne} 8- 2 (9- 4\n) 6- 1\n[Result "1- 7"]\n1- 7',
        '[Result "4-6"]\n1. 32-28 19-23 2.4-6\n[Result "4-6"]\n01. 33-28 4.04-06',
        # tabs between the words: blanks, but where they may be kept as written (a comment,
        # a tag, a note, a move cut after its separator whose text keeps them)
        "1.\t32-28\t19-23\t2.\t28x19\n\t14x23\t3.\t33-28\t2-0\n\n1.\t31-27\t*",
        "1.\t32-28\t9-\t3 2. 18x\t9 5-\t5 3. 4- \t6 7-\t\t1 10.10-\t5 1-0",
        '[Event "a\tb"]\n1.\t32-28\t{a\tb}\t19-23\t; c\td\n2.\t28x19\t$1\t(a\tnote)\t*',
        "1.\t32-28!\t19-23?!\t2.\tc3-d4\t5-5\t0-0\t\u00a0\t*",
        # a move's strength marks and the glyphs after it, words of runs, in every kind of
        # run; glyphs where they are not (after a number, a comment, a setup, nothing)
        "1. 32-28! 19-23?! 2. 28x19 $1 14x23 $6 $18 3. 33-28!! $3 {c} 18-23 *",
        "1. 32-28 (1. 33-28! $1 18-23) 19-23?! (1... 18-23 $2 (1... 17-21?)) 2. 28x19 *",
        "1. 32-28! {a} 19-23 $1 {b} 2. 28x19?? {c!} 14x23 {d $1} $2 *",
        "1. 32-28 ( {x} 1. 33-28!? $5 18-23 ) 19-23 (\n1... 18-23! $4\n2. 33-28) *",
        "1. 32-28!\n$1 19-23?\n2. 28x19 $14\n$15 14x23 (2... 17-21!\n) *",
        '[Result "4-6"]\n1. 32-28 19-23 4-6!\n[Result "4-6"]\n1. 33-28 $1 4-6?',
        "01.32-28! 19-23 02.28x19?! $1 2...14x23! *",
        '1. $1 32-28 {c} $2 19-23 ( $3 1. 33-28) (1... $4) /FEN "W:W31:B19"/ $5 *',
        "1. 32-28!!!??? $1234567890123456789 19-23 $000000000000000001  $7 *",
        "1. 32-28 9- 3! $1 2. 18x 9 $2 7-  1 $3 *",
        "1. c3-d4! $1 f6-g5?? $2 2. ed4!? $3 3. 12-12! 0-0? 1-0! 1/2-1/2 *",
        "1. 32-28\t$1\t19-23!\t$2\n2. 28x19 $3$4 14x23$5 3. 33-28*! $6 *",
        # in the fast loops of runs with comments or variations, over lines: a glyph, its
        # comment, a variation after it, marks in a variation kept unread
        "1. 32-28 $1 {a}\n19-23! $2\n{b} (1... 18-23? $3 {c}\n2. 33-28) 2. 28x19 $4\n*",
        "1. 32-28! (1. 33-28?! $1 18-23) 19-23 $2 (1... 18-23\n$3) 2. 28x19?? $4 $5\n(2. 1-7)"
        " 14x23 {d} $6 *",
        "1. 32-28 {a} 19-23!? {b}\n2. 28x19 $1\n{c} 14x23 $2 $3 {d}\n3. 33-28! {e} *",
        # comments among an engine's lines, over lines, before and after kept variations
        "1. 32-28 {a\nb} (1. 33-28 18-23) {c}\n(1. 31-27 17-21) 19-23 {d} 2. 28x19\n{e} (2. 37-32)"
        " 14x23 *",
        "{start}\n1. 32-28 (1. 33-28) {x} 19-23 (1... 18-23)\n{y}\n2. {n} 28x19 {z} (2. 1.)"
        " 14x23 *",
    ],
)
def test_edge_cases(text: str) -> None:
    _check(text)


def test_tabs_between_moves_make_runs() -> None:
    """A movetext whose words are separated by tabs is read on the fast path, a run a line:
    the tabs are blanks there, as the word-by-word path reads them (test_edge_cases)."""
    lines = list(iter_lines("1.\t32-28\t19-23\t2.\t28x19\t14x23\n3.\t33-28\t*"))
    fast = list(tokenize(lines, runs=True))
    runs, ends = fast[:-2], fast[-2:]
    assert len(runs) <= 2 and {token.kind for token in runs} == {Kind.RUN}  # not a run a word
    assert [token.kind for token in ends] == [Kind.RESULT, Kind.EOF]
    assert " ".join(token.text for token in runs) == "1. 32-28 19-23 2. 28x19 14x23\n3. 33-28"
    assert list(_spelled_out(fast)) == list(tokenize(lines))


def test_marks_and_glyphs_make_runs() -> None:
    """An annotator's record, a move's strength marks and glyphs after some moves, is read on
    the fast path (test_edge_cases: what the word-by-word path reads)."""
    lines = list(iter_lines("1. 32-28! 19-23 $1 2. 28x19?! $6 $18 14x23\n3. 33-28 *"))
    fast = list(tokenize(lines, runs=True))
    runs, ends = fast[:-2], fast[-2:]
    assert len(runs) <= 2 and {token.kind for token in runs} == {Kind.RUN}  # not a run a word
    assert [token.kind for token in ends] == [Kind.RESULT, Kind.EOF]
    assert " ".join(token.text for token in runs) == (
        "1. 32-28! 19-23 $1 2. 28x19?! $6 $18 14x23\n3. 33-28"
    )
    assert list(_spelled_out(fast)) == list(tokenize(lines))
    (game,) = _read(iter(fast))
    assert [(move.text, move.strength, move.nags) for move in game.moves] == [
        ("32-28", "!", ()),
        ("19-23", None, (1,)),
        ("28x19", "?!", (6, 18)),
        ("14x23", None, ()),
        ("33-28", None, ()),
    ]
    # a variation holding them is kept unread, as one without them
    lines = list(iter_lines("1. 32-28! $1 (1. 33-28? $2 18-23) 19-23 {a} $3 *"))
    (game,) = _read(tokenize(lines, runs=True))
    (variation,) = game.moves[0].variations
    assert type(variation) is LazyVariation
    assert [(move.text, move.strength, move.nags) for move in variation] == [
        ("33-28", "?", (2,)),
        ("18-23", None, ()),
    ]
    assert game.moves[1].comments == ("a",) and game.moves[1].nags == (3,)


def test_an_annotated_record_over_lines_stays_on_the_fast_loops(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Remarks, glyphs and marked variations among the moves of a record wrapped in lines are
    taken by walked_run's loop: the run is not read again token by token (unmerged)."""
    text = (
        "1. 32-28! {a remark\nover lines} (1. 33-28? 18-23 $2 2. 39-33!) 19-23 $1\n"
        "2. 28x19 {b} 14x23 (2... 13x24 3. 38-33) 3. 33-28 {c} *"
    )
    careful = repr(list(_read(tokenize(iter_lines(text)))))

    def unmerged(self: _GameReader, token: Token) -> None:
        raise AssertionError(f"read token by token: {token.text!r}")

    monkeypatch.setattr(_GameReader, "unmerged", unmerged)
    assert repr(list(_read(tokenize(iter_lines(text), runs=True)))) == careful


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("32-28", 3, 7, 12), {}),
        (("19-23", 1, 1, None), {}),
        (("28x19", 2, 5, 4, "!?", (7,), ("a",), ((PdnMove("1-7", 2, 9),),), False, ("b",)), {}),
        (("-", 1, 1), {"unknown": True, "comments": ("c",)}),
    ],
)
def test_made_move_is_the_constructors_move(
    args: tuple[object, ...], named: dict[str, object]
) -> None:
    made, expected = made_move(*args, **named), PdnMove(*args, **named)  # type: ignore[arg-type]
    assert type(made) is PdnMove
    for field in fields(PdnMove):
        assert getattr(made, field.name) == getattr(expected, field.name), field.name
    assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)
    with pytest.raises(FrozenInstanceError):
        made.text = "31-27"  # type: ignore[misc]


def test_a_variation_on_its_line_is_read_when_first_looked_at() -> None:
    """The verdict replays the main line only: a variation that reads without a word to
    report is kept as written (LazyVariation) and read the first time it is looked at, to
    the moves the word-by-word path reads."""
    text = "1. 32-28 {c} 19-23 2. 28x19 (2. 33-28 {d} 14-19 (2... 1-7)) 14x23 *"
    (fast,) = _read(tokenize(iter_lines(text), runs=True))
    (careful,) = _read(tokenize(iter_lines(text)))
    kept = fast.moves[2].variations[0]
    assert isinstance(kept, LazyVariation) and not hasattr(kept, "_entries")
    assert kept == careful.moves[2].variations[0] and hasattr(kept, "_entries")
    assert hash(kept) == hash(careful.moves[2].variations[0])
    assert [m.text for m in kept] == ["33-28", "14-19"] and kept[1].variations[0][0].text == "1-7"
    assert fast == careful and repr(fast) == repr(careful)
    # a variation whose reading reports something is read at once: "()" is a repair
    (empty,) = _read(tokenize(iter_lines("1. 32-28 () 19-23 *"), runs=True))
    assert len(empty.warnings) == 1


def _wrapped_game(moves: int, padded: bool, width: int = 79) -> str:
    """A game of ``moves`` plies, each move followed in turn by a comment over a line end,
    a variation and nothing, its movetext wrapped at ``width`` columns at blanks; with
    ``padded``, one move in four padded with a blank ("4- 9")."""
    words: list[str] = []
    for ply in range(moves):
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        words.append(("32-28", "19-23", "28x19", "4-\x009" if padded else "14x23")[ply % 4])
        words.append(
            ("{a long engine comment, +0.35}", f"({ply // 2 + 1}. 33-28 18-23)", "")[ply % 3]
        )
    lines, line = [], ""
    for word in filter(None, " ".join(words).replace("\x00", " ").split(" ")):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return '[Event "x"]\n' + "\n".join([*lines, line]) + " *\n"


@pytest.mark.parametrize("padded", [False, True])
@pytest.mark.parametrize("moves", [3, 40, 400, 4_000])
def test_a_run_over_many_lines_is_read_as_its_lines_are(moves: int, padded: bool) -> None:
    """A run carried over line ends is read in blocks of lines (the lexer's _block), up to
    MAX_BLOCK characters: the same tokens, spelled out, and games as line by line, past
    MAX_BLOCK, padded moves taken as words of the run as on a line."""
    text = _wrapped_game(moves, padded)
    _check(text)
    runs = [t for t in tokenize(iter_lines(text), runs=True) if t.kind is Kind.RUN]
    # the movetext in as few RUN tokens as MAX_BLOCK allows: not a token per line
    assert len(runs) <= len(text) // MAX_BLOCK + 1
    assert all(len(run.text) <= MAX_BLOCK + 80 for run in runs)


@settings(SETTINGS, max_examples=100)
@given(st.lists(pdn_like, min_size=1, max_size=4), st.sampled_from([3, 40, 400]))
def test_the_blocks_after_a_long_one_are_read_as_their_lines_are(
    games: list[list[tuple[str, str]]], moves: int
) -> None:
    """A block gathers at first as many lines as the last block took: after a game read
    in one long block, the runs of the next games, wherever they stop, are read as their
    lines are."""
    text = _wrapped_game(moves, padded=False) + "\n"
    for parts in games:
        text += '[Event "y"]\n' + "".join(word + separator for word, separator in parts) + "\n"
    _check(text)


TAG_PIECES = ["[", "]", '"', "\\", " ", "Event", "white_2", "x", "é", "{", "(", "1-0", '\\"']


@settings(SETTINGS, max_examples=300)
@given(st.lists(st.sampled_from(TAG_PIECES), max_size=12), st.sampled_from(["", " ", "[]"]))
def test_a_tag_line_is_the_token_line_gives(parts: list[str], tail: str) -> None:
    """A line that is one tag (escapes, blanks, a lone backslash...) or looks like one:
    the tokens of the same line after a blank, which _line reads, one column further."""
    line = '[Event "' + "".join(parts) + '"]' + tail
    for runs in (False, True):
        shifted = [
            token._replace(column=token.column - 1) if token.kind is not Kind.EOF else token
            for token in tokenize([" " + line], runs=runs)
        ]
        assert list(tokenize([line], runs=runs)) == shifted, line
