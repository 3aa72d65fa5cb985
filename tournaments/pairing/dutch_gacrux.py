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

Speed: gacrux's matchings and criteria names are given by
:mod:`tournaments.pairing.gacrux_matching`.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from decimal import Decimal
from typing import Any, cast

from gacrux.gacruxexeptions import GacruxError, GacruxNoLegalPairing
from gacrux.pairingdutch import pairing_dutch
from gacrux.trf2json import trf2json

from tournaments.pairing.dutch_input import NoPairingError, PairingError, RoundInput
from tournaments.pairing.gacrux_matching import install
from tournaments.pairing.trf import fits_record_162, trf_dumps
from tournaments.values import Pair, TournamentState

install()

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
        with _collector_paused():
            brackets = engine(tournament, round_number, options).compute_pairing(False, 0)
    except GacruxNoLegalPairing as error:
        raise NoPairingError(
            f"round {round_number} cannot be paired: no pairing satisfies the absolute "
            f"criteria of {criteria}: {error}"
        ) from error
    except GacruxError as error:
        raise PairingError(f"{engine_name} refused round {round_number}: {error}") from error
    return cast(list[dict[str, Any]], brackets)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector held while gacrux pairs: the engine makes a dict
    for every pair of players and every criterion of it (126,000 edges in a 500-player
    open), and each generation of them set the collector scanning all the others (a third
    of round 2's time at 500 players). Its objects are freed by reference counting as
    usual; the collector resumes when the engine returns."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


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
