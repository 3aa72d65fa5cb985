"""The speed benchmark's driver and loops run and report what they measured.

Never asserts a time: only that the report has its structure, counts the right games and
plies, and that the perft leaf counts agree with docs/rules/perft.md §2.
"""

from __future__ import annotations

from contextlib import redirect_stdout
from io import StringIO

import pytest

from arbiter.variants import EnglishBoard, InternationalBoard, RussianBoard
from benchmarks import arbiter_speed
from benchmarks.arbiter_speed import PEERS, VARIANTS, ArbiterEngine, main, numeric_fen
from benchmarks.peers import loops

# Real games (corpus: mobydam/babasy1.pdn game 1, english/tinsley.pdn game 1,
# russian/ussr1947.pdn game 1) and one damaged record per variant.
INTERNATIONAL = """[Event "56.DAM"]
[Result "*"]

1. 32-28 19-23 2. 28x19 14x23 3. 31-27 10-14 4. 37-32 14-19 5. 41-37 5-10 6.
33-28 10-14 7. 39-33 17-22 8. 28x17 11x31 9. 36x27 6-11 10. 33-28 11-17 11.
44-39 7-11 12. 46-41 1-6 13. 41-36 20-24 14. 34-30 14-20 15. 39-33 24-29 16.
33x24 20x29 17. 30-25 9-14 18. 50-44 15-20 19. 35-30 20-24 20. 40-35 17-22 21.
28x17 11x31 22. 36x27 6-11 23. 44-39 11-17 24. 37-31 17-21 25. 39-33 21-26 26.
33-28 26x37 27. 42x31 12-17 28. 31-26 4-9 29. 27-22 18x27 30. 32x12 8x17 31.
48-42 23x32 32. 38x27 3-8 33. 43-38 8-12 34. 42-37 13-18 35. 37-32 2-7 36.
49-43 18-22 37. 27x18 12x23 38. 43-39 9-13 39. 32-27 13-18 40. 47-42 17-22 41.
45-40 22x31 42. 26x37 7-12 43. 37-31 12-17 44. 38-32 18-22 45. 39-34 22-28 46.
25-20 28x48 47. 20x9 48x26 48. 9-4 29-33 49. 4-10 33-38 50. 30-25 38-42 51.
34-30 42-47 52. 40-34 47-29 *

[Event "damaged: capture is compulsory at ply 3"]
[Result "*"]

1. 32-28 19-23 2. 28-22 *
"""

ENGLISH = """[Event "Ohio State Ty 1946"]
[Result "1/2-1/2"]
1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 4. 10x14 19x10 5. 14x23 26x19 6.
7x14 24-20 7. 6-10 30-26 8. 11-15 28-24 9. 14-18 20-16 10. 18-23 16-11 11.
23x30 11x4 12. 2-7 4-8 13. 1-6 22-18 14. 15x22 25x18 15. 10x14 18x15 16. 14-18
29x25 17. 9-13 8-4 18. 13-17 21x14 19. 30x21 15-10 20. 6x15 19x10 21. 21-17
4-8 22. 18-22 24-19 23. 22-25 32-28 24. 25-30 31-27 25. 30-26 19-16 26. 12x19
27-24 27. 3x12 10x3 28. 17x10 24x15x6 1/2-1/2

[Event "damaged: a man moves backwards"]
[Result "*"]
1. 11-15 23-18 2. 15-11 *
"""

RUSSIAN = """[Event "X USSR championship"]
[Result "1-0"]
[FEN "W:W29,30,31,32,25,26,27,28,21,22,23,24:B9,10,11,12,5,6,7,8,1,2,3,4."]

1. c3-d4 d6-e5 2. b2-c3 e7-d6 3. e3-f4 b6-a5 4. f2-e3 c7-b6 5. c1-b2 b6-c5
6. d4:b6 a5:c7 7. c3-d4 e5:c3 8. b2:d4 d6-c5 9. d4:b6 a7:c5 10. d2-c3 f8-e7
11. c3-d4 c7-b6 12. a1-b2 e7-d6 13. b2-c3 b6-a5 14. d4:b6 a5:c7 15. e1-d2
d6-c5 16. c3-b4 c7-d6 17. d2-c3 b8-a7 18. g3-h4 d6-e5 19. f4:d6 c5:e7
20. h2-g3 e7-d6 21. b4-a5 f6-e5 22. a3-b4 g7-f6 23. c3-d4 e5:c3 24. b4:d2
f6-e5 25. g1-h2 a7-b6 26. a5:c7 d8:b6 27. g3-f4 e5:g3 28. h2:f4 d6-c5
29. d2-c3 b6-a5 30. e3-d4 c5:g5 31. h4:f6   1-0

[Event "damaged: the square is empty"]
[Result "*"]

1. c3-d4 d6-e5 2. h2-g1 *
"""

FIXTURES = {"international": INTERNATIONAL, "english": ENGLISH, "russian": RUSSIAN}
#: Plies of the one legal game of each fixture.
LEGAL_PLIES = {"international": 104, "english": 56, "russian": 61}


@pytest.fixture(scope="module")
def quick_report(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("pdn")
    argv = ["--quick", "--plies", "1000"]
    for variant, text in FIXTURES.items():
        path = folder / f"{variant}.pdn"
        path.write_text(text, encoding="utf-8")
        argv += ["--variant", variant, "--pdn", f"{variant}={path}"]
    out = StringIO()
    with redirect_stdout(out):
        main(argv)
    return out.getvalue()


def _row(report: str, table: int, variant: str) -> list[str]:
    section = report.split(f"\n{table}. ", 1)[1]
    line = next(line for line in section.splitlines() if line.startswith(variant))
    return line.split()


def test_quick_run_prints_both_tables_with_every_implementation(quick_report: str) -> None:
    assert "1. Plies verified per second" in quick_report
    assert "2. Perft leaves per second" in quick_report
    for name in ("arbiter: replay()", "arbiter: same loop", "arbiter: perft()"):
        assert name in quick_report
    for peer in PEERS:
        assert peer.name in quick_report
    assert "cores" in quick_report and "python: CPython 3.11" in quick_report


@pytest.mark.parametrize("variant", sorted(FIXTURES))
def test_counts_only_the_games_every_implementation_replays(
    quick_report: str, variant: str
) -> None:
    _, games, plies, *_ = _row(quick_report, 1, variant)
    assert (games, plies) == ("1", str(LEGAL_PLIES[variant]))
    assert f"{variant}: 1 of 1 candidate games" in quick_report


@pytest.mark.parametrize("variant", sorted(FIXTURES))
def test_perft_leaf_counts_agree_with_the_reference(quick_report: str, variant: str) -> None:
    _, depth, verdict, reference, *_ = _row(quick_report, 2, variant)
    assert (depth, verdict) == ("2", "agree")
    assert reference == {"international": "81", "english": "49", "russian": "49"}[variant]


def test_damaged_records_are_left_out_with_the_reason(quick_report: str) -> None:
    offered = "not offered (our move reader stops): "
    assert f"{offered}international.pdn#2 ply 3 28-22: capture-compulsory" in quick_report
    assert f"{offered}english.pdn#2 ply 3 15-11:" in quick_report
    assert f"{offered}russian.pdn#2 ply 3 h2-g1:" in quick_report


def test_py_draughts_is_not_compared_on_english(quick_report: str) -> None:
    assert "n/a" in _row(quick_report, 1, "english")
    assert "n/a" in _row(quick_report, 2, "english")
    assert "n/a for py-draughts: py-draughts' American board lets White move first" in (
        quick_report
    )


def test_a_peer_without_its_virtualenv_is_reported_absent(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    missing = arbiter_speed.Peer("no-such-peer", "pydraughts_bench.py", frozenset(VARIANTS))
    monkeypatch.setattr(arbiter_speed, "PEERS", (missing,))
    main(["--quick", "--variant", "english", "--pdn", "english=/nonexistent/games.pdn"])
    report = capsys.readouterr().out
    assert _row(report, 1, "english")[-2:] == ["absent", "-"]
    assert "absent: no-such-peer (no virtualenv in .peers/: run `make peers`)" in report


def test_random_games_stand_in_when_the_corpus_is_absent(capsys: pytest.CaptureFixture) -> None:
    main(["--quick", "--variant", "russian", "--pdn", "russian=/nonexistent/games.pdn"])
    report = capsys.readouterr().out
    assert "russian: random legal play, seed 1 (no corpus found)" in report
    assert _row(report, 2, "russian")[2] == "agree"


def test_the_loop_reports_where_a_written_move_fails() -> None:
    engine = ArbiterEngine(InternationalBoard)
    start = numeric_fen(InternationalBoard())
    game = loops.NeutralGame(start, ((32, 28), (19, 23), (28, 22)))
    assert loops.replay_game(engine, game) == (2, "ply 3 28-22: not among the legal moves")


def test_the_loop_needs_the_written_path_when_from_and_to_are_ambiguous() -> None:
    """English men capture forwards only and choose freely (docs/rules/english.md §2): two double
    jumps from e3 to e7 round either side of a diamond of black men. ``from-to`` names
    both, the turning square picks one (docs/rules/pdn.md §5)."""
    square = EnglishBoard.geometry.square_at
    men = [square(3, 3), square(3, 5), square(5, 3), square(5, 5)]
    fen = f"W:W{square(4, 2)}:B{','.join(str(m) for m in men)}"
    engine = ArbiterEngine(EnglishBoard)
    ends = (square(4, 2), square(4, 6))
    assert loops.replay_game(engine, loops.NeutralGame(fen, (ends,)))[1] == (
        f"ply 1 {ends[0]}-{ends[1]}: matches 2 legal moves"
    )
    via_left = (ends[0], square(2, 4), ends[1])
    assert loops.replay_game(engine, loops.NeutralGame(fen, (via_left,))) == (1, None)


def test_the_neutral_fen_is_numeric_for_an_algebraic_variant() -> None:
    squares = ",".join(str(n) for n in range(1, 13))
    assert numeric_fen(RussianBoard()) == f"W:W{','.join(str(n) for n in range(21, 33))}:B{squares}"


def test_short_measurements_are_repeated_until_steady() -> None:
    """Every implementation is timed by the same rule (``loops.enough``)."""
    assert not loops.enough([0.1, 0.1], 3)
    assert not loops.enough([0.1, 0.1, 0.1], 3)  # 0.3 s in all: repeat
    assert loops.enough([0.1] * loops.MAX_RUNS, 3)
    assert loops.enough([1.0, 1.0, 1.0], 3)
    assert loops.enough([loops.LONG_RUN], 3)  # one long run is enough
    assert loops.enough([0.01], 1)  # --quick: one run
    answer, seconds = loops.measure(lambda: 7, 3)
    assert answer == 7 and len(seconds) == loops.MAX_RUNS


def test_the_text_to_verdict_bench_counts_our_plies_and_says_when_the_peer_is_absent(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    from benchmarks import text_verdict

    plies, seconds = text_verdict.ours(INTERNATIONAL, "international")
    assert plies == [104, 2] and seconds > 0
    monkeypatch.setattr(text_verdict, "PEER", tmp_path / "absent" / "python")
    out = StringIO()
    with redirect_stdout(out):
        text_verdict.main(["--runs", "1"])
    assert "py-draughts is not installed" in out.getvalue()


def test_the_whole_files_bench_writes_three_kinds_of_the_same_games() -> None:
    """The three files hold the same main lines (read by ours and by the peers' minimal
    reader alike); only comments and variations differ between them."""
    import importlib.util

    from arbiter.pdn import PdnMove, read_games
    from arbiter.variants import InternationalBoard
    from benchmarks import whole_files
    from benchmarks.arbiter_speed import PEER_DIR, random_selection

    candidates = random_selection(InternationalBoard, 200, seed=3).candidates
    files = whole_files.build_files(candidates)
    spec = importlib.util.spec_from_file_location("peer_files", PEER_DIR / "whole_files.py")
    assert spec is not None and spec.loader is not None
    peer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(peer)
    expected = [[m.text for m in c.game.moves if isinstance(m, PdnMove)] for c in candidates]
    counts = {}
    for kind, text in files.items():
        games = list(read_games(text))
        assert [[m.text for m in g.moves] for g in games] == expected, kind
        assert [moves for _, moves in peer.main_lines(text)] == expected, kind
        assert all(not g.errors and not g.warnings for g in games)
        plies, _ = whole_files.ours(text)
        assert plies == [len(moves) for moves in expected]
        counts[kind] = (
            sum(len(m.comments) for g in games for m in g.moves),
            sum(len(m.variations) for g in games for m in g.moves),
        )
    assert counts["plain"] == (0, 0)
    assert counts["annotated"][0] > sum(map(len, expected)) and counts["annotated"][1] == 0
    assert counts["variation-rich"][1] > sum(map(len, expected)) // 4
