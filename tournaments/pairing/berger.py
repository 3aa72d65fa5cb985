"""Round-robin schedules from the FIDE Berger tables (FIDE Handbook C.05, Annex 1).

The tables are computed, not stored. For an even number ``n`` of players (an odd number
plays with a dummy ``n + 1``; whoever meets it has the bye):

* player ``n`` meets player ``k = ((r - 1) * n / 2) mod (n - 1) + 1`` in round ``r``, with
  black in odd rounds and white in even rounds; that board is listed first;
* the other boards pair ``k + j`` (white) with ``k - j`` (black), ``j = 1 .. n/2 - 1``,
  counting modulo ``n - 1`` over the numbers ``1 .. n - 1``.

Round 1 is therefore ``1-n, 2-(n-1), ..., n/2-(n/2+1)`` and each round rotates the previous
one by ``n / 2`` places, which is exactly how the published tables read.
"""

from __future__ import annotations

from tournaments.values import Pair


def berger_rounds(n: int, *, double: bool = False) -> int:
    """Rounds of a round robin of ``n`` players: the Berger table's ``n - 1`` rounds, ``n``
    with an odd ``n`` (the dummy makes the table even, C.05 Annex 1), twice that for a double
    round robin; 0 with fewer than 2 players.

    >>> berger_rounds(10), berger_rounds(9), berger_rounds(4, double=True), berger_rounds(1)
    (9, 9, 6, 0)
    """
    if n < 2:
        return 0
    cycle = n - 1 + n % 2
    return cycle * 2 if double else cycle


def berger_table(n: int) -> list[list[Pair]]:
    """Single round-robin schedule for ``n`` players (pairing numbers ``1..n``).

    One list of pairs per round, boards in the order of the FIDE tables. With an odd ``n``
    the table for ``n + 1`` is used and the player paired with the dummy ``n + 1`` gets
    ``Pair(player, None)``, listed last (C.05 Annex 1: "if there is an odd number of
    players, the highest number counts as a bye").

    >>> [[(p.white, p.black) for p in rnd] for rnd in berger_table(4)]
    [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    """
    if n < 2:
        raise ValueError(f"a round robin needs at least 2 players, got {n}")
    size = n + n % 2
    half = size // 2
    cycle = size - 1

    def wrap(number: int) -> int:
        return (number - 1) % cycle + 1

    rounds: list[list[Pair]] = []
    for round_number in range(1, size):
        k = ((round_number - 1) * half) % cycle + 1
        fixed = Pair(k, size) if round_number % 2 else Pair(size, k)
        boards = [fixed] + [Pair(wrap(k + j), wrap(k - j)) for j in range(1, half)]
        if size != n:
            boards = [b for b in boards if size not in (b.white, b.black)] + [Pair(k, None)]
        rounds.append(boards)
    return rounds


def double_round_robin(n: int, *, swap_last_two: bool = False) -> list[list[Pair]]:
    """Double round-robin: the Berger table, then the same rounds with colours reversed.

    With ``swap_last_two`` the last two rounds of the *first* cycle are played in reverse
    order, as FIDE recommends for double round robins to avoid three consecutive games
    with the same colour (C.05 Annex 1); the second cycle keeps the table's order.
    Byes (odd ``n``) stay ``Pair(player, None)``.
    """
    first = berger_table(n)
    second = [[_reversed(pair) for pair in rnd] for rnd in first]
    if swap_last_two and len(first) >= 2:
        first = [*first[:-2], first[-1], first[-2]]
    return first + second


def round_pairs(n: int, number: int, *, double: bool, swap_last_two: bool = False) -> list[Pair]:
    """The pairs of round ``number`` of the Berger table of ``n`` players (a double round
    robin's when ``double``; see :func:`double_round_robin` for ``swap_last_two``).

    >>> round_pairs(4, 1, double=False) == berger_table(4)[0]
    True
    """
    table = double_round_robin(n, swap_last_two=swap_last_two) if double else berger_table(n)
    return table[number - 1]


def _reversed(pair: Pair) -> Pair:
    return pair if pair.black is None else Pair(pair.black, pair.white)
