"""The package's public names: each one the object its module defines, imported on first use."""

import subprocess
import sys
from pathlib import Path

import pytest

import arbiter

REPO = Path(__file__).resolve().parents[2]


def _run(code: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout


def test_every_public_name_resolves():
    for name in arbiter.__all__:
        assert getattr(arbiter, name) is not None
    assert set(arbiter.__all__) <= set(dir(arbiter))
    assert arbiter.pdn.read_game.__module__ == "arbiter.pdn.reader"
    assert arbiter.Colour is arbiter.board.Colour


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'Draughtsboard'"):
        arbiter.Draughtsboard  # noqa: B018


def test_one_module_does_not_load_the_variants():
    loaded = _run("import sys, arbiter.geometry\nprint(*sorted(sys.modules))").split()
    assert "arbiter.geometry" in loaded
    assert not {"arbiter.board", "arbiter.variants", "arbiter.pdn", "arbiter.replay"} & set(loaded)


def test_replay_and_perft_stay_functions_once_their_modules_load():
    """The modules ``arbiter.replay`` and ``arbiter.perft`` share their function's name."""
    out = _run(
        "import arbiter.perft, arbiter.replay\n"
        "import arbiter\n"
        "from arbiter import perft, replay\n"
        "print(type(arbiter.replay).__name__, type(arbiter.perft).__name__,"
        " replay is arbiter.replay, perft is arbiter.perft)"
    )
    assert out.split() == ["function", "function", "True", "True"]
