"""Differential test against pydraughts 0.6.7 on positions from seeded random play.

Needs the peer's own virtualenv at ``<repo>/.peers/pydraughts`` (``make peers``);
skipped without it. ``benchmarks/differential.py`` runs the long version.
"""

import pytest

from arbiter.variants import VARIANTS
from tests.arbiter.peers import harness

POSITIONS = 2000

pytestmark = pytest.mark.skipif(
    not harness.peer_available(),
    reason=f"pydraughts peer not installed at {harness.PEER_PYTHON} "
    "(python -m venv .peers/pydraughts && .peers/pydraughts/bin/pip install pydraughts==0.6.7)",
)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_same_moves_as_pydraughts(name):
    compared, mismatches = harness.compare(VARIANTS[name], POSITIONS, seed=2024)
    assert compared == POSITIONS
    assert mismatches == []


def test_numeric_fen_for_the_peer():
    board = VARIANTS["russian"]("B:Wa1,Kc1:Bh8")
    assert harness.numeric_fen(board) == "B:W29,K30:B4"
