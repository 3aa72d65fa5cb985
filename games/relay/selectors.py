"""The live relay's reads: a round's relayed boards as the public pages, the API and the
arbiter's desk show them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import QuerySet

from games.models import RelayBoard, RelaySource, RelayStatus
from games.selectors import game_label
from tournaments.models import Event, Game, Round

#: How many of the last plies a board shows beside its diagram.
LAST_MOVES = 6


@dataclass(frozen=True, slots=True)
class RelayRow:
    """One relayed board: ``board`` and ``index`` of its pairing (None while unmatched),
    the players (the pairing's, or as the source writes them while unmatched),
    the plies kept, the position, the flag (ply, move, rule, message) and the record's
    result; ``last_moves`` are the last plies with their move numbers."""

    id: int
    board: int | None
    index: int | None
    game_id: int | None
    key: str
    white: str
    black: str
    plies: list[str]
    status: str
    status_label: str
    flag: dict[str, Any] | None
    result: str | None
    fen: str
    clocks: dict[str, str]
    counters: list[dict[str, Any]]
    revision: int
    unmatched_reason: str
    last_moves: list[tuple[int, str]]


def relay_source_get(round_: Round) -> RelaySource | None:
    return RelaySource.objects.filter(round=round_).first()


def relay_rows(round_: Round) -> list[RelayRow]:
    """The relayed boards of ``round_``, matched ones by board, then the unmatched."""
    return _rows(RelayBoard.objects.filter(source__round=round_))


@dataclass(frozen=True, slots=True)
class RelayDeskRound:
    """A relayed round on the arbiter's desk: its boards, how many are in each state, and
    the games an unmatched relayed game may be assigned to (board label by game id)."""

    number: int
    rows: list[RelayRow]
    running: int
    flagged: int
    finished: int
    unmatched: int
    free_games: list[tuple[int, str]]


def relay_desk(event: Event) -> list[RelayDeskRound]:
    """Every relayed round of ``event`` for its desk, in order."""
    found = []
    for number, rows in relay_event_rows(event).items():
        unmatched = sum(row.game_id is None for row in rows)
        found.append(
            RelayDeskRound(
                number=number,
                rows=rows,
                running=sum(row.status == RelayStatus.RUNNING for row in rows),
                flagged=sum(row.status == RelayStatus.FLAGGED for row in rows),
                finished=sum(row.status == RelayStatus.FINISHED for row in rows),
                unmatched=unmatched,
                free_games=relay_free_games(event, number) if unmatched else [],
            )
        )
    return found


def relay_free_games(event: Event, number: int) -> list[tuple[int, str]]:
    """The games of round ``number`` of ``event`` an unmatched relayed game may be assigned
    to (played, not relayed yet), with their board labels, by board."""
    games = (
        Game.objects.filter(
            pairing__round__event=event,
            pairing__round__number=number,
            pairing__black__isnull=False,
            relay__isnull=True,
        )
        .select_related("pairing", "white__player", "black__player")
        .order_by("pairing__board", "index")
    )
    return [(game.pk, game_label(game)) for game in games]


#: What a row reads beside its board.
_ROW_RELATED = ("game__pairing", "game__white__player", "game__black__player")


def relay_event_rows(event: Event) -> dict[int, list[RelayRow]]:
    """The relayed boards of every round of ``event`` that has a relay, by round number."""
    boards = RelayBoard.objects.filter(source__round__event=event).select_related(
        "source__round", *_ROW_RELATED
    )
    by_round: dict[int, list[RelayBoard]] = {}
    for board in boards:
        by_round.setdefault(board.source.round.number, []).append(board)
    return {number: _sorted_rows(by_round[number]) for number in sorted(by_round)}


def _rows(boards: QuerySet[RelayBoard]) -> list[RelayRow]:
    return _sorted_rows(boards.select_related(*_ROW_RELATED))


def _sorted_rows(boards: Iterable[RelayBoard]) -> list[RelayRow]:
    found = [_row(board) for board in boards]
    return sorted(
        found, key=lambda row: (row.board is None, row.board or 0, row.index or 0, row.key)
    )


def _row(board: RelayBoard) -> RelayRow:
    game = board.game
    plies = list(board.plies)
    start = max(0, len(plies) - LAST_MOVES)
    return RelayRow(
        id=board.pk,
        board=game.pairing.board if game else None,
        index=game.index if game else None,
        game_id=game.pk if game else None,
        key=board.key,
        white=str(game.white.player) if game else board.white,
        black=str(game.black.player) if game else board.black,
        plies=plies,
        status=board.status,
        status_label=board.get_status_display(),
        flag=board.flag,
        result=board.result or None,
        fen=board.fen,
        clocks=dict(board.clocks),
        counters=list(board.counters),
        revision=board.revision,
        unmatched_reason=board.unmatched_reason,
        last_moves=[(start + i + 1, text) for i, text in enumerate(plies[start:])],
    )


def relay_game(*, game_id: int) -> tuple[int, str] | None:
    """How many plies of game ``game_id`` the relay kept and the last version received;
    None when it is not relayed (or `game_id` is beyond the database's integers, which a
    foreign key's lookup would send to the database as it is)."""
    low, high = connection.ops.integer_field_range(Game._meta.pk.get_internal_type())
    if (low is not None and game_id < low) or (high is not None and game_id > high):
        return None
    found = RelayBoard.objects.filter(game_id=game_id).values_list("plies", "pdn").first()
    return None if found is None else (len(found[0]), found[1])
