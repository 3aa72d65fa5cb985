"""The matchings the 2026 Dutch engine pairs with, against networkx's on the same graphs.

networkx's ``min_weight_matching`` is what gacrux calls; ours must give a matching of the
same cardinality and the same total weight on every graph, natively where weights fit and
window by window where they do not. Where several matchings share the least weight, the
two may choose differently; gacrux's weights leave no such tie in the pairs it keeps, which
the last test and the reference tournaments (``test_swiss_reference.py``) show.
"""

import random
from itertools import combinations

import networkx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.swiss_engines import history
from tournaments.pairing import gacrux_matching, pair_dutch
from tournaments.pairing.weighted_matching import (
    NATIVE_BITS,
    FieldEdge,
    lexicographic_matching,
    min_weight_matching,
)
from tournaments.values import DutchRules


def _networkx(edges):
    graph = networkx.Graph()
    graph.add_weighted_edges_from(edges)
    return networkx.min_weight_matching(graph)


def _total(pairs, edges):
    weight = {frozenset((u, v)): w for u, v, w in edges}
    return sum(weight[frozenset(p)] for p in pairs)


def _graph(seed, players, density, bits):
    rng = random.Random(seed)
    return [
        (u, v, rng.randrange(2**bits))
        for u, v in combinations(range(1, players + 1), 2)
        if rng.random() < density
    ]


@settings(max_examples=60)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 24),
    density=st.floats(0.2, 1.0),
    bits=st.sampled_from([1, 3, 20, 64, NATIVE_BITS - 1]),
)
def test_native_matching_is_networkxs(seed, players, density, bits):
    edges = _graph(seed, players, density, bits)
    ours = min_weight_matching(edges)
    theirs = _networkx(edges)
    assert len(ours) == len(theirs)
    assert _total(ours, edges) == _total(theirs, edges)


def test_weights_wider_than_native_integers_still_match():
    edges = _graph(7, 12, 0.7, NATIVE_BITS + 40)
    ours = min_weight_matching(edges)
    assert len(ours) == len(_networkx(edges))
    assert _total(ours, edges) == _total(_networkx(edges), edges)


def _lexicographic_case(seed, players, fields, wide, primary_bits):
    """A graph whose weights are a primary part followed by one field per player (the
    owner's digit, like gacrux's transposition fields), and the same weights written out
    whole as a mixed-radix number."""
    rng = random.Random(seed)
    owners = rng.sample(range(1, players + 1), min(fields, players))
    pairs = [p for p in combinations(range(1, players + 1), 2) if rng.random() < 0.8]
    radix = 2 * players + 2
    edges, whole = [], []
    for u, v in pairs:
        primary = rng.randrange(2**primary_bits) if rng.random() < 0.3 else 0
        digits = {
            f: rng.randrange(-players, players) if wide else rng.randrange(2)
            for f, owner in enumerate(owners)
            if owner in (u, v) and rng.random() < 0.7
        }
        edges.append(FieldEdge(u, v, primary, digits))
        weight = primary
        for f in range(len(owners)):
            weight = weight * radix + digits.get(f, 0)
        whole.append((u, v, weight))
    return edges, owners, whole


@settings(max_examples=80)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 16),
    fields=st.integers(0, 16),
    wide=st.booleans(),
    primary_bits=st.sampled_from([2, 100]),
)
def test_lexicographic_matching_is_the_least_whole_weight(
    seed, players, fields, wide, primary_bits
):
    """With a 100-bit primary part a window holds four fields, so most cases take several
    windows, and wide fields (up to 32 values) stop windows early."""
    edges, owners, whole = _lexicographic_case(seed, players, fields, wide, primary_bits)
    if not edges:
        return
    ours = lexicographic_matching(edges, owners)
    theirs = _networkx(whole)
    assert len(ours) == len(theirs)
    assert _total(ours, whole) == _total(theirs, whole)


def test_lexicographic_matching_works_in_several_windows():
    """Forty players, a field each of up to 80 values, and a primary part of 100 bits
    leave room for a few fields per native matching: the windows must still add up to
    the least whole weight."""
    rng = random.Random(3)
    players = 40
    edges, whole = [], []
    for u, v in combinations(range(1, players + 1), 2):
        primary = rng.randrange(2**100) if rng.random() < 0.05 else 0
        digits = {u - 1: rng.randrange(80)} if rng.random() < 0.9 else {}
        edges.append(FieldEdge(u, v, primary, digits))
        weight = primary
        for f in range(players):
            weight = weight * 81 + digits.get(f, 0)
        whole.append((u, v, weight))
    ours = lexicographic_matching(edges, list(range(1, players + 1)))
    theirs = _networkx(whole)
    assert _total(ours, whole) == _total(theirs, whole)


@pytest.mark.parametrize(
    ("players", "round_number", "seed"), [(80, 2, 82), (150, 2, 152), (150, 3, 150)]
)
def test_gacrux_pairs_as_with_networkxs_matching(monkeypatch, players, round_number, seed):
    """gacrux with our matchings pairs a round as it does with networkx's own, on rounds
    where a bracket's transposition weights are too wide for native integers."""
    state = history(players, round_number - 1, seed=seed)
    ours = pair_dutch(state, round_number=round_number, rules=DutchRules.FIDE_2026)
    wide = []

    def networkxs(graph):
        edges = graph.weighted_edges()
        wide.append(max(w for _, _, w in edges).bit_length() > NATIVE_BITS)
        return _networkx(edges)

    monkeypatch.setattr(gacrux_matching._Networkx, "min_weight_matching", staticmethod(networkxs))
    theirs = pair_dutch(state, round_number=round_number, rules=DutchRules.FIDE_2026)
    assert ours == theirs
    assert any(wide)
