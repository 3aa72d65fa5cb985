"""The FIDE Dutch system as applied from 1 February 2026, through gacrux 1.11.65.

gacrux (Otto Milvang, MIT, pure Python on networkx) implements C.04.3 as FIDE approved it on
28 October 2025. It is given the round as a TRF-2026 file
(:func:`tournaments.pairing.trf.trf_dumps` of the rows of
:func:`~tournaments.pairing.dutch_input.round_input`), read by its own TRF reader, and paired
by its Dutch engine; its answer carries, for each board, the colour rule that decided the
colours (C.04.3 E.1-E.5) and, for each score bracket, the players who floated down, which
:func:`explain_2026` turns into :class:`~tournaments.pairing.dutch_input.Explanation` values.

gacrux reads the point system only from record 162 (W, D, L, A, P), so a scoring that 162
cannot hold (see :func:`tournaments.pairing.trf.fits_record_162`) is refused rather than
paired with the TRF defaults.

Speed: in an open, gacrux's time goes to networkx's maximum-weight matching (round 2 at 500
players: two matchings of about 320 players, 52,000 edges and weights of up to 1,031 bits,
80% of the round), not to the input built here (under 1%). Native matchers cannot hold such
weights (rustworkx stops at 128 bits, igraph weighs bipartite graphs only), so gacrux is given
:func:`min_weight_matching`: networkx's own algorithm, same calls and same order, on a graph
that skips networkx's read-only views (:class:`_PlainGraph`), 22% faster on that round.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from typing import Any, cast

import gacrux.pairingdutch
import networkx
from gacrux.gacruxexeptions import GacruxError, GacruxNoLegalPairing
from gacrux.pairingdutch import pairing_dutch
from gacrux.trf2json import trf2json

from tournaments.pairing.dutch_input import NoPairingError, PairingError, RoundInput
from tournaments.pairing.trf import fits_record_162, trf_dumps
from tournaments.values import Pair, TournamentState


# networkx ships no type hints (ignore_missing_imports in pyproject.toml): its Graph is Any.
class _PlainGraph(networkx.Graph):  # type: ignore[misc]
    """A graph whose ``G[v]`` is its adjacency dict itself, not a read-only view of it: the
    matching reads ``G[v][w]`` for every slack it computes (18 million times in round 2 at
    500 players). The same dicts in the same order, so the matching found is the same."""

    def __getitem__(self, node: int) -> dict[int, dict[str, int]]:
        # networkx is untyped: its adjacency dict is Any.
        return cast(dict[int, dict[str, int]], self._adj[node])


def min_weight_matching(graph: networkx.Graph, weight: str = "weight") -> set[tuple[int, int]]:
    """:func:`networkx.min_weight_matching`, step for step, on a :class:`_PlainGraph`: each
    weight w becomes (1 + the largest weight - w) and the maximum-cardinality matching of
    greatest weight is found."""
    edges = graph.edges(data=weight, default=1)
    if not edges:
        # networkx is untyped: its matching is Any.
        return cast(
            set[tuple[int, int]],
            networkx.max_weight_matching(graph, maxcardinality=True, weight=weight),
        )
    largest = 1 + max(w for _, _, w in edges)
    inverted = _PlainGraph()
    inverted.add_weighted_edges_from(((u, v, largest - w) for u, v, w in edges), weight=weight)
    return cast(
        set[tuple[int, int]],
        networkx.max_weight_matching(inverted, maxcardinality=True, weight=weight),
    )


class _Networkx(types.ModuleType):
    """networkx as gacrux's Dutch engine sees it: all of it, with the matching above."""

    def __getattr__(self, name: str) -> Any:
        return getattr(networkx, name)


gacrux.pairingdutch.nx = _Networkx("networkx")
gacrux.pairingdutch.nx.min_weight_matching = min_weight_matching

#: gacrux's name for its bracket record of a pairing's quality (C.04.3 C.1-C.21).
Board = dict[str, Any]


def boards_2026(
    state: TournamentState, rows: RoundInput, *, round_number: int, by_rank: bool
) -> tuple[list[Board], list[dict[str, Any]]]:
    """gacrux's boards (in board order) and its score brackets for round ``round_number``."""
    if not fits_record_162(state.scoring):
        raise PairingError(
            "the 2026 engine reads the point system from TRF-2026 record 162, which gives a "
            "forfeit win and a full-point bye a win's points, a half-point bye a draw's and a "
            f"zero-point bye a forfeit loss's; this scoring does not: {state.scoring}"
        )
    by_number = {c.number: c for c in state.competitors}
    cut = replace(
        state,
        competitors=tuple(
            # gacrux reads the id columns as FIDE's numbers; ids play no part in pairing.
            replace(by_number[n], results=tuple(rows.rows[n]), fmjd_id="")
            for n in sorted(rows.rows)
        ),
    )
    text = trf_dumps(cut, ordering="draughts" if by_rank else "fide", played=round_number - 1)
    brackets = gacrux_brackets(
        text,
        round_number,
        engine=pairing_dutch,
        settings={"pairingSystem": ["dutch"], "maxMeets": 1},
        params={"rank": by_rank},
        engine_name="the 2026 engine",
        criteria="C.04.3 (no rematch, at most one bye per player, colour limits)",
    )
    boards = [b for bracket in brackets for b in bracket["pairs"]]
    return sorted(boards, key=_board_order(rows, round_number)), brackets


def gacrux_brackets(
    text: str,
    round_number: int,
    *,
    engine: Callable[[dict[str, Any], int, dict[str, Any]], Any],
    settings: dict[str, Any],
    params: dict[str, Any],
    engine_name: str,
    criteria: str,
) -> list[dict[str, Any]]:
    """The score brackets of round ``round_number`` of the TRF ``text``, paired by the gacrux
    ``engine`` (``settings``: fields added to the tournament it reads; ``params``: added to
    its parameters). A refusal is a :class:`PairingError` naming ``engine_name``; no legal
    pairing a :class:`NoPairingError` citing the absolute ``criteria``."""
    reader = trf2json()
    try:
        reader.parse_file(text, 0)
        status = reader.chessjson["status"]
        if status["code"] > 400:
            raise PairingError(f"{engine_name} cannot read the round: {status['error']}")
        tournament = reader.get_tournament(1)
        tournament.update(settings)
        options = {"experimental": [], "verbose": 0, "top_color": "", **params}
        brackets = engine(tournament, round_number, options).compute_pairing(False, 0)
    except GacruxNoLegalPairing as error:
        raise NoPairingError(
            f"round {round_number} cannot be paired: no pairing satisfies the absolute "
            f"criteria of {criteria}: {error}"
        ) from error
    except GacruxError as error:
        raise PairingError(f"{engine_name} refused round {round_number}: {error}") from error
    return cast(list[dict[str, Any]], brackets)


def pair_2026(
    state: TournamentState, rows: RoundInput, *, round_number: int, by_rank: bool
) -> list[Pair]:
    """Round ``round_number`` by C.04.3 as applied from 1 February 2026."""
    boards, _ = boards_2026(state, rows, round_number=round_number, by_rank=by_rank)
    return [Pair(b["w"], b["b"] or None) for b in boards]


def _board_order(
    rows: RoundInput, round_number: int
) -> Callable[[Board], tuple[int, Decimal, Decimal, int]]:
    """C.04.2 D.9: the score of the higher player, the sum of the scores, the rank of the
    higher player (by the ordering paired); the pairing-allocated bye last."""
    points = {
        number: sum((r.points for r in row[: round_number - 1]), Decimal(0))
        for number, row in rows.rows.items()
    }
    rank = {number: position for position, number in enumerate(rows.order)}

    def key(board: Board) -> tuple[int, Decimal, Decimal, int]:
        if not board["b"]:
            return (1, Decimal(0), Decimal(0), 0)
        players = sorted((board["w"], board["b"]), key=lambda n: (-points[n], rank[n]))
        higher = players[0]
        return (0, -points[higher], -sum((points[n] for n in players), Decimal(0)), rank[higher])

    return key
