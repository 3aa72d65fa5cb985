"""gacrux's Dutch engine, given fast matchings and fast criteria names.

gacrux pairs each score bracket by a maximum-cardinality matching of least weight
(``networkx.min_weight_matching``), whose weights spell the criteria of C.04.3 as the
fields of one mixed-radix number. In an open its time went to networkx's pure-Python
matching: round 2 of a 500-player open asked for two matchings of about 320 players and
52,000 edges (15 of its 19 seconds). This module answers those calls with
:mod:`tournaments.pairing.weighted_matching`:

- a matching whose weights fit native integers goes to rustworkx, networkx's algorithm in
  native code (6.8 s -> 0.19 s on that round's first matching, with the same pairs);
- the homogeneous pairing of a large bracket (C.04.3 D.1-D.3: the exchanges that choose
  S1, then the transpositions of S2) weighs each edge on up to 1,031 bits, one field per
  player of the bracket. Its layout is read from gacrux's own weights when it computes them
  (:func:`_remember_homogeneous`), every edge's weight is decoded into its primary part
  (C.5-C.21, HO1 and HO2) and its players' fields, and checked to re-encode to the very
  weight gacrux gave; the matching is then found window by window
  (:func:`~tournaments.pairing.weighted_matching.lexicographic_matching`). A weight that
  does not decode, or a window that cannot keep a field, falls back to networkx on the
  whole weights.

gacrux also names its criteria with a Python ``Enum`` read about 4 million times in that
round; :class:`_Criteria` is the same names and values in plain objects. Its search for a
bracket's pairing without weights is given a set of the players it has taken
(:mod:`tournaments.pairing.gacrux_permutation`).
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from typing import Any

import gacrux.crosstabledutch
import gacrux.pairingdutch
import networkx

from tournaments.pairing.gacrux_permutation import simple_permute
from tournaments.pairing.weighted_matching import (
    NATIVE_BITS,
    FieldEdge,
    LexicographicGaveUp,
    Pair,
    lexicographic_matching,
    min_weight_matching,
)


@dataclass(frozen=True)
class _Homogeneous:
    """The weight layout of one homogeneous bracket (gacrux's ``update_homogenious``):
    ``bsn`` maps a player to his bracket sequence number and ``s1`` is the size of S1;
    ``ho0`` is the unit of the criteria C.5-C.21, ``ho1`` and ``ho2`` the units of HO1 (a
    pair led by an S2 player) and HO2 (the bsn of a pair's leader), both in the primary
    part; then one field per player, each a list of units: HO3 (S1 players from the last
    up: "leads a pair"), HO4 (S2 players: the same, counted negatively) and HO5 (each
    player: how far down the bracket his opponent is, when he leads). ``qc`` holds the units
    of C.5-C.21 in gacrux's order, most significant first."""

    bsn: dict[int, int]
    s1: int
    ho0: int
    ho1: int
    ho2: int
    ho3: tuple[int, ...]
    ho4: tuple[int, ...]
    ho5: tuple[int, ...]
    qc: tuple[int, ...]
    #: How many edges gacrux weighed: the matching it asks for next has as many.
    edges: int

    @property
    def baseline(self) -> int:
        """What every edge carries for HO4 before its own player's bit is cleared."""
        return sum(self.ho4)


_pending = threading.local()


def _remember_homogeneous(
    update: Any,
) -> Any:
    def remembered(
        crosstable: Any, scorelevel: int, edges: Any, bsn: dict[int, int], s: int
    ) -> None:
        update(crosstable, scorelevel, edges, bsn, s)
        weight = crosstable.weight
        _pending.homogeneous = _Homogeneous(
            bsn=dict(bsn),
            s1=s,
            ho0=weight["HO0"],
            ho1=weight["HO1"],
            ho2=weight["HO2"],
            ho3=tuple(weight["HO3"]),
            ho4=tuple(weight["HO4"]),
            ho5=tuple(weight["HO5"]),
            edges=len(edges),
            qc=tuple(
                unit
                for criterion in _SHIPPED["qdefs"]
                if criterion.value < _SHIPPED["qdefs"].HE1.value
                for unit in _as_list(weight[criterion.name])
            ),
        )

    return remembered


def _as_list(unit: int | list[int]) -> list[int]:
    return unit if isinstance(unit, list) else [unit]


def _narrow_criteria(units: tuple[int, ...], weights: list[int], pairs: int) -> list[int]:
    """The C.5-C.21 parts ``weights`` re-encoded with each criterion's radix cut to what a
    matching of ``pairs`` pairs can sum on these edges (one more than the sum of its
    ``pairs`` largest digits; a criterion no edge breaks takes no room at all). Where such a
    sum could reach gacrux's own radix (gacrux's weights would carry there), or the weights
    do not decode on gacrux's ``units``, they are returned as they are: either way every
    comparison between two matchings' totals stays what it was."""
    if not units or units[-1] != 1:
        return weights
    counts = Counter(weights)
    digits: dict[int, list[int]] = {}
    for weight in counts:
        row, rest = [], weight
        for unit in units:
            digit, rest = divmod(rest, unit)
            row.append(digit)
        digits[weight] = row
    narrow = [0] * len(units)
    unit = 1
    for i in reversed(range(len(units))):
        largest = sorted(((row[i], counts[w]) for w, row in digits.items()), reverse=True)
        bound, left = 0, pairs
        for digit, count in largest:
            bound += digit * min(count, left)
            left -= min(count, left)
            if not left:
                break
        if i and bound >= units[i - 1] // units[i]:
            return weights
        narrow[i] = unit
        unit *= bound + 1
    narrowed = {
        weight: sum(d * u for d, u in zip(row, narrow, strict=True))
        for weight, row in digits.items()
    }
    return [narrowed[weight] for weight in weights]


def _below_criteria(layout: _Homogeneous) -> int:
    """The most HO1 and HO2 can sum to in any matching, in units of HO2: at most
    (B - S) // 2 pairs are led by an S2 player (their opponents are S2 players below them),
    and the leaders' sequence numbers sum to at most (B - 2) + (B - 4) + ... over B // 2
    pairs. While this stays below the unit of C.5-C.21, those parts never carry into the
    criteria, and narrowing the criteria keeps every comparison of gacrux's totals."""
    size, s1 = len(layout.bsn), layout.s1
    led_by_s2 = (size - s1) // 2
    pairs = size // 2
    return led_by_s2 * (layout.ho1 // layout.ho2) + pairs * size - pairs * (pairs + 1)


def _fields(
    layout: _Homogeneous, edges: list[tuple[int, int, int]]
) -> tuple[list[FieldEdge], list[int]] | None:
    """The edges as primary parts and player fields, or None when a weight does not
    re-encode to what gacrux gave. The primary part is C.5-C.21 (narrowed by
    :func:`_narrow_criteria` when HO1 and HO2 cannot sum up to its unit), then HO1 and HO2."""
    s1, b3, b4 = layout.s1, len(layout.ho3), len(layout.ho4)
    if layout.ho2 == 0 or layout.ho1 % layout.ho2 or layout.ho0 % layout.ho2:
        return None
    by_bsn = {n: player for player, n in layout.bsn.items()}
    owners = (
        [by_bsn.get(s1 - i, -1) for i in range(b3)]
        + [by_bsn.get(s1 + 1 + j, -1) for j in range(b4)]
        + [by_bsn.get(p + 1, -1) for p in range(len(layout.ho5))]
    )
    if -1 in owners:
        return None
    per_qc, per_ho1 = layout.ho0 // layout.ho2, layout.ho1 // layout.ho2
    criteria: list[int] = []
    below: list[int] = []
    digits: list[dict[int, int]] = []
    baseline = layout.baseline
    for u, v, weight in edges:
        qc, rest = divmod(weight, layout.ho0)
        rest -= baseline
        criteria.append(qc)
        if rest == 0:
            below.append(0)
            digits.append({})
            continue
        low, high = sorted((layout.bsn.get(u, 0), layout.bsn.get(v, 0)))
        if low == 0 or low > len(layout.ho5):
            return None
        ho1 = 1 if low > s1 else 0
        ho5 = high - low
        if low <= s1:
            side, field = layout.ho3[s1 - low], {s1 - low: 1}
        else:
            side, field = -layout.ho4[low - s1 - 1], {b3 + low - s1 - 1: -1}
        if rest != ho1 * layout.ho1 + (low - 1) * layout.ho2 + side + layout.ho5[low - 1] * ho5:
            return None
        below.append(ho1 * per_ho1 + low - 1)
        digits.append(field | {b3 + b4 + low - 1: ho5})
    if _below_criteria(layout) < per_qc:
        pairs = len({u for u, _, _ in edges} | {v for _, v, _ in edges}) // 2
        criteria = _narrow_criteria(layout.qc, criteria, pairs)
    found = [
        FieldEdge(u, v, qc * per_qc + part, field)
        for (u, v, _), qc, part, field in zip(edges, criteria, below, digits, strict=True)
    ]
    return found, owners


class _Graph:
    """``networkx.Graph`` as gacrux's Dutch engine uses it: weighted edges added, then
    matched by :func:`matching`. It keeps the edges as a list and gives them back in the
    order a networkx graph would iterate them."""

    def __init__(self) -> None:
        self.added: list[tuple[int, int, int]] = []

    def add_weighted_edges_from(self, edges: Iterable[tuple[int, int, int]]) -> None:
        self.added.extend(edges)

    def weighted_edges(self) -> list[tuple[int, int, int]]:
        """Each edge once, with its last weight, in networkx's order: by the first of its
        players to have been added, then by when it was first added."""
        seen: dict[int, int] = {}
        first: dict[tuple[int, int], int] = {}
        weight: dict[tuple[int, int], int] = {}
        for i, (u, v, w) in enumerate(self.added):
            seen.setdefault(u, len(seen))
            seen.setdefault(v, len(seen))
            key = (u, v) if seen[u] <= seen[v] else (v, u)
            first.setdefault(key, i)
            weight[key] = w
        order = sorted(first, key=lambda key: (seen[key[0]], first[key]))
        return [(u, v, weight[(u, v)]) for u, v in order]


def matching(graph: _Graph) -> set[Pair]:
    """``networkx.min_weight_matching`` for gacrux: the maximum-cardinality matching of
    least weight of ``graph``."""
    edges = graph.weighted_edges()
    layout: _Homogeneous | None = getattr(_pending, "homogeneous", None)
    _pending.homogeneous = None
    if layout is not None and len(edges) == layout.edges:
        spread = max(w for _, _, w in edges) - min(w for _, _, w in edges)
        decoded = _fields(layout, edges) if spread.bit_length() >= NATIVE_BITS else None
        if decoded is not None:
            try:
                return lexicographic_matching(*decoded)
            except LexicographicGaveUp:
                pass
    return min_weight_matching(edges)


class _Criterion:
    """One of gacrux's criteria names (``qdefs``): its ``name`` and ``value``."""

    __slots__ = ("name", "value")

    def __init__(self, name: str, value: int) -> None:
        self.name = name
        self.value = value


class _Criteria:
    """gacrux's ``qdefs`` Enum as plain objects: iterated in order without its aliases,
    looked up by value with a call, and by name as attributes."""

    def __init__(self, enum: type[Enum]) -> None:
        self._members = tuple(_Criterion(m.name, m.value) for m in enum)
        self._by_value = {m.value: m for m in self._members}
        for name, member in enum.__members__.items():
            setattr(self, name, self._by_value[member.value])

    def __iter__(self) -> Iterator[_Criterion]:
        return iter(self._members)

    def __call__(self, value: int) -> _Criterion:
        return self._by_value[value]


#: gacrux's own names, kept to put them back (:func:`as_shipped`).
_SHIPPED = {
    "qdefs": gacrux.crosstabledutch.qdefs,
    "update_homogenious": gacrux.crosstabledutch.crosstable_dutch.update_homogenious,
    "nx": gacrux.pairingdutch.nx,
    "simple_permute": gacrux.pairingdutch.pairing_dutch.simple_permute,
}


def install() -> None:
    """Give gacrux's Dutch engine these matchings and criteria names."""
    criteria = _Criteria(_SHIPPED["qdefs"])
    gacrux.crosstabledutch.qdefs = criteria
    gacrux.pairingdutch.qdefs = criteria
    gacrux.crosstabledutch.crosstable_dutch.update_homogenious = _remember_homogeneous(
        _SHIPPED["update_homogenious"]
    )
    gacrux.pairingdutch.nx = _Networkx("networkx")
    gacrux.pairingdutch.pairing_dutch.simple_permute = simple_permute


@contextmanager
def as_shipped() -> Iterator[None]:
    """gacrux's Dutch engine as its package ships it (networkx's matchings, its Enum), for
    the benchmark that sets the two side by side."""
    gacrux.crosstabledutch.qdefs = gacrux.pairingdutch.qdefs = _SHIPPED["qdefs"]
    gacrux.crosstabledutch.crosstable_dutch.update_homogenious = _SHIPPED["update_homogenious"]
    gacrux.pairingdutch.nx = _SHIPPED["nx"]
    gacrux.pairingdutch.pairing_dutch.simple_permute = _SHIPPED["simple_permute"]
    _pending.homogeneous = None
    try:
        yield
    finally:
        install()


class _Networkx(type(networkx)):  # type: ignore[misc]
    """networkx as gacrux's Dutch engine sees it: all of it, with :func:`matching`."""

    Graph = _Graph
    min_weight_matching = staticmethod(matching)

    def __getattr__(self, name: str) -> Any:
        return getattr(networkx, name)
