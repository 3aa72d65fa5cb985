"""The search for a bracket's pairing without weights (gacrux's ``simple_permute``): ours
holds the taken players in a set; it must search and find exactly what gacrux's does."""

import random

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


class _Engine:
    """What the search asks of gacrux's engine, answered from a table of who may meet whom,
    every question written down."""

    verbose = 0  # gacrux's search reads it

    def __init__(self, can_meet, completes):
        self.can_meet, self.completes, self.asked = can_meet, completes, []

    def canbepared(self, a, b, colordiff, permutation):
        self.asked.append(("can", a, b, tuple(permutation)))
        return (a, b) in self.can_meet

    def cannotbepared(self, a, b, colordiff, permutation):
        self.asked.append(("undo", a, b))
        return True

    def canbecompleted(self, scorelevel, nodes, edges, s1, s2, permutation):
        self.asked.append(("complete", tuple(permutation)))
        return self.completes(permutation)


# seeds 16 and 17 search long (17: to the limit); 9 and 11 do too, at seconds each
@pytest.mark.parametrize("seed", [*range(9), 16, 17])
def test_the_same_questions_and_answer_as_gacrux_on_drawn_brackets(seed):
    """Brackets drawn with few or many allowed pairs, some that cannot be paired at all (the
    search then runs to its limit of 8! steps back)."""
    rng = random.Random(seed)
    size1 = rng.randint(1, 9)
    s1 = list(range(1, size1 + 1))
    s2 = list(range(100, 100 + size1 + rng.randint(0, 4)))
    density = rng.choice((0.2, 0.5, 0.9))
    can_meet = {(a, b) for a in s1 for b in s2 if rng.random() < density}
    for checkdf in (False, True):
        answers = []
        for search in (gacrux_matching._SHIPPED["simple_permute"], simple_permute):
            engine = _Engine(can_meet, lambda p: sum(p) % 3 != 0)
            found = search(engine, 1, [], [], s1, s2, {}, checkdf)
            answers.append((found, engine.asked))
        assert answers[0] == answers[1]
