"""Berger tables: FIDE's published tables verbatim, and the structure for 3..20 players."""

from collections import Counter
from itertools import combinations, pairwise
from pathlib import Path

import pytest

from tournaments.pairing import berger_table, double_round_robin
from tournaments.values import Pair

FIXTURE = Path(__file__).parent / "fixtures" / "berger_fide.txt"


def _published_tables() -> dict[int, list[list[Pair]]]:
    tables: dict[int, list[list[Pair]]] = {}
    current: list[list[Pair]] = []
    for line in FIXTURE.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        if line.startswith("players"):
            current = tables.setdefault(int(line.split()[1]), [])
            continue
        current.append([Pair(*map(int, board.split("-"))) for board in line.split()])
    return tables


PUBLISHED = _published_tables()


@pytest.mark.parametrize("n", sorted(PUBLISHED))
def test_even_tables_match_fide_verbatim(n):
    assert berger_table(n) == PUBLISHED[n]


@pytest.mark.parametrize("n", sorted(PUBLISHED))
def test_odd_tables_are_the_next_even_table_with_the_top_number_as_bye(n):
    odd = berger_table(n - 1)
    for published, computed in zip(PUBLISHED[n], odd, strict=True):
        games = [p for p in published if n not in (p.white, p.black)]
        (bye_board,) = [p for p in published if n in (p.white, p.black)]
        bye_player = bye_board.black if bye_board.white == n else bye_board.white
        assert computed == [*games, Pair(bye_player, None)]


@pytest.mark.parametrize("n", range(3, 21))
def test_structure(n):
    table = berger_table(n)
    size = n + n % 2
    assert len(table) == size - 1
    met = Counter()
    whites = Counter()
    for boards in table:
        seen = [x for p in boards for x in (p.white, p.black) if x is not None]
        assert sorted(seen) == list(range(1, n + 1)), "everyone plays or has the bye once a round"
        for pair in boards:
            if pair.black is not None:
                met[frozenset((pair.white, pair.black))] += 1
                whites[pair.white] += 1
    assert set(met) == {frozenset(c) for c in combinations(range(1, n + 1), 2)}
    assert set(met.values()) == {1}
    if n % 2 == 0:  # colour balance: n/2 whites and n/2 - 1 blacks, or the reverse
        assert {whites[p] for p in range(1, n + 1)} == {n // 2, n // 2 - 1}
    first_round = [(p.white, p.black) for p in table[0] if p.black is not None]
    assert first_round == [(i, size + 1 - i) for i in range(1, size // 2 + 1) if size + 1 - i <= n]


@pytest.mark.parametrize("n", range(4, 21, 2))
def test_rotation_rule(n):
    """Player n meets k = ((r-1)·n/2 mod (n-1)) + 1, black in odd rounds, on board 1; the
    other boards pair k+j (white) with k-j, modulo n-1."""
    for r, boards in enumerate(berger_table(n), start=1):
        k = ((r - 1) * n // 2) % (n - 1) + 1
        assert boards[0] == (Pair(k, n) if r % 2 else Pair(n, k))
        for j, pair in enumerate(boards[1:], start=1):
            assert pair == Pair((k + j - 1) % (n - 1) + 1, (k - j - 1) % (n - 1) + 1)


@pytest.mark.parametrize("n", [3, 4, 7, 10])
def test_double_round_robin_reverses_colours(n):
    single = berger_table(n)
    double = double_round_robin(n)
    assert double[: len(single)] == single
    for first, second in zip(single, double[len(single) :], strict=True):
        assert [(p.black, p.white) if p.black else (p.white, None) for p in first] == [
            (p.white, p.black) for p in second
        ]


@pytest.mark.parametrize("n", range(4, 21, 2))
def test_swapping_last_two_rounds_avoids_three_equal_colours_in_a_row(n):
    def longest_run(table):
        worst = 0
        for player in range(1, n + 1):
            colours = [
                "w" if p.white == player else "b"
                for boards in table
                for p in boards
                if player in (p.white, p.black)
            ]
            run = 1
            for a, b in pairwise(colours):
                run = run + 1 if a == b else 1
                worst = max(worst, run)
        return worst

    swapped = double_round_robin(n, swap_last_two=True)
    plain = double_round_robin(n)
    assert swapped[n - 3] == plain[n - 2] and swapped[n - 2] == plain[n - 3]
    assert swapped[n - 1 :] == plain[n - 1 :]
    assert longest_run(plain) == 3
    assert longest_run(swapped) <= 2


def test_too_few_players():
    with pytest.raises(ValueError, match="at least 2 players, got 1"):
        berger_table(1)
