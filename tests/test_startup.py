"""The server entry points settle the process before the first request (config.startup)."""

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("entry", ["config.wsgi", "config.asgi"])
def test_entry_point_loads_the_views_and_freezes_start_up_objects(entry):
    """And collects the youngest generation less often (config.startup.GC_YOUNGEST_THRESHOLD)."""
    probe = (
        "import gc, sys\n"
        f"import {entry}\n"
        "from config.startup import GC_YOUNGEST_THRESHOLD as youngest\n"
        "print(gc.get_freeze_count() > 100000, 'tournaments.views.events' in sys.modules,\n"
        "      gc.get_threshold() == (youngest, 10, 10) and youngest > 700)\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=False
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.split() == ["True", "True", "True"]
