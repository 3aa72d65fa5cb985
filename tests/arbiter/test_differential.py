"""Differential test against pydraughts 0.6.7 on positions from seeded random play.

Needs the peer's own virtualenv at ``<repo>/.peers/pydraughts`` (``make peers``);
skipped without it. The peers are slow (pydraughts takes 5 to 10 ms a position): `make test`
compares a sample of the positions (SAMPLE of each variant, taken in turn from each kind of
position, ``harness.varied``), the `deep` tests all of them; ``benchmarks/differential.py``
runs the long version.
"""

import pytest

from arbiter.variants import VARIANTS
from tests.arbiter.peers import harness

POSITIONS = 2000
#: Fewer positions for the variants added later, to keep the suite's time (the peer is
#: slow); ``benchmarks/differential.py`` runs 100,000 of each.
FEWER = {"italian": 300, "brazilian": 300, "turkish": 300, "frisian": 300, "antidraughts": 300}
#: `make test`'s sample of each variant's positions: every kind of position (the longest
#: capture, a king to move, a man crowned, a king taken) among those of the `deep` test.
SAMPLE = 50
PY_DRAUGHTS_POSITIONS = 300

pytestmark = pytest.mark.skipif(
    not harness.peer_available(),
    reason=f"pydraughts peer not installed at {harness.PEER_PYTHON} "
    "(python -m venv .peers/pydraughts && .peers/pydraughts/bin/pip install pydraughts==0.6.7)",
)
needs_py_draughts = pytest.mark.skipif(
    not harness.PY_DRAUGHTS_PYTHON.exists(),
    reason=f"py-draughts peer not installed at {harness.PY_DRAUGHTS_PYTHON} (make peers)",
)


def _same_moves_as_pydraughts(name: str, sample: int | None) -> None:
    """Every disagreement must be one judged pydraughts' error (``known_peer_defect``)."""
    count = FEWER.get(name, POSITIONS)
    boards = list(harness.random_positions(VARIANTS[name], count, seed=2024))
    assert len(boards) == count
    if sample is not None:
        boards = harness.varied(boards, sample)
    compared, mismatches = harness.compare_boards(name, boards)
    assert compared == len(boards) == min(count, sample or count)
    assert [m for m in mismatches if harness.known_peer_defect(VARIANTS[name], m) is None] == []


def _same_moves_as_py_draughts(sample: int | None) -> None:
    """The three variants in one run of the peer (py-draughts takes half a second to start)."""
    boards = {
        name: list(harness.random_positions(VARIANTS[name], PY_DRAUGHTS_POSITIONS, seed=2025))
        for name in harness.PY_DRAUGHTS_VARIANTS
    }
    if sample is not None:
        boards = {name: harness.varied(some, sample) for name, some in boards.items()}
    peer = (harness.PY_DRAUGHTS_PYTHON, harness.PY_DRAUGHTS_SCRIPT)
    results = harness.compare_variants(boards, peer)
    assert {name: compared for name, (compared, _) in results.items()} == dict.fromkeys(
        harness.PY_DRAUGHTS_VARIANTS, sample or PY_DRAUGHTS_POSITIONS
    )
    assert {name: mismatches for name, (_, mismatches) in results.items()} == {
        name: [] for name in harness.PY_DRAUGHTS_VARIANTS
    }


@pytest.mark.deep
@pytest.mark.parametrize("name", harness.PEER_VARIANTS)
def test_same_moves_as_pydraughts(name):
    _same_moves_as_pydraughts(name, None)


@pytest.mark.parametrize("name", harness.PEER_VARIANTS)
def test_same_moves_as_pydraughts_in_a_sample_of_each_kind(name):
    _same_moves_as_pydraughts(name, SAMPLE)


@pytest.mark.deep
@needs_py_draughts
def test_same_moves_as_py_draughts():
    _same_moves_as_py_draughts(None)


@needs_py_draughts
def test_same_moves_as_py_draughts_in_a_sample_of_each_kind():
    _same_moves_as_py_draughts(SAMPLE)


def test_numeric_fen_for_the_peer():
    board = VARIANTS["russian"]("B:Wa1,Kc1:Bh8")
    assert harness.numeric_fen(board) == "B:W29,K30:B4"


def test_a_sample_takes_every_kind_of_position_in_turn():
    boards = list(harness.random_positions(VARIANTS["international"], 2000, seed=2024))
    kinds = {harness.kind(board) for board in boards}
    sample = harness.varied(boards, SAMPLE)
    assert len(sample) == SAMPLE and len(kinds) < SAMPLE
    assert {harness.kind(board) for board in sample} == kinds
    assert all(any(board is b for b in boards) for board in sample)
    few = harness.varied(boards[:5], SAMPLE)
    assert sorted(map(id, few)) == sorted(map(id, boards[:5]))
