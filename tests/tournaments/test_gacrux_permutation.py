"""The search for a bracket's pairing without weights (gacrux's ``simple_permute``): ours
holds the taken players in a set; it must search and find exactly what gacrux's does."""

import gacrux.pairingdutch
import pytest

from benchmarks.swiss_engines import history
from tournaments.pairing import gacrux_matching, pair_dutch
from tournaments.pairing.gacrux_permutation import simple_permute
from tournaments.values import DutchRules

ENGINE = gacrux.pairingdutch.pairing_dutch


def _paired(monkeypatch, search, state, round_number):
    """The pairs, and what every search of the round returned, with ``search``."""
    found = []

    def recorded(engine, scorelevel, nodes, edges, s1, s2, colordiff, checkdf):
        permutation = search(engine, scorelevel, nodes, edges, s1, s2, colordiff, checkdf)
        found.append((scorelevel, tuple(s1), tuple(s2), checkdf, tuple(permutation)))
        return permutation

    monkeypatch.setattr(ENGINE, "simple_permute", recorded)
    pairs = pair_dutch(state, round_number=round_number, rules=DutchRules.FIDE_2026)
    return pairs, found


@pytest.mark.parametrize(("players", "round_number", "seed"), [(120, 2, 3), (160, 4, 7)])
def test_the_same_search_as_gacrux(monkeypatch, players, round_number, seed):
    state = history(players, round_number - 1, seed=seed)
    shipped = gacrux_matching._SHIPPED["simple_permute"]
    assert ENGINE.simple_permute is simple_permute  # installed by the engine's import
    theirs = _paired(monkeypatch, shipped, state, round_number)
    ours = _paired(monkeypatch, simple_permute, state, round_number)
    assert ours == theirs
    assert any(permutation for *_, permutation in ours[1])  # a bracket was paired this way
