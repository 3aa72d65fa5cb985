"""The lenient reader and what it says it repaired; strict mode; moves settled by the rest
of the record; the reader's robustness (only its own errors, bounded recursion and memory).
"""

from __future__ import annotations

import importlib
import io
import json
import re
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.cli import main
from arbiter.errors import ArbiterError
from arbiter.pdn import PdnGame, encoding, read_game, read_games
from arbiter.pdn.encoding import MAX_PIECE, Piece, iter_lines
from arbiter.pdn.reader import MAX_GAME_ITEMS, MAX_VARIATION_DEPTH
from arbiter.replay import MAX_READINGS, replay

replay_module = importlib.import_module("arbiter.replay")  # the package exports replay()
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "pdn"
CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
needs_corpus = pytest.mark.skipif(
    not CORPUS.is_dir(), reason=f"no shared corpus at {CORPUS} (not part of a fresh clone)"
)

#: Event -> (line, column, what PDN expects, what was assumed) of its one repair.
REPAIRS = {
    "tag without closing quote": (2, 1, "a closing '\"'", "the tag [Round '11.3']"),
    "tag without quotes": (8, 1, "a tag value in double quotes", "the tag [Round '17']"),
    "prose in parentheses": (16, 10, "a variation of moves in '(...)'", "a comment"),
    "no result before the next game": (
        23,
        1,
        "a result or '*' to end the game",
        "the end of the game, with the Result tag's '1-1'",
    ),
    "remark glued to a move": (
        26,
        10,
        "a blank between a move and a remark",
        "the move '19-23' and the comment 'Blackresigned.'",
    ),
    "stray punctuation": (
        31,
        10,
        "a move, a move number or a result",
        "stray punctuation, ignored",
    ),
    "move number without a move": (36, 4, "a move after the move number 1", "no move there"),
    "match score as the result": (
        41,
        16,
        "a game result: 2-0, 1-1, 0-2, 1-0, 0-1, 1/2-1/2, 0-0 or *",
        "the end of the game (the Result tag says '4-6')",
    ),
    "stray brace": (46, 31, "no '}' here", "a stray character, ignored"),
    "colon result": (
        51,
        16,
        "a game result: 2-0, 1-1, 0-2, 1-0, 0-1, 1/2-1/2, 0-0 or *",
        "the result 1-0",
    ),
    "stray parenthesis": (
        56,
        10,
        "a move, a move number or a result",
        "a stray character, ignored",
    ),
    "unclosed variation": (
        61,
        23,
        "')' to close the variation opened at line 61, column 16",
        "the variation closed there",
    ),
    "move number glued to a padded move": (
        66,
        1,
        "a blank after the move number and none inside the move",
        "the move number 1 and the move '32-28'",
    ),
    "note holding parentheses": (71, 10, "a variation of moves in '(...)'", "a comment"),
    "typeset dash": (76, 4, "'-' and 'x' in moves and results", "'32-28'"),
}


def repaired() -> dict[str, list]:
    return {g.tag("Event"): g for g in read_games(FIXTURES / "repairs.pdn")}


@pytest.mark.parametrize("event", REPAIRS)
def test_each_deviation_is_read_with_one_warning_at_its_place(event: str) -> None:
    game = repaired()[event]
    assert game.errors == []
    (warning,) = game.warnings
    assert (warning.line, warning.column, warning.expected, warning.assumed) == REPAIRS[event]
    verdict = replay(game)
    assert verdict.verdict == "legal"
    assert verdict.warnings == (warning,)
    moves = [m.text for m in game.moves]
    assert moves == ([] if event == "move number without a move" else ["32-28", "19-23"])


@pytest.mark.parametrize("event", REPAIRS)
def test_strict_mode_rejects_each_deviation_at_its_line_and_column(event: str) -> None:
    game = {g.tag("Event"): g for g in read_games(FIXTURES / "repairs.pdn", strict=True)}[event]
    line, column, expected, _ = REPAIRS[event]
    (error,) = game.errors
    assert (error.line, error.column, error.expected) == (line, column, expected)
    assert game.warnings == []
    verdict = replay(game)
    assert verdict.verdict == "unreadable" and verdict.error is not None
    assert f"line {line}, column {column}" in verdict.error.message


def test_a_game_ending_at_the_end_of_the_file_needs_no_result() -> None:
    """PDN 3.0 ends a game with a result only when another game follows."""
    last = repaired()["no result at the end of the file"]
    assert last.errors == last.warnings == [] and last.result is None
    verdict = replay(last)
    assert verdict.legal and verdict.recorded_result == "1-1"


def test_the_warnings_are_in_the_json_verdict_and_the_text_output() -> None:
    out = io.StringIO()
    assert main(["verify", "--format", "json", str(FIXTURES / "repairs.pdn")], stdout=out) == 0
    verdicts = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(verdicts) == len(REPAIRS) + 1
    first = verdicts[0]["warnings"]
    assert first == [
        {
            "line": 2,
            "column": 1,
            "expected": "a closing '\"'",
            "found": "'[Round \"11.3]'",
            "assumed": "the tag [Round '11.3']",
        }
    ]
    assert verdicts[0]["readings"] == []
    text = io.StringIO()
    main(["verify", str(FIXTURES / "repairs.pdn")], stdout=text)
    assert "  repaired: line 16, column 10: found \"(Roberto's" in text.getvalue()


def test_strict_verification_exits_1_and_names_the_place() -> None:
    out = io.StringIO()
    assert main(["verify", "--strict", str(FIXTURES / "repairs.pdn")], stdout=out) == 1
    assert "pdn-syntax: game 1, line 2, column 1: expected a closing '\"'" in out.getvalue()


@needs_corpus
def test_strict_mode_rejects_every_file_of_the_fail_set_and_reads_the_succeed_set() -> None:
    fail = sorted(p for p in CORPUS.rglob("*.pdn") if "fail" in p.relative_to(CORPUS).parts[-2])
    assert len(fail) == 8
    for path in fail:
        errors = [e for g in read_games(path, strict=True) for e in g.errors]
        assert errors, path
        assert all(e.line >= 1 and e.column >= 1 for e in errors)
        lenient = list(read_games(path))
        assert all(not g.errors for g in lenient), path  # read whole, with warnings
    succeed = sorted((CORPUS / "pdn-standard").glob("*.pdn"))
    assert len(succeed) == 5
    for path in succeed:
        for strict in (True, False):
            (game,) = read_games(path, strict=strict)
            assert game.errors == [] and game.warnings == [], path
            assert game.moves, path


@needs_corpus
def test_the_standard_files_replay_legally() -> None:
    for path in sorted((CORPUS / "pdn-standard").glob("*.pdn")):
        (game,) = read_games(path, strict=True)
        # "1.a3b4" is written on an 8x8 board
        variant = "russian" if path.name == "alphanumeric.pdn" else "international"
        verdict = replay(game, variant=variant)
        assert verdict.legal, (path, verdict.error)


# -- moves that fit several legal moves -----------------------------------------------

READINGS = FIXTURES / "readings.pdn"

#: Event -> (verdict, plies, (ply, move as written, its readings, settled, chosen)) of each
#: record of readings.pdn: one per way a move that fits several legal moves is settled.
SETTLED = {
    "one reading lets the record go on": (
        "legal",
        2,
        (1, "dc5", ("d4-c5", "d6-c5"), "continuation", "d4-c5"),
    ),
    "every reading ends the same": (
        "legal",
        1,
        (1, "hg5", ("h6-g5", "h4-g5"), "same-outcome", "h6-g5"),
    ),
    "every reading ends the same, a capture by two routes": (
        "legal",
        1,
        (1, "16x1", ("16x32x23x1", "16x49x40x1"), "same-outcome", "16x32x23x1"),
    ),
    "the readings end differently": (
        "ambiguous",
        0,
        (1, "dc7", ("d8-c7", "d6-c7"), "different-outcomes", None),
    ),
    "every reading meets an illegal move": (
        "illegal",
        1,
        (1, "dc5", ("d4-c5", "d6-c5"), "all-illegal", "d4-c5"),
    ),
}

#: What each reading leads to, as the verdict words it (same order as the readings).
LEADS_TO = {
    "one reading lets the record go on": (
        "legal (2 plies, result not-checkable)",
        "illegal (1 ply, stops at ply 2: not-reachable 'b6:a1', result not-checkable)",
    ),
    "every reading ends the same": (
        "legal (1 ply, result not-checkable)",
        "legal (1 ply, result not-checkable)",
    ),
    "every reading ends the same, a capture by two routes": (
        "legal (1 ply, result not-checkable)",
        "legal (1 ply, result not-checkable)",
    ),
    "the readings end differently": (
        "legal (1 ply, 1-0 on the board, result agrees)",
        "legal (1 ply, result not-checkable)",
    ),
    "every reading meets an illegal move": (
        "illegal (1 ply, stops at ply 2: no-piece 'h2-g1', result not-checkable)",
        "illegal (1 ply, stops at ply 2: no-piece 'h2-g1', result not-checkable)",
    ),
}

#: The words of the note (or, for an ambiguous verdict, of the error) of each record.
SAID = {
    "one reading lets the record go on": (
        "ply 1 ('dc5', line 5, column 4) fits d4-c5 or d6-c5; only d4-c5 lets the rest of "
        "the record be played (d6-c5 leads to illegal (1 ply, stops at ply 2: "
        "not-reachable 'b6:a1', result not-checkable))"
    ),
    "every reading ends the same": (
        "ply 1 ('hg5', line 11, column 4) fits h6-g5 or h4-g5; every reading leads to the "
        "same verdict: legal (1 ply, result not-checkable)"
    ),
    "every reading ends the same, a capture by two routes": (
        "ply 1 ('16x1', line 17, column 4) fits 16x32x23x1 or 16x49x40x1; every reading "
        "leads to the same verdict: legal (1 ply, result not-checkable)"
    ),
    "the readings end differently": (
        "ambiguous move 'dc7': the rest of the record does not settle it (read as d8-c7: "
        "legal (1 ply, 1-0 on the board, result agrees); read as d6-c7: legal (1 ply, "
        "result not-checkable))"
    ),
    "every reading meets an illegal move": (
        "ply 1 ('dc5', line 30, column 4) fits d4-c5 or d6-c5; every reading makes a later "
        "move illegal, d4-c5 the latest: illegal (1 ply, stops at ply 2: no-piece 'h2-g1', "
        "result not-checkable)"
    ),
}


def settled_games() -> dict[str | None, PdnGame]:
    return {game.tag("Event"): game for game in read_games(READINGS)}


@pytest.mark.parametrize("event", SETTLED)
def test_each_way_of_settling_a_move_gives_its_verdict_readings_and_note(event: str) -> None:
    verdict = replay(settled_games()[event])
    kind, plies, (ply, move, readings, settled, chosen) = SETTLED[event]
    assert (verdict.verdict, verdict.plies) == (kind, plies)
    (reading,) = verdict.readings
    assert (reading.ply, reading.move, reading.readings) == (ply, move, readings)
    assert (reading.settled, reading.chosen) == (settled, chosen)
    assert reading.leads_to == LEADS_TO[event]
    if kind == "ambiguous":
        assert verdict.error is not None and verdict.error.message == SAID[event]
        assert verdict.error.legal == readings and verdict.notes == ()
    else:
        assert verdict.notes == (SAID[event],)


def test_the_readings_are_in_the_json_verdict_and_the_text_output() -> None:
    out = io.StringIO()
    assert main(["verify", "--format", "json", str(READINGS)], stdout=out) == 1
    verdicts = [json.loads(line) for line in out.getvalue().splitlines()]
    events = list(settled_games())
    assert len(verdicts) == len(events) == len(SETTLED) + 1
    for event, verdict in zip(events, verdicts, strict=True):
        if event not in SETTLED:
            continue
        kind, _, (ply, move, readings, settled, chosen) = SETTLED[event]
        assert verdict["verdict"] == kind
        assert verdict["readings"] == [
            {
                "ply": ply,
                "move": move,
                "readings": list(readings),
                "leads_to": list(LEADS_TO[event]),
                "settled": settled,
                "chosen": chosen,
            }
        ]
        said = verdict["error"]["message"] if kind == "ambiguous" else verdict["notes"][0]
        assert said == SAID[event]
    text = io.StringIO()
    assert main(["verify", str(READINGS)], stdout=text) == 1
    lines = text.getvalue().splitlines()
    start = lines.index("  reading of ply 1 'dc7': different-outcomes")
    assert lines[start - 1] == "  ambiguous: " + SAID["the readings end differently"]
    assert lines[start + 1 : start + 3] == [
        "    d8-c7: legal (1 ply, 1-0 on the board, result agrees)",
        "    d6-c7: legal (1 ply, result not-checkable)",
    ]
    assert "  reading of ply 1 'dc5': continuation, read as d4-c5" in lines


def counted_replays(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The replays made from here on (the record's own and one per reading)."""
    replays: list[object] = []
    original = replay_module._Replay.run

    def counted(self, variant, opening):  # type: ignore[no-untyped-def]
        replays.append(self)
        return original(self, variant, opening)

    monkeypatch.setattr(replay_module._Replay, "run", counted)
    return replays


def test_a_record_of_many_moves_that_fit_two_stays_within_the_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Eight moves of the record fit two moves each and the readings branch: settling
    them all takes 45 replays. With the bound, MAX_READINGS (32) replays besides the
    record's own, the move left open is reported ``too-many-readings`` and named."""
    game = settled_games()["many moves that fit two moves"]
    replays = counted_replays(monkeypatch)
    verdict = replay(game)
    assert MAX_READINGS == 32 and len(replays) == MAX_READINGS + 1
    assert verdict.verdict == "ambiguous" and verdict.error is not None
    assert verdict.error.ply == 13 and verdict.error.move == "ab2"
    assert "more readings than the 32 replays allowed" in verdict.error.message
    assert verdict.readings[-1].settled == "too-many-readings"
    assert [r.settled for r in verdict.readings[:-1]] == ["continuation"] * 3
    # with room enough, the same record is settled: legal, drawn on the board at ply 30
    replays.clear()
    monkeypatch.setattr(replay_module, "MAX_READINGS", 64)
    verdict = replay(game)
    assert len(replays) == 45 and verdict.legal and verdict.plies == 30
    assert verdict.outcome is not None and verdict.outcome.result == "1/2-1/2"
    assert len(verdict.readings) == 8


@needs_corpus
def test_the_continuation_settles_a_capture_written_from_and_to() -> None:
    games = list(read_games(CORPUS / "english/books/Tricks_traps_and_shots.pdn"))
    verdict = replay(games[56], variant="english")
    assert verdict.legal
    (reading,) = verdict.readings
    assert (reading.ply, reading.move, reading.settled) == (37, "10x26", "continuation")
    assert reading.chosen == "10x17x26" and reading.readings == ("10x17x26", "10x19x26")
    assert reading.leads_to[1].startswith("illegal (37 plies, stops at ply 38: occupied")


@needs_corpus
def test_the_readings_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each reading costs one replay of the record, nested ones included; past the bound
    the move is reported ambiguous, with the bound named."""
    game = list(read_games(CORPUS / "international/fmjd-testset/schildpad.pdn"))[2]
    replays = []
    original = replay_module._Replay.run

    def counted(self, variant, opening):  # type: ignore[no-untyped-def]
        replays.append(self)
        return original(self, variant, opening)

    monkeypatch.setattr(replay_module._Replay, "run", counted)
    verdict = replay(game, variant="international")
    assert verdict.legal and len(replays) <= MAX_READINGS + 1
    replays.clear()
    monkeypatch.setattr(replay_module, "MAX_READINGS", 1)
    verdict = replay(game, variant="international")
    assert verdict.verdict == "ambiguous" and len(replays) == 1
    assert verdict.readings[0].settled == "too-many-readings"
    assert verdict.error is not None and "more readings than the 1 replays" in verdict.error.message


# -- robustness -------------------------------------------------------------------------


def test_unicode_digits_and_huge_numbers_give_the_arbiters_own_errors() -> None:
    verdict = replay(read_game('[GameType "²"]\n1. 32-28 *'))
    assert verdict.verdict == "unreadable" and verdict.error is not None
    assert verdict.error.code == "unknown-variant"
    for fen in ("W:W²,31:B1", "W:W31,K" + "9" * 5000 + ":B1", "W:Wh²:B1"):
        verdict = replay(read_game(f'[GameType "20"]\n[FEN "{fen}"]\n1. 32-28 *'))
        assert verdict.verdict == "unreadable" and verdict.error.code == "invalid-fen"
    game = read_game("9" * 5000 + ". 32-28 " + "7" * 5000 + "-" + "5" * 5000 + " *")
    assert game.warnings or game.errors


def test_variations_nested_too_deep_are_an_error_not_a_recursion_error() -> None:
    deep = "1. 32-28 " + "(33-29 " * 300 + ")" * 300 + " *"
    game = read_game(deep)
    (error,) = game.errors
    assert error.expected == f"variations nested at most {MAX_VARIATION_DEPTH} deep"
    assert error.column == len("1. 32-28 ") + 7 * MAX_VARIATION_DEPTH + 1
    assert replay(game, variant="international").verdict == "unreadable"
    fine = read_game("1. 32-28 " + "(33-29 " * 60 + ")" * 60 + " *")
    assert fine.errors == []


def test_an_empty_opening_has_no_moves() -> None:
    game = read_game('[GameType "20"]\n1. 32-28 19-23 *')
    for opening in ("", "  "):
        verdict = replay(game, opening=opening)
        assert verdict.legal and verdict.opening is not None and verdict.opening.followed


def test_a_fen_with_an_open_side_to_move_is_settled_by_the_first_move() -> None:
    black = read_game('[GameType "20"]\n[FEN "?:W31,32:B19,20"]\n1. ... 19-23 *')
    verdict = replay(black)
    assert verdict.legal and verdict.plies == 1
    assert any("the first move, '19-23', is Black's" in note for note in verdict.notes)
    white = replay(read_game('[GameType "20"]\n[FEN "?:W31,32:B19,20"]\n1. 32-28 *'))
    assert white.legal and any("is White's" in note for note in white.notes)


def test_verify_never_stops_a_file_with_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "three.pdn"
    path.write_text('[GameType "20"]\n1. 32-28 *\n\n[GameType "²"]\n1. 32-28 *\n\n'
                    '[GameType "20"]\n1. 33-29 *\n')  # fmt: skip
    original = replay_module._Replay._play

    def failing(self):  # type: ignore[no-untyped-def]
        if self.game.index == 1:
            raise RuntimeError("a defect")
        return original(self)

    monkeypatch.setattr(replay_module._Replay, "_play", failing)
    out = io.StringIO()
    assert main(["verify", "--format", "json", str(path)], stdout=out) == 1
    verdicts = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(v["game"], v["verdict"]) for v in verdicts] == [
        (1, "unreadable"),
        (2, "unreadable"),
        (3, "legal"),
    ]
    assert verdicts[0]["error"]["code"] == "arbiter-error"
    assert "RuntimeError('a defect')" in verdicts[0]["error"]["message"]
    assert verdicts[1]["error"]["code"] == "unknown-variant"


# -- memory -------------------------------------------------------------------------------

TEN_MB = 10 * 1024 * 1024
#: What reading 10 MB written on one line may take at most (measured: 13.7 MiB for moves,
#: under 1 MiB for a tag, a comment or stray characters): the line is read in pieces of
#: MAX_PIECE characters and a game holds at most MAX_GAME_ITEMS items.
MEMORY_BOUND = 24 * 1024 * 1024

ONE_LINE = {
    "moves": "1. " + "32-28 19-23 28x19 14x23 " * (TEN_MB // 24 + 1),
    "tag": '[Event "' + "x" * TEN_MB + '"]\n1. 32-28 *',
    "comment": "1. 32-28 {" + "word " * (TEN_MB // 5) + "} *",
    "stray": "}" * TEN_MB,
}


@pytest.mark.slow
@pytest.mark.parametrize("name", ONE_LINE)
def test_ten_megabytes_on_one_line_are_read_in_bounded_memory(name: str) -> None:
    data = ONE_LINE[name].encode()
    assert len(data) >= TEN_MB
    tracemalloc.start()
    try:
        games = 0
        for game in read_games(io.BytesIO(data)):
            games += 1
            # checked between tokens: a run of moves may take it one piece further
            assert len(game.moves) <= MAX_GAME_ITEMS + MAX_PIECE // 2
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert games >= 1
    assert peak < MEMORY_BOUND, f"{peak / 2**20:.1f} MiB"


def test_a_long_line_comes_in_pieces_with_their_columns() -> None:
    text = "1. " + "32-28 " * (MAX_PIECE // 3)
    lines = list(iter_lines(text))
    assert isinstance(lines[0], str) and all(isinstance(p, Piece) for p in lines[1:])
    assert all(len(p if isinstance(p, str) else p.text) <= MAX_PIECE for p in lines)
    assert "".join(p if isinstance(p, str) else p.text for p in lines) == text
    game = read_game(text + "*")
    assert len(game.moves) == MAX_PIECE // 3
    last = game.moves[-1]
    assert (last.line, last.column) == (1, len(text) - 5)


@settings(deadline=None, max_examples=200)
@given(
    st.lists(
        st.sampled_from(["1. 32-28", "\n", "\r", "\r\n", "é", " ", "{c}", "\n\n"]),
        max_size=30,
    ),
    st.sampled_from([0, 1, 3]),
    st.booleans(),
)
def test_lines_in_memory_are_the_lines_of_a_stream(parts: list[str], long: int, bom: bool) -> None:
    """A text in memory with LF or CRLF line ends only, and as bytes valid UTF-8, is cut
    by split, not searched line by line: the same lines and pieces as the same text read
    from a file object (and with CR line ends, and in Windows-1252)."""
    text = "".join(parts) + "32-28 " * (long * MAX_PIECE // 6)
    sources: list[str | bytes] = [text, text.encode(), text.encode("cp1252")]
    if bom:
        sources = ["\ufeff" + text, ("\ufeff" + text).encode()]
    for source in sources:
        whole = list(iter_lines(source))
        stream = io.StringIO(source) if isinstance(source, str) else io.BytesIO(source)
        assert whole == list(iter_lines(stream))


def test_a_source_in_memory_past_the_bound_is_read_line_by_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A source longer than AT_ONCE is not split at once (it would be held a few times
    over): the same lines, line by line."""
    text = '\ufeff[Event "x"]\r\n1. 32-28 19-23\r\n2. 28x19 *\r\n'
    split = list(iter_lines(text))
    monkeypatch.setattr(encoding, "AT_ONCE", 10)
    monkeypatch.setattr(encoding, "_lines", lambda source: iter(["line by line"]))
    assert list(iter_lines(text)) == ["line by line"]
    monkeypatch.undo()
    monkeypatch.setattr(encoding, "AT_ONCE", 10)
    assert list(iter_lines(text)) == split == list(iter_lines(text.encode()))


@pytest.mark.parametrize("size", [MAX_PIECE - 9, MAX_PIECE, 3 * MAX_PIECE + 7])
@pytest.mark.parametrize("blanks", [False, True])
def test_a_tag_value_longer_than_a_piece_of_a_line_keeps_its_record_whole(
    size: int, blanks: bool
) -> None:
    """A tag line is read whole even when its value is longer than a piece of a line
    (MAX_PIECE): the record is not cut in two at the piece's end."""
    value = ("a " * size)[:size] if blanks else "x" * size
    text = f'[Event "{value}"]\n[White "A"]\n1. 32-28 19-23 *\n[Event "next"]\n1. 31-27 *\n'
    for source in (text, text.encode(), io.BytesIO(text.encode())):
        first, second = read_games(source)
        assert first.tag("Event") == value and first.tag("White") == "A"
        assert [m.text for m in first.moves] == ["32-28", "19-23"]
        assert first.errors == first.warnings == []
        assert second.tag("Event") == "next"


@needs_corpus
def test_move_numbers_glued_to_padded_moves_read_the_games_of_the_spaced_ones() -> None:
    """An engine writes "48.18x 9": the standard's own files (written "48. 18x 9"), with
    each move number glued to its move, read the same moves and replay the same, with one
    warning per glued padded move."""
    path = CORPUS / "international" / "fmjd-testset" / "DUTCH96H.pdn"
    spaced = path.read_text(encoding="utf-8", errors="replace")
    glued = re.sub(r"(\d+\.) +(?=\d)", r"\1", spaced)
    padded = len(re.findall(r"\d+\.\d+[-x] \d", glued))
    assert glued != spaced and padded == 21
    before, after = list(read_games(spaced)), list(read_games(glued))
    assert len(before) == len(after) == 13
    warnings = 0
    for clean, joined in zip(before, after, strict=True):
        assert [m.text for m in joined.moves] == [m.text for m in clean.moves]
        assert joined.errors == []
        warnings += len(joined.warnings)
        ours, theirs = (
            replay(clean, variant="international"),
            replay(joined, variant="international"),
        )
        assert (ours.verdict, ours.plies, ours.final_fen) == (
            theirs.verdict,
            theirs.plies,
            theirs.final_fen,
        )
        assert theirs.legal
    assert warnings == padded


# -- properties -------------------------------------------------------------------------

CLEAN = (
    '[Event "E"]\n[Round "3"]\n[GameType "20"]\n[Result "2-0"]\n'
    "1. 32-28 19-23 2. 28x19 14x23 {a note} 3. 37-32 10-14 2-0\n"
)
#: One (clean text, damaged text) per kind of repair the reader makes: a tag's closing quote
#: or quotes, prose in parentheses, a remark glued to a move, stray punctuation, '}', ')',
#: ']' and '"', no result, an over-long comment, '$' with no number or non-ASCII digits, a
#: move number too long to be one, an empty or unclosed variation, a move number with no
#: move, a result written another way, a move number glued to a move padded with a blank,
#: a note holding parentheses, a capital 'X' or a dash typeset for 'x' or '-'. (A FEN whose
#: side to move is '?' is settled by the replay:
#: test_a_fen_with_an_open_side_to_move_is_settled_by_the_first_move.)
ONE_REPAIR = [
    ('[Round "3"]', '[Round "3]'),
    ('[Round "3"]', "[Round 3]"),
    ("{a note}", "(a note written in words)"),
    ("14x23 {a note}", "14x23Thenote"),
    ("2. 28x19", "2. . 28x19"),
    ("19-23 2.", "19-23 } 2."),
    ("10-14 2-0", "10-14 ) 2-0"),
    ("10-14 2-0\n", "10-14\n"),
    ("{a note}", "{" + "a long note " * 6000 + "}"),
    ("14x23 {a note}", "14x23 $ {a note}"),
    ("14x23 {a note}", "14x23 $\u0663 {a note}"),
    ("19-23 2.", "19-23 ] 2."),
    ("19-23 2.", '19-23 " 2.'),
    ("2. 28x19", "99999999999999999999. 28x19"),
    ("14x23 {a note}", "14x23 () {a note}"),
    ("10-14 2-0", "10-14 (11-15 2-0"),
    ("10-14 2-0", "10-14 4. 2-0"),
    ("10-14 2-0", "10-14 2:0"),
    ("2. 28x19", "2.28x 19"),
    ("{a note}", "(a note (in parentheses) written in words)"),
    ("2. 28x19", "2. 28X19"),
    ("10-14 2-0", "10–14 2-0"),
]


@pytest.mark.parametrize("repair", ONE_REPAIR, ids=[new[:24] for _, new in ONE_REPAIR])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["\n", "\r\n"]), st.integers(0, 3))
def test_a_record_with_one_repair_reads_the_same_game_as_the_clean_one(
    repair: tuple[str, str], line_end: str, copies: int
) -> None:
    old, new = repair
    clean_text = CLEAN.replace("\n", line_end)
    damaged_text = CLEAN.replace(old, new, 1).replace("\n", line_end)
    following = (line_end + '[Event "next"]' + line_end + "1. 31-27 *") * copies
    clean = list(read_games(clean_text + following))
    damaged = list(read_games(damaged_text + following))
    assert len(damaged) == len(clean) == copies + 1
    assert damaged[0].errors == []
    # a game without a result needs none at the end of the file (PDN 3.0)
    at_the_end = new == "10-14\n" and not copies
    assert len(damaged[0].warnings) == (0 if at_the_end else 1)
    assert [m.text for m in damaged[0].moves] == [m.text for m in clean[0].moves]
    assert damaged[0].tags == clean[0].tags
    assert damaged[1:] == clean[1:]
    assert replay(damaged[0]).final_fen == replay(clean[0]).final_fen
    # strict: the same deviation is the game's one error, at the warning's place
    strict = list(read_games(damaged_text + following, strict=True))
    if not at_the_end:
        (warning,) = damaged[0].warnings
        (error,) = strict[0].errors
        assert (error.line, error.column) == (warning.line, warning.column)
        assert strict[0].warnings == []


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(max_size=300) | st.binary(max_size=300))
def test_the_reader_and_the_replay_raise_only_their_own_errors(data: str | bytes) -> None:
    try:
        for game in read_games(data):
            replay(game, variant="international", opening="")
    except ArbiterError:
        pass
