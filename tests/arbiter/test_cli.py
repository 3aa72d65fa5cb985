"""The command line: ``python -m arbiter verify|perft`` (its output is a contract)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter.cli import main
from arbiter.perft import perft
from arbiter.variants import RussianBoard

REPO = Path(__file__).resolve().parents[2]
GAMES = Path(__file__).resolve().parent / "fixtures" / "games"

LEGAL = '[White "A"]\n[Black "B"]\n[GameType "20"]\n1. 32-28 18-22 2. 37-32 12-18 1-1\n'
NO_TYPE = "1. 32-28 18-22 2. 37-32 12-18 *\n"


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), stdout=out)
    return status, out.getvalue()


@pytest.fixture
def legal(tmp_path: Path) -> Path:
    path = tmp_path / "legal.pdn"
    path.write_text(LEGAL)
    return path


@pytest.fixture
def no_type(tmp_path: Path) -> Path:
    path = tmp_path / "no_type.pdn"
    path.write_text(NO_TYPE)
    return path


def test_verify_json_prints_one_object_per_game_with_the_contract_fields(legal: Path) -> None:
    status, out = run("verify", "--format", "json", str(legal), str(GAMES / "illegal_moves.pdn"))
    lines = out.splitlines()
    assert len(lines) == 1 + 15
    first = json.loads(lines[0])
    assert first == first | {
        "game": 1,
        "file": str(legal),
        "white": "A",
        "black": "B",
        "variant": "international",
        "verdict": "legal",
        "plies": 4,
        "error": None,
        "draw": None,
        "recorded_result": "1-1",
        "result_check": "not-checkable",
        "moves_after_end": 0,
        "opening": None,
    }
    assert first["final_fen"].startswith("W:W")
    assert isinstance(first["notes"], list)
    compulsory = json.loads(lines[1 + 5])
    assert compulsory["verdict"] == "illegal"
    assert compulsory["error"] | {"fen": None, "message": None} == {
        "ply": 3,
        "move_number": 2,
        "move": "33-29",
        "fen": None,
        "code": "capture-compulsory",
        "message": None,
        "legal": ["28x19"],
        "line": 38,
        "column": 19,
    }
    assert status == 1


def test_verify_exits_0_when_every_game_is_legal(legal: Path) -> None:
    status, out = run("verify", str(legal))
    assert status == 0
    assert out.startswith(f"{legal} game 1 (A - B), international: legal, 4 plies")


def test_verify_text_gives_one_line_per_game_and_the_error_under_it() -> None:
    status, out = run("verify", str(GAMES / "illegal_moves.pdn"))
    assert status == 1
    lines = out.splitlines()
    head = next(i for i, line in enumerate(lines) if "'33-29'" in line and "game 6" in line)
    assert "illegal, 2 plies; stopped at ply 3 (move 2 '33-29', line 38, column 19)" in lines[head]
    assert lines[head + 1].startswith("  capture-compulsory: illegal move '33-29'")


def test_verify_reports_draws_and_moves_after_the_end_in_text() -> None:
    status, out = run("verify", str(GAMES / "international_draws.pdn"))
    assert status == 0
    assert "drawn at ply 50 (25-move rule); 2 plies recorded after the end" in out
    assert "result contradicts: the record gives 2-0" in out


def test_the_gametype_tag_wins_over_the_variant_option(legal: Path) -> None:
    status, out = run("verify", "--variant", "english", "--format", "json", str(legal))
    verdict = json.loads(out)
    assert status == 0 and verdict["variant"] == "international"
    assert verdict["verdict"] == "legal"


def test_a_game_without_a_variant_is_unreadable(no_type: Path) -> None:
    status, out = run("verify", "--format", "json", str(no_type))
    verdict = json.loads(out)
    assert status == 1
    assert verdict["verdict"] == "unreadable" and verdict["error"]["code"] == "no-variant"
    status, out = run("verify", "--variant", "fmjd", "--format", "json", str(no_type))
    assert status == 0 and json.loads(out)["variant"] == "international"


def test_the_opening_option_checks_each_game(legal: Path) -> None:
    status, out = run("verify", "--opening", "32-28 18-22", "--format", "json", str(legal))
    assert status == 0
    assert json.loads(out)["opening"] == {"followed": True, "left_at_ply": None}
    status, out = run("verify", "--opening", "1. 32-28 19-23", "--format", "json", str(legal))
    assert json.loads(out)["opening"] == {"followed": False, "left_at_ply": 2}
    status, out = run("verify", "--opening", "32-28 19-23", str(legal))
    assert "opening left at ply 2" in out
    assert status == 0  # leaving the opening does not make the game illegal


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["verify"],
        ["verify", "--variant", "chess", "x.pdn"],
        ["verify", "--format", "xml", "x.pdn"],
        ["verify", "no/such/file.pdn"],
        ["perft", "--variant", "russian"],
        ["perft", "--variant", "russian", "--depth", "-1"],
        ["perft", "--variant", "russian", "--depth", "2", "--fen", "W:W99"],
        ["perft", "--variant", "go", "--depth", "2"],
    ],
)
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_perft_prints_the_count_as_the_last_line() -> None:
    status, out = run("perft", "--variant", "shashki", "--depth", "3")
    assert status == 0
    assert out.splitlines()[-1] == str(perft(RussianBoard(), 3))


def test_perft_divide_prints_one_line_per_move_then_the_total() -> None:
    status, out = run("perft", "--variant", "international", "--depth", "2", "--divide")
    lines = out.splitlines()
    assert status == 0 and len(lines) == 10
    counts = [line.split() for line in lines[:-1]]
    assert all(len(words) == 2 and "-" in words[0] for words in counts)
    assert sum(int(count) for _, count in counts) == int(lines[-1]) == 81


def test_perft_from_a_fen() -> None:
    status, out = run("perft", "--variant", "english", "--depth", "1", "--fen", "B:W18:B14")
    assert (status, out) == (0, "1\n")


def test_python_dash_m_arbiter_runs_the_command_line(legal: Path, no_type: Path) -> None:
    def exit_status(*argv: str) -> int:
        command = [sys.executable, "-m", "arbiter", *argv]
        return subprocess.run(command, cwd=REPO, capture_output=True, check=False).returncode

    assert exit_status("verify", str(legal)) == 0
    assert exit_status("verify", str(no_type)) == 1
    assert exit_status("verify") == 2
