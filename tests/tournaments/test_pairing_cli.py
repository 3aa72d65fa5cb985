"""The command line: output formats, exit codes, no Django needed."""

import os
import subprocess
import sys
from pathlib import Path

from tests.no_django import BLOCK_DJANGO
from tournaments.pairing import pair_dutch, trf_dumps
from tournaments.pairing.__main__ import main
from tournaments.pairing.simulate import simulate

FIXTURES = Path(__file__).parent / "fixtures"
REPO = Path(__file__).resolve().parents[2]


def test_berger_output(capsys):
    assert main(["berger", "4"]) == 0
    assert capsys.readouterr().out == "Round 1: 1-4 2-3\nRound 2: 4-3 1-2\nRound 3: 2-4 3-1\n"


def test_berger_odd_shows_the_bye_last(capsys):
    assert main(["berger", "3"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Round 1: 2-3 1-bye",
        "Round 2: 1-2 3-bye",
        "Round 3: 3-1 2-bye",
    ]


def test_berger_double(capsys):
    assert main(["berger", "4", "--double", "--swap-last-two"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:4] == ["Round 2: 2-4 3-1", "Round 3: 4-3 1-2", "Round 4: 4-1 3-2"]


def test_berger_too_small(capsys):
    assert main(["berger", "1"]) == 3
    assert "at least 2 players, got 1" in capsys.readouterr().err


def test_dutch_writes_the_engine_format(tmp_path):
    sim = simulate(seed=6, players=13, rounds=5, played_rounds=2)
    source, target = tmp_path / "in.trf", tmp_path / "out.txt"
    source.write_text(trf_dumps(sim.state))
    assert main(["dutch", str(source), "-p", str(target)]) == 0
    expected = pair_dutch(sim.state, round_number=3)
    lines = target.read_text().splitlines()
    assert lines[0] == str(len(expected)) == "7"
    assert lines[1:] == [f"{p.white} {p.black or 0}" for p in expected]
    assert lines[-1].endswith(" 0")  # 13 players: the bye


def test_dutch_to_stdout_and_draughts_ordering(tmp_path, capsys):
    sim = simulate(seed=8, players=16, rounds=7, played_rounds=3)
    source = tmp_path / "in.trf"
    source.write_text(trf_dumps(sim.state))
    assert main(["dutch", str(source), "-p", "--draughts"]) == 0
    expected = pair_dutch(sim.state, round_number=4, ordering="draughts")
    assert capsys.readouterr().out == "8\n" + "".join(f"{p.white} {p.black}\n" for p in expected)


def test_dutch_reads_the_handwritten_fixture(capsys):
    assert main(["dutch", str(FIXTURES / "small.trf"), "-p"]) == 0
    count, *pairs = capsys.readouterr().out.splitlines()
    assert count == "2" and {frozenset(map(int, p.split())) for p in pairs} == {
        frozenset({1, 4}),
        frozenset({2, 3}),
    }


def test_dutch_exit_codes(tmp_path, capsys):
    assert main(["dutch", str(tmp_path / "missing.trf"), "-p"]) == 5
    bad = tmp_path / "bad.trf"
    bad.write_text("142 x\n")
    assert main(["dutch", str(bad), "-p"]) == 3
    assert "line 1: malformed 142 record" in capsys.readouterr().err
    stuck = tmp_path / "stuck.trf"
    stuck.write_text(
        "142 3\n"
        "001    1      A" + " " * 66 + "2.0    1     2 w 1\n"
        "001    2      B" + " " * 66 + "0.0    2     1 b 0\n"
        "XXS W=2.0 D=1.0\n"
    )
    assert main(["dutch", str(stuck), "-p"]) == 1
    assert "round 2 cannot be paired" in capsys.readouterr().err


def test_module_runs_without_django_settings():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    completed = subprocess.run(
        [sys.executable, "-m", "tournaments.pairing", "berger", "6"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert completed.stdout.splitlines()[0] == "Round 1: 1-6 2-5 3-4"
    assert "django" not in completed.stderr.lower()


#: ``python -m tournaments.pairing ARGS``, for ``python -c`` after a prelude.
RUN_COMMAND = """
sys.argv = ["tournaments.pairing", *sys.argv[1:]]
runpy.run_module("tournaments.pairing", run_name="__main__", alter_sys=True)
"""
#: ``python -m tournaments.pairing ARGS`` with Django blocked.
WITHOUT_DJANGO = BLOCK_DJANGO + RUN_COMMAND


def _without_django(*args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_DJANGO, *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
    )


def test_the_blocker_does_block_django():
    probe = subprocess.run(
        [sys.executable, "-c", BLOCK_DJANGO + "import django\n"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert probe.returncode != 0 and "No module named 'django' (blocked)" in probe.stderr


def test_dutch_runs_without_django(tmp_path):
    sim = simulate(seed=8, players=16, rounds=7, played_rounds=3)
    source = tmp_path / "in.trf"
    source.write_text(trf_dumps(sim.state))
    for ordering, flags in (("fide", ()), ("draughts", ("--draughts",))):
        target = tmp_path / f"{ordering}.txt"
        completed = _without_django("dutch", str(source), "-p", str(target), *flags)
        assert completed.returncode == 0, completed.stderr
        expected = pair_dutch(sim.state, round_number=4, ordering=ordering)
        assert target.read_text().splitlines() == [
            str(len(expected)),
            *(f"{p.white} {p.black or 0}" for p in expected),
        ]


def test_dutch_rules_choose_the_text(tmp_path, capsys):
    """C9-draughts separates the texts ([C9] gives the 2026 bye to 1, the older one to 6)."""
    source = FIXTURES / "c9_draughts.trf"
    for rules, bye in (("2026", "1 0"), ("pre-2026", "6 0")):
        assert main(["dutch", "--rules", rules, str(source), "-p"]) == 0
        assert capsys.readouterr().out.splitlines()[-1] == bye
    assert main(["dutch", str(source), "-p"]) == 0  # no 092 record: the 2026 text
    assert capsys.readouterr().out.splitlines()[-1] == "1 0"


def test_dutch_follows_the_text_record_092_names(tmp_path, capsys):
    source = tmp_path / "in.trf"
    source.write_text("092 FIDE_DUTCH\n" + (FIXTURES / "c9_draughts.trf").read_text())
    assert main(["dutch", str(source), "-p"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "6 0"


def test_dutch_explain_names_the_colour_rule_and_the_floats(capsys):
    assert main(["dutch", str(FIXTURES / "c9_draughts.trf"), "-p", "--explain"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:5] == ["4", "7 3", "5 2", "4 6", "1 0"]
    assert lines[5].startswith("# 7-3: C.04.3 E.4: the higher-ranked player's preference")
    assert "2 floats down from 4.0 to 2.0" in lines[6]
    assert lines[8].startswith("# 1-bye: C.04.3 A.5") and "1 gets the bye on 2.0" in lines[8]


def test_dutch_explain_is_refused_for_the_older_text(capsys):
    source = FIXTURES / "c9_draughts.trf"
    assert main(["dutch", "--rules", "pre-2026", str(source), "-p", "--explain"]) == 3
    assert "explanations need the 2026 engine" in capsys.readouterr().err


#: ``python -m tournaments.pairing ARGS`` with Django blocked, then, on standard error, which of
#: the engines' libraries and the arbiter's variants the run imported.
LOADED = (
    BLOCK_DJANGO
    + """
import atexit
HEAVY = ("py4swiss", "pydantic", "gacrux", "networkx", "rustworkx", "arbiter.variants")
atexit.register(lambda: print("loaded:", *(m for m in HEAVY if m in sys.modules), file=sys.stderr))
"""
    + RUN_COMMAND
)


def _loaded(*args: str) -> tuple[subprocess.CompletedProcess, list[str]]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    completed = subprocess.run(
        [sys.executable, "-c", LOADED, *args], cwd=REPO, env=env, capture_output=True, text=True
    )
    return completed, completed.stderr.splitlines()[-1].split()[1:]


def test_the_command_loads_no_engine_it_does_not_run():
    for args in (["--help"], ["berger", "6"]):
        completed, loaded = _loaded(*args)
        assert completed.returncode == 0, completed.stderr
        assert loaded == []


def test_each_text_loads_its_own_engine_only(tmp_path):
    source = FIXTURES / "c9_draughts.trf"
    engines = {"2026": ["gacrux", "networkx", "rustworkx"], "pre-2026": ["py4swiss", "pydantic"]}
    for rules, bye in (("2026", "1 0"), ("pre-2026", "6 0")):
        target = tmp_path / f"{rules}.txt"
        completed, loaded = _loaded("dutch", "--rules", rules, str(source), "-p", str(target))
        assert completed.returncode == 0, completed.stderr
        assert loaded == engines[rules]
        assert target.read_text().splitlines()[-1] == bye
