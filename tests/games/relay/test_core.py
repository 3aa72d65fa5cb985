"""The relay's pure core: plies appended once, rewrites and illegal moves flagged."""

import os
import subprocess
import sys
from pathlib import Path

from arbiter import find_variant
from arbiter.pdn import read_game
from games.relay.core import record_result, relay_update
from tests.games.relay.game import PLIES, version
from tests.no_django import BLOCK_DJANGO

REPO = Path(__file__).resolve().parents[3]

INTERNATIONAL = find_variant("international")


def update(stored: tuple[str, ...], text: str):
    return relay_update(stored, read_game(text), variant=INTERNATIONAL)


def test_growing_versions_append_each_ply_once() -> None:
    first = update((), version(10))
    assert first.plies == PLIES[:10] and first.appended == PLIES[:10]
    second = update(first.plies, version(20))
    assert second.appended == PLIES[10:20] and second.plies == PLIES[:20]
    last = update(second.plies, version(result="2-0"))
    assert last.appended == PLIES[20:] and last.plies == PLIES
    assert last.result == "2-0" and last.flag is None and last.rewritten_at is None


def test_the_same_version_again_changes_nothing() -> None:
    again = update(PLIES[:20], version(20))
    assert again.appended == () and not again.changed and again.plies == PLIES[:20]


def test_a_version_behind_the_stored_plies_loses_nothing() -> None:
    behind = update(PLIES[:20], version(10))
    assert behind.plies == PLIES[:20] and not behind.changed and behind.flag is None
    assert behind.fen == update((), version(20)).fen


def test_an_illegal_move_is_flagged_with_its_ply_and_rule() -> None:
    wrong = update(PLIES[:20], version(wrong=True))
    assert wrong.plies == PLIES[:22] and wrong.appended == PLIES[20:22]
    assert wrong.flag is not None
    assert (wrong.flag.ply, wrong.flag.move) == (23, "32-37")
    assert wrong.flag.rule and wrong.flag.rule != "rewritten"
    assert "32-37" in wrong.flag.message


def test_a_rewrite_of_earlier_moves_is_a_flagged_revision() -> None:
    stored = ("32-28", "19-23")
    rewrite = update(stored, '[GameType "20"] 1. 32-28 18-23 *')
    assert rewrite.rewritten_at == 2 and rewrite.plies == ("32-28", "18-23")
    assert rewrite.flag is not None and rewrite.flag.rule == "rewritten"
    assert rewrite.flag.ply == 2 and rewrite.changed


def test_moves_written_another_way_are_the_same_plies() -> None:
    written = update(("32-28",), '[GameType "20"] 1. 32x28 19-23 *')
    assert written.appended == ("19-23",) and written.rewritten_at is None


def test_draw_counters_and_clocks_are_read() -> None:
    text = version(10).replace("[Result", '[WhiteClock "1:02:03"]\n[Result')
    first = update((), text)
    assert {counter.rule for counter in first.counters} >= {"fmjd-25-move"}
    assert first.clocks == {"WhiteClock": "1:02:03"}


def test_record_result() -> None:
    assert record_result(read_game('[Result "2-0"] 1. 32-28 *')) == "2-0"
    assert record_result(read_game("1. 32-28 1:0")) == "1-0"
    assert record_result(read_game("1. 32-28 *")) is None


def test_the_docstring_example_runs() -> None:
    import doctest

    import games.relay.core

    assert doctest.testmod(games.relay.core).failed == 0


#: Replays a growing version with Django blocked: the relay's core, the timeline it reads
#: and the ballot card value load no framework.
WITHOUT_DJANGO = """
import sys
from arbiter import find_variant
from arbiter.pdn import read_game
from games.relay.core import relay_update
update = relay_update(("32-28",), read_game('[GameType "20"] 1. 32-28 19-23 2. 28x19 *'),
                      variant=find_variant("international"))
assert not [name for name in sys.modules if name.split(".")[0] == "django"]
print(" ".join(update.appended))
"""


def test_the_core_runs_with_django_blocked() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    completed = subprocess.run(
        [sys.executable, "-c", BLOCK_DJANGO + WITHOUT_DJANGO],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.split() == ["19-23", "28x19"]
