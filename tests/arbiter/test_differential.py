"""Differential test against pydraughts 0.6.7 on positions from seeded random play.

Needs the peer's own virtualenv at ``<repo>/.peers/pydraughts`` (``make peers``);
skipped without it. ``benchmarks/differential.py`` runs the long version.
"""

import pytest

from arbiter.variants import VARIANTS
from tests.arbiter.peers import harness

POSITIONS = 2000
#: Fewer positions for the variants added later, to keep the suite's time (the peer is
#: slow); ``benchmarks/differential.py`` runs 100,000 of each.
FEWER = {"italian": 300, "brazilian": 300, "turkish": 300, "frisian": 300, "antidraughts": 300}

pytestmark = pytest.mark.skipif(
    not harness.peer_available(),
    reason=f"pydraughts peer not installed at {harness.PEER_PYTHON} "
    "(python -m venv .peers/pydraughts && .peers/pydraughts/bin/pip install pydraughts==0.6.7)",
)


@pytest.mark.parametrize("name", harness.PEER_VARIANTS)
def test_same_moves_as_pydraughts(name):
    """Every disagreement must be one judged pydraughts' error (``known_peer_defect``)."""
    count = FEWER.get(name, POSITIONS)
    compared, mismatches = harness.compare(VARIANTS[name], count, seed=2024)
    assert compared == count
    assert [m for m in mismatches if harness.known_peer_defect(VARIANTS[name], m) is None] == []


@pytest.mark.skipif(
    not harness.PY_DRAUGHTS_PYTHON.exists(),
    reason=f"py-draughts peer not installed at {harness.PY_DRAUGHTS_PYTHON} (make peers)",
)
@pytest.mark.parametrize("name", harness.PY_DRAUGHTS_VARIANTS)
def test_same_moves_as_py_draughts(name):
    boards = list(harness.random_positions(VARIANTS[name], 300, seed=2025))
    peer = (harness.PY_DRAUGHTS_PYTHON, harness.PY_DRAUGHTS_SCRIPT)
    compared, mismatches = harness.compare_boards(name, boards, peer)
    assert compared == 300
    assert mismatches == []


def test_numeric_fen_for_the_peer():
    board = VARIANTS["russian"]("B:Wa1,Kc1:Bh8")
    assert harness.numeric_fen(board) == "B:W29,K30:B4"
