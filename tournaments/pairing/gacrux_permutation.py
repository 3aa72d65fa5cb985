"""gacrux's search for a bracket's pairing without weights, over the players not taken.

Before it weighs a large bracket, gacrux's Dutch engine tries to pair it directly
(``pair_simple_round``): for S1's players in order, a depth-first search over S2 takes the
first opponent who can meet him and keeps the colour differences the bracket needs (C.04.3
C.12, C.13), backtracking at most 8! times. Its ``simple_permute`` asks whether an S2 player
is already taken of the list of the players taken, which grows with the search: on round 2
of a 1,000-player open (S2 of about 250 players, brackets searched three times) that test
was about 15 of the round's 28 seconds. :func:`simple_permute` is the same search, the same
order and the same limit, over the players not taken yet only (their places in S2, kept in
order): a search that reaches the limit (8! steps back, a 500-player open's round 2) no
longer walks past the taken players at every step.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from typing import Any

#: The number of steps back the search may take: 8! (gacrux's MAXSUB).
MAX_STEPS_BACK = 40320


def simple_permute(
    engine: Any,
    scorelevel: int,
    nodes: list[dict[str, Any]],
    edges: list[dict[str, Any]],
    s1: list[int],
    s2: list[int],
    colordiff: dict[str, Any],
    checkdf: bool,
) -> list[int]:
    """The opponents of ``s1``'s players in order (then the rest of ``s2`` when ``checkdf``,
    the homogeneous bracket, which must be completed), or ``[]`` when none is found within
    :data:`MAX_STEPS_BACK`: what gacrux's ``pair_dutch.simple_permute`` returns, asking
    ``canbepared`` and ``cannotbepared`` the same questions in the same order."""
    if not s2:
        return []
    size1 = len(s1)
    wanted = len(s2) if checkdf else size1
    permutation: list[int] = []
    # the places in s2 of the players not taken yet, in order: a scan passes over no other
    free = list(range(len(s2)))
    steps_back = 0
    stack = [-1]
    while depth := len(stack):
        index = stack.pop()
        if depth <= size1 and index >= 0:
            engine.cannotbepared(s1[depth - 1], s2[index], colordiff, permutation)
            steps_back += 1
            if steps_back >= MAX_STEPS_BACK:
                break
        at = bisect_left(free, index + 1)
        placed = len(permutation)
        if placed < size1:
            player = s1[placed]
            while at < len(free) and not engine.canbepared(
                player, s2[free[at]], colordiff, permutation
            ):
                at += 1
        if at == len(free):  # no opponent left at this depth: one step back
            if permutation:
                permutation.pop()
                insort(free, stack[-1])  # the place of the player just given back
            continue
        index = free.pop(at)
        stack.append(index)
        stack.append(-1)
        permutation.append(s2[index])
        if len(permutation) == wanted and (
            not checkdf or engine.canbecompleted(scorelevel, nodes, edges, s1, s2, permutation)
        ):
            return permutation
    return []
