"""Maximum-cardinality matchings of least weight, as the Dutch engines pair a bracket.

A Dutch engine that pairs by weighted matching (C.04.3 as FIDE approved it in 2025, read
through gacrux) asks for a matching with as many pairs as possible and, among those, the
least total weight. Its weights are lexicographic: each criterion of the pairing (C.04.3
C.5-C.21, then the exchange and transposition order of D.1-D.3) is a field of a
mixed-radix number whose radix exceeds any sum the field can reach, so the least total
weight is the pairing that best meets the first criterion, then the second, and so on.

Two ways to find it, both exact:

- :func:`min_weight_matching`: one matching, by the blossom algorithm of Edmonds as
  Galil describes it ("Efficient algorithms for finding maximum matching in graphs",
  1986), in rustworkx's native code when every weight fits its 128-bit integers (with
  room for the algorithm's doubled sums), else in networkx's pure Python. rustworkx ports
  networkx's implementation, and is given the graph in networkx's order; where several
  matchings share the least weight the two may still choose differently.
- :func:`lexicographic_matching`: the same optimum when the weights are too wide for native
  integers (a bracket of 145 players weighs its transpositions on 1,031 bits), found by
  native matchings on narrow weights. The primary part of each weight is kept whole; the
  lexicographic fields below it are optimised a window at a time. Each field belongs to
  one player (only the edges at that player carry it), so once a window is optimal its
  fields' values are fixed by removing the edges that would change them, and the next
  window is weighed with the primary part and its own fields only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

import networkx
import rustworkx

#: The widest weight handed to rustworkx. Its blossom algorithm works in signed 128-bit
#: integers and doubles weights in its slacks; 2**126 already overflows (measured).
NATIVE_BITS = 120

Pair = tuple[int, int]


def min_weight_matching(edges: Sequence[tuple[int, int, int]]) -> set[Pair]:
    """The matching of ``edges`` (``(u, v, weight)``) with the most pairs and, among those,
    the least total weight, as ``networkx.min_weight_matching`` finds it (each weight w
    becomes 1 + the largest weight - w, and the greatest total is sought)."""
    if not edges:
        return set()
    largest = max(w for _, _, w in edges)
    smallest = min(w for _, _, w in edges)
    if (1 + largest - smallest).bit_length() <= NATIVE_BITS:
        return _native(edges, [1 + largest - w for _, _, w in edges])
    inverted = networkx.Graph()
    inverted.add_weighted_edges_from((u, v, 1 + largest - w) for u, v, w in edges)
    # networkx is untyped: its matching is Any.
    return cast(set[Pair], networkx.max_weight_matching(inverted, maxcardinality=True))


def _native(edges: Sequence[tuple[int, int, int]], gains: Sequence[int]) -> set[Pair]:
    """rustworkx's maximum-cardinality matching of greatest total ``gains`` (one per edge),
    its vertices and edges added in the order networkx would hold them."""
    index: dict[int, int] = {}
    for u, v, _ in edges:
        index.setdefault(u, len(index))
        index.setdefault(v, len(index))
    graph = rustworkx.PyGraph(multigraph=False)
    graph.add_nodes_from(list(index))
    graph.add_edges_from(
        [(index[u], index[v], gain) for (u, v, _), gain in zip(edges, gains, strict=True)]
    )
    names = list(index)
    matched = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    return {(names[a], names[b]) for a, b in matched}


@dataclass(frozen=True)
class FieldEdge:
    """An edge of a lexicographic weight: its primary part ``primary`` (least is best) and
    the fields it carries, ``{field: digit}``; a field it does not carry counts 0 for it."""

    u: int
    v: int
    primary: int
    digits: dict[int, int] = field(default_factory=dict)


class LexicographicGaveUp(Exception):
    """The windows cannot go on (the primary part leaves no room for a field, or a fixed
    field lost its value); the caller pairs by :func:`min_weight_matching` on the whole
    weights instead."""


def lexicographic_matching(edges: Sequence[FieldEdge], owners: Sequence[int]) -> set[Pair]:
    """The matching of most pairs that has the least sum of ``primary`` and, among those,
    the lexicographically least field sums (field 0 first): the matching of least weight
    when each weight is ``primary`` followed by its fields' digits as a mixed-radix number
    in which no field's sum can carry into the next.

    ``owners[f]`` is the player who owns field f: only edges at that player carry it, so in
    any matching at most one edge gives the field its value, and a field whose owner is
    unmatched or matched by an edge that does not carry it is 0. Raises
    :class:`LexicographicGaveUp` when it cannot keep a decided field's value."""
    return _Windows(edges, owners).solve()


#: How many values of a wide field a window tells apart: its fifteen least, and "more"
#: (at least 3, so that "more" always rules out a digit of some edge).
CAP = 16


class _Windows:
    """The state of :func:`lexicographic_matching`: one native graph whose edges are
    removed as fields are fixed, and the fields still to fix.

    A window weighs each field by the rank of its digit among the digits still allowed at
    its owner (0, when he is unmatched or his edge does not carry it, ranks as a digit
    too), a field of more than :data:`CAP` values by its :data:`CAP` - 1 least and "more".
    The window's optimum fixes its fields in order up to the first that reached "more":
    that field's least values are then impossible, so their edges go and the next window
    starts at it. A field fixed at a value other than 0 keeps its owner matched through
    one more part of the weight, between the primary part and the window (removing edges
    cannot forbid leaving a player unmatched). When a fixed owner has one edge left, his
    partner's other edges go too."""

    def __init__(self, edges: Sequence[FieldEdge], owners: Sequence[int]) -> None:
        self.edges = list(edges)
        self.owners = owners
        self.at: dict[int, list[int]] = {}
        for i, e in enumerate(self.edges):
            self.at.setdefault(e.u, []).append(i)
            self.at.setdefault(e.v, []).append(i)
        self.carriers = [0] * len(owners)
        for e in self.edges:
            for f in e.digits:
                self.carriers[f] += 1
        floor = min(e.primary for e in self.edges)
        self.primary = [e.primary - floor for e in self.edges]
        # A weight is at most (primary + 4) * room * kept: three bits for the + 4.
        self.budget = NATIVE_BITS - max(self.primary).bit_length() - 3
        index: dict[int, int] = {}
        for e in self.edges:
            index.setdefault(e.u, len(index))
            index.setdefault(e.v, len(index))
        self.names = list(index)
        self.graph = rustworkx.PyGraph(multigraph=False)
        self.graph.add_nodes_from(self.names)
        self.handles = self.graph.add_edges_from(
            [(index[e.u], index[e.v], i) for i, e in enumerate(self.edges)]
        )
        self.alive = [True] * len(self.edges)
        #: The owners of fields fixed at a value other than 0, who must stay matched.
        self.kept: set[int] = set()

    def solve(self) -> set[Pair]:
        if self.budget < 2:
            raise LexicographicGaveUp("the primary part alone is too wide for native integers")
        decided: dict[int, int] = {}
        pending = [f for f in range(len(self.owners)) if self.carriers[f]]
        matching = {} if pending else self._matching({}, 1)
        while pending:
            window, room = self._window(pending)
            matching = self._matching(window, room)
            stopped = None
            for f, (values, _) in window.items():
                value = self._value(matching, f)
                if len(values) > CAP and values.index(value) >= CAP - 1:
                    stopped = f
                    break
                decided[f] = value
                self._allow(f, value, value)
                if value:
                    self.kept.add(self.owners[f])
                    self._pin(self.owners[f])
            if stopped is None:
                pending = [f for f in pending[len(window) :] if self.carriers[f]]
                continue
            least = window[stopped][0][CAP - 1]
            if not self._allow(stopped, least, None) and stopped == next(iter(window)):
                raise LexicographicGaveUp(f"field {stopped} cannot be narrowed")
            pending = [f for f in pending[pending.index(stopped) :] if self.carriers[f]]
        for f, value in decided.items():
            if self._value(matching, f) != value:
                raise LexicographicGaveUp(f"field {f} lost its value {value}")
        return {(e.u, e.v) for e in {id(e): e for e in matching.values()}.values()}

    def _values(self, f: int) -> list[int]:
        """The values field ``f`` can still take, least first."""
        values = {0}
        for i in self.at[self.owners[f]]:
            if self.alive[i]:
                values.add(self.edges[i].digits.get(f, 0))
        return sorted(values)

    def _window(self, pending: list[int]) -> tuple[dict[int, tuple[list[int], int]], int]:
        """The next fields to weigh together, as many as the budget allows: field -> (its
        values, its unit); and the window's room, the unit of the primary part."""
        chosen: list[tuple[int, list[int], int]] = []
        room = 1
        for f in pending:
            values = self._values(f)
            radix = min(len(values), CAP)
            if (room * radix * (len(self.kept) + 1)).bit_length() > self.budget and chosen:
                break
            chosen.append((f, values, radix))
            room *= radix
        window: dict[int, tuple[list[int], int]] = {}
        unit = room
        for f, values, radix in chosen:
            unit //= radix
            window[f] = (values, unit)
        return window, room

    def _matching(
        self, window: dict[int, tuple[list[int], int]], room: int
    ) -> dict[int, FieldEdge]:
        """The native matching of most pairs and least weight over the allowed edges, as
        each matched player's edge. The weight is, most significant first: the primary
        part; how many owners of fields fixed at a value other than 0 go unmatched (none
        did when they were fixed, and removing edges cannot keep them matched); each
        window field's unit times its (capped) rank."""
        kept = len(self.kept) + 1
        costs = [p * room * kept for p in self.primary]
        for owner in self.kept:
            for i in self.at[owner]:
                costs[i] -= room
        for f, (values, unit) in window.items():
            rank = {v: min(r, CAP - 1) for r, v in enumerate(values)}
            zero = rank[0]
            for i in self.at[self.owners[f]]:
                costs[i] += unit * (rank.get(self.edges[i].digits.get(f, 0), 0) - zero)
        top = 1 + max(costs)
        gains = [top - c for c in costs]
        if max(gains).bit_length() > NATIVE_BITS:
            raise LexicographicGaveUp("a window's weights are too wide for native integers")
        matched: dict[int, FieldEdge] = {}
        pairs = rustworkx.max_weight_matching(
            self.graph, max_cardinality=True, weight_fn=gains.__getitem__
        )
        for a, b in pairs:
            e = self.edges[self.graph.get_edge_data(a, b)]
            matched[e.u] = matched[e.v] = e
        return matched

    def _pin(self, owner: int) -> None:
        """When ``owner`` has one edge left and a field that needs it, that edge is his
        pair: remove his partner's other edges."""
        left = [i for i in self.at[owner] if self.alive[i]]
        if len(left) != 1:
            return
        partner = self.edges[left[0]].u + self.edges[left[0]].v - owner
        for i in self.at[partner]:
            if self.alive[i] and i != left[0]:
                self._remove(i)

    def _value(self, matching: dict[int, FieldEdge], f: int) -> int:
        e = matching.get(self.owners[f])
        return e.digits.get(f, 0) if e is not None else 0

    def _allow(self, f: int, least: int, most: int | None) -> int:
        """Remove the edges at field ``f``'s owner that give it a digit below ``least`` or
        above ``most`` (an edge that does not carry it gives it 0); how many went."""
        removed = 0
        for i in self.at[self.owners[f]]:
            digit = self.edges[i].digits.get(f, 0)
            if self.alive[i] and (digit < least or (most is not None and digit > most)):
                self._remove(i)
                removed += 1
        return removed

    def _remove(self, i: int) -> None:
        self.alive[i] = False
        self.graph.remove_edge_from_index(self.handles[i])
        for g in self.edges[i].digits:
            self.carriers[g] -= 1
