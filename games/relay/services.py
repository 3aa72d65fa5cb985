"""The live relay's writes: a round's source (one PDN file for the round, one file per board,
or pushes with the event's token), each version of its games checked as it arrives
(games.relay.core), the polling of a source and the push of games.

Every version received is matched to the round's games (games.matching: Round and Board
tags, players' names; a board's own file is that board's game); what matches nothing is
kept as an unassigned board for the arbiter. A board that stops (finished or flagged)
stores its record (games.services.records, verified in the background like any record);
the first time the record's result is set, it finishes the board and proposes that result.
The relay never writes a game's result: when the record's result and the result entered
disagree, a dispute is opened on the dispute desk (docs/rules/international.md §8: the
arbiter decides), whichever came first: a board finishing against a result already entered
(the game read again under its row lock, so an entry made while the version was being read
is seen), or a result entered against a finished board (:func:`relay_follow_result`, a
follower of every result change). The standings count the entered result. A completed
round's records are final: its pushes are refused and its polled sources stop.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import models, transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _

from arbiter.pdn import PdnGame, read_games, write_game
from games.matching import match_games
from games.models import (
    Dispute,
    DisputeClaim,
    DisputeStatus,
    RecordSource,
    RelayBoard,
    RelayFeed,
    RelayKind,
    RelaySource,
    RelayToken,
    Ruling,
)
from games.models import RelayStatus as Status
from games.relay.core import RelayUpdate, relay_update
from games.relay.fetch import FetchError, fetch_text
from games.services.disputes import dispute_open
from games.services.errors import NotAllowedError, RelayError
from games.services.records import record_save, round_games, slot_of
from games.services.verification import game_card
from games.timeline import start_and_opening, variant_of
from tournaments.access import may_officiate, organizes
from tournaments.models import Event, Game, GameResult, Round, RoundStatus
from tournaments.selectors.public import forget_states

#: The game result code (GameResult) each record result gives (docs/rules/pdn.md §3).
RESULT_CODES = {
    "1-0": GameResult.WHITE_WIN,
    "2-0": GameResult.WHITE_WIN,
    "0-1": GameResult.BLACK_WIN,
    "0-2": GameResult.BLACK_WIN,
    "1/2-1/2": GameResult.DRAW,
    "1-1": GameResult.DRAW,
}
_PLAYED = frozenset(RESULT_CODES.values())


@dataclass(slots=True)
class RelayReport:
    """What one version of a round's file changed: new plies per board, boards flagged or
    finished by it, games that matched no pairing."""

    appended: dict[str, int] = field(default_factory=dict)
    flagged: list[str] = field(default_factory=list)
    finished: list[str] = field(default_factory=list)
    unmatched: list[str] = field(default_factory=list)
    #: The boards saved (new ones, changed ones): their history is written at once.
    created: list[RelayBoard] = field(default_factory=list, repr=False)
    changed: list[RelayBoard] = field(default_factory=list, repr=False)

    @property
    def new_plies(self) -> int:
        return sum(self.appended.values())


def relay_source_check(*, round: Round, kind: str, url: str, interval: int) -> None:
    """Refuse a polled source without an address, or polled more often than
    RELAY_MIN_INTERVAL seconds (RelayError naming the round)."""
    if kind == RelayKind.URL and not url:
        raise RelayError(
            _("%(round)s: a polled relay needs the PDN file's address") % {"round": round}
        )
    if interval < settings.RELAY_MIN_INTERVAL:
        raise RelayError(
            _("%(round)s: a relay is polled at most every %(seconds)s seconds")
            % {"round": round, "seconds": settings.RELAY_MIN_INTERVAL}
        )


def _require_organizer(user: AbstractBaseUser, event: Event) -> None:
    """Refuse (NotAllowedError) a user who does not organize ``event``: only its organizers
    may set its relay."""
    if not organizes(user, event):
        raise NotAllowedError(
            _("%(user)s may not set the relay of %(event)s: only its organizers may")
            % {"user": user, "event": event}
        )


@transaction.atomic
def relay_token_issue(*, event: Event, user: AbstractBaseUser) -> RelayToken:
    """The push token of ``event``'s relay (made the first time); only its organizers may
    read it. Its bearer may push the games of any round of the event, and nothing else."""
    _require_organizer(user, event)
    token, _created = RelayToken.objects.get_or_create(event=event, defaults={"created_by": user})
    return token


@transaction.atomic
def relay_source_set(
    *, round: Round, kind: str, user: AbstractBaseUser, url: str = "", interval: int = 5
) -> RelaySource:
    """Set (or change) where ``round``'s games are relayed from; only the event's
    organizers may. A polled source needs an address; its first poll is due at once."""
    event = round.event
    _require_organizer(user, event)
    relay_source_check(round=round, kind=kind, url=url, interval=interval)
    relay_token_issue(event=event, user=user)
    source = RelaySource.objects.filter(round=round).first() or RelaySource(
        round=round, created_by=user
    )
    source.kind, source.url, source.interval = kind, url if kind == RelayKind.URL else "", interval
    source.active, source.failures, source.last_error = True, 0, ""
    source.next_poll_at = timezone.now() if kind in RelayKind.polled() else None
    source.full_clean()
    source.save()
    if kind != RelayKind.BOARDS:
        source.feeds.all().delete()
    return source


@transaction.atomic
def relay_feed_set(
    *, source: RelaySource, game: Game, url: str, user: AbstractBaseUser
) -> RelayFeed:
    """Poll ``url``, a PDN file holding ``game`` alone, for a round relayed one file per
    board (the file's game is that board's, whatever its tags say); only the event's
    organizers may."""
    round_ = source.round
    _require_organizer(user, round_.event)
    if source.kind != RelayKind.BOARDS:
        raise RelayError(_("%(round)s is not relayed one file per board") % {"round": round_})
    if game.pairing.round_id != round_.pk:
        raise RelayError(_("%(game)s is not a game of %(round)s") % {"game": game, "round": round_})
    feed = RelayFeed.objects.filter(game=game).first() or RelayFeed(source=source, game=game)
    feed.url = url
    feed.full_clean()
    feed.save()
    source.active, source.next_poll_at = True, timezone.now()
    source.save(update_fields=["active", "next_poll_at"])
    return feed


@transaction.atomic
def relay_feed_remove(*, feed: RelayFeed, user: AbstractBaseUser) -> None:
    """Stop polling a board's file; what it relayed is kept."""
    event = feed.source.round.event
    _require_organizer(user, event)
    feed.delete()


@transaction.atomic
def relay_board_assign(*, board: RelayBoard, game: Game | None, user: AbstractBaseUser) -> None:
    """Assign a relayed game the matching left out to ``game`` of the same round (or take
    the assignment back with None); its next version is stored as that game's record. The
    event's officials (organizers and arbiters) may."""
    board = (
        RelayBoard.objects.select_for_update()
        .select_related("source__round__event")
        .get(pk=board.pk)
    )
    round_ = board.source.round
    if not may_officiate(user, round_.event):
        raise NotAllowedError(
            _("%(user)s may not assign the relayed games of %(event)s: only its officials may")
            % {"user": user, "event": round_.event}
        )
    if game is not None and game.pairing.round_id != round_.pk:
        raise RelayError(_("%(game)s is not a game of %(round)s") % {"game": game, "round": round_})
    if game is not None and RelayBoard.objects.filter(game=game).exclude(pk=board.pk).exists():
        raise RelayError(_("%(game)s is already relayed") % {"game": game})
    board.game = game
    board.save(update_fields=["game"])


@transaction.atomic
def relay_push(*, round: Round, token: str, pdn: str) -> RelayReport:
    """Receive ``pdn`` (one or more games of ``round``) pushed with ``token``, the push
    token of the round's event (a round without a source gets one fed by pushes). A round
    relayed from polled files refuses pushes."""
    held = RelayToken.objects.filter(event_id=round.event_id).first()
    if held is None or not constant_time_compare(held.token, token):
        raise NotAllowedError(_("the token does not allow relaying %(round)s") % {"round": round})
    if Round.objects.filter(pk=round.pk, status=RoundStatus.COMPLETED).exists():
        raise NotAllowedError(
            _("%(round)s is completed: its records are final and the relay token no longer pushes")
            % {"round": round}
        )
    source = RelaySource.objects.select_for_update().filter(round=round).first()
    if source is None:
        source, _created = RelaySource.objects.get_or_create(
            round=round, defaults={"kind": RelayKind.PUSH, "created_by": held.created_by}
        )
    if source.kind in RelayKind.polled():
        raise RelayError(
            _("%(round)s is relayed from %(url)s: pushed games are refused")
            % {"round": round, "url": source.url or _("one PDN file per board")}
        )
    report = relay_receive(source=source, pdn=pdn)
    if report.new_plies:
        source.last_move_at = timezone.now()
        source.save(update_fields=["last_move_at"])
    return report


def relay_poll(*, source_id: int) -> RelayReport | None:
    """Read a polled source once and receive what it holds. A failure counts towards the
    back-off (every poll after RELAY_FAILURES_BEFORE_BACKOFF failures in a row doubles the
    wait, up to RELAY_MAX_INTERVAL seconds); the source stops RELAY_STOP_SECONDS after its
    last new move. None when the source is not due or not polled."""
    with transaction.atomic():
        source = _due(source_id)
        if source is None:
            return None
        # At most one poll of a source at a time: before the fetch, the next poll is booked
        # after the longest this one's reading can take, so a second worker finds the
        # source not due (a row of the database, not the cache: it holds when the cache is
        # down, and a worker that dies mid-fetch frees the source when the time is up).
        # The poll then books its real next time: a successful one keeps the interval from
        # poll to poll.
        started = timezone.now()
        source.next_poll_at = started + max(_wait(source), _longest_fetch(source))
        source.save(update_fields=["next_poll_at"])
    texts, errors = _fetch(source)
    if errors and not texts:
        with transaction.atomic():
            source = RelaySource.objects.select_for_update().get(pk=source_id)
            source.failures += 1
            source.last_error = "\n".join(errors)[:2000]
            source.next_poll_at = timezone.now() + _wait(source)
            source.save(update_fields=["failures", "last_error", "next_poll_at"])
        return None
    with transaction.atomic():
        source = RelaySource.objects.select_for_update().get(pk=source_id)
        if source.kind == RelayKind.BOARDS:
            report = relay_receive_boards(source=source, texts=texts)
        else:
            report = relay_receive(source=source, pdn=texts[None])
        now = timezone.now()
        if report.new_plies or source.last_move_at is None:
            source.last_move_at = now
        source.failures, source.last_error = 0, "\n".join(errors)[:2000]
        source.next_poll_at = started + _wait(source)
        if now - source.last_move_at > datetime.timedelta(seconds=settings.RELAY_STOP_SECONDS):
            source.active = False
        source.save()
    return report


def _fetch(source: RelaySource) -> tuple[dict[int | None, str], list[str]]:
    """The text of the round's file (under None), or of each board's file (under its game's
    id), and what could not be read. A board whose file fails keeps what it relayed; the
    poll fails (and counts towards the back-off) only when nothing could be read."""
    addresses: dict[int | None, str] = (
        dict(source.feeds.values_list("game_id", "url"))
        if source.kind == RelayKind.BOARDS
        else {None: source.url}
    )
    texts, errors = {}, []
    for game_id, url in addresses.items():
        try:
            texts[game_id] = fetch_text(url)
        except FetchError as exc:
            errors.append(str(exc))
    return texts, errors


def relay_due_sources() -> list[int]:
    """The ids of the polled sources whose next poll is due."""
    return list(
        RelaySource.objects.filter(
            kind__in=RelayKind.polled(), active=True, next_poll_at__lte=timezone.now()
        ).values_list("pk", flat=True)
    )


def relay_receive_boards(*, source: RelaySource, texts: dict[int | None, str]) -> RelayReport:
    """Check the game of each board's own file (``texts`` by game id) against what
    ``source`` stored: the file's first game is that board's game (in the caller's
    transaction)."""
    round_ = Round.objects.select_related("event").get(pk=source.round_id)
    source.round = round_  # _receive reads its event
    games = {game.pk: game for game in round_games(round_)}
    report = RelayReport()
    for game_id, text in texts.items():
        game = games.get(game_id) if game_id is not None else None
        pdn_game = next(iter(read_games(text)), None)
        if game is None or pdn_game is None:
            continue
        key = f"{game.pairing.board}.{game.index}"
        _receive(source, report, key, pdn_game, game=game)
    return _keep_history(report)


def relay_receive(*, source: RelaySource, pdn: str) -> RelayReport:
    """Check each game of ``pdn`` against what ``source`` stored (in the caller's
    transaction)."""
    round_ = Round.objects.select_related("event").get(pk=source.round_id)
    source.round = round_  # _receive reads its event
    games = {game.pk: game for game in round_games(round_)}
    pdn_games = {pdn_game.index: pdn_game for pdn_game in read_games(pdn)}
    matching = match_games(
        pdn_games.values(),
        [slot_of(game) for game in games.values()],
        round_number=round_.number,
        by_board=True,
    )
    report = RelayReport()
    for matched in matching.matched:
        game = games[matched.game_id]
        key = f"{matched.board}.{matched.index}"
        _receive(source, report, key, pdn_games[matched.pdn_index], game=game)
    for item in matching.unmatched:
        pdn_game = pdn_games[item.pdn_index]
        key = _("%(white)s - %(black)s (board %(board)s)") % {
            "white": item.white or "?",
            "black": item.black or "?",
            "board": pdn_game.tag("Board") or "?",
        }
        key = _fitted(key, "key")
        _receive(source, report, key, pdn_game, game=None, reason=item.reason)
    return _keep_history(report)


def _receive(
    source: RelaySource,
    report: RelayReport,
    key: str,
    pdn_game: PdnGame,
    *,
    game: Game | None,
    reason: str = "",
) -> None:
    board = RelayBoard.objects.select_for_update().filter(source=source, key=key).first()
    if game is None and board is not None and board.game_id is not None:
        # a game the matching left out, which an official assigned (relay_board_assign)
        game, reason = board.game, ""
    if board is None and game is not None:
        board = RelayBoard.objects.select_for_update().filter(game=game).first()
    if board is None:
        board = RelayBoard(source=source, key=key, game=game)
    event = source.round.event
    variant = variant_of(pdn_game, event.variant)
    card = game_card(game) if game is not None else None
    start_fen, opening, _skipped = start_and_opening(pdn_game, variant, card)
    update = relay_update(
        board.plies, pdn_game, variant=variant, start_fen=start_fen, opening=opening
    )
    if board.pk is not None and not update.changed and _same_state(board, update):
        return
    was_finished, status = bool(board.result), board.status if board.pk else None
    (report.changed if board.pk else report.created).append(board)
    _apply(board, update, pdn_game, reason)
    # simple_history's switch, on the instance: the history is written for every board at
    # once (_keep_history)
    unrecorded: Any = board
    unrecorded.skip_history_when_saving = True
    board.save()
    del unrecorded.skip_history_when_saving
    if update.appended:
        report.appended[key] = len(update.appended)
    if board.status == Status.FLAGGED:
        report.flagged.append(key)
    if game is None:
        report.unmatched.append(key)
        return
    if board.status != Status.RUNNING and (update.changed or status != board.status):
        # the record (verified in the background, shown on the desk) is written when the
        # board stops: finished or flagged; while it runs, the viewer reads the board's PDN
        record_save(game=game, pdn=board.pdn, user=source.created_by, source=RecordSource.RELAY)
    if board.result and not was_finished:
        report.finished.append(key)
        _compare_result(source, board, game)


def _keep_history(report: RelayReport) -> RelayReport:
    """The history rows of the boards a version changed, in one insert, and the cached event
    states forgotten once now and once at commit (a history row saved one by one would
    forget them for each board, and every follower's check between two of them would
    compute the event's fingerprint anew: selectors.public.event_state)."""
    if report.created:
        RelayBoard.history.bulk_history_create(report.created)
    if report.changed:
        RelayBoard.history.bulk_history_create(report.changed, update=True)
    if report.created or report.changed:
        forget_states()
        transaction.on_commit(forget_states)
    return report


def _apply(board: RelayBoard, update: RelayUpdate, pdn_game: PdnGame, reason: str) -> None:
    if update.rewritten_at is not None:
        board.revision += 1
    board.plies = list(update.plies)
    board.flag = update.flag.to_dict() if update.flag else None
    board.fen = update.fen
    board.counters = [
        {"rule": c.rule, "name": c.name, "count": c.count, "limit": c.limit, "unit": c.unit}
        for c in update.counters
    ]
    board.clocks = update.clocks
    board.result = update.result or ""
    board.white = _fitted(pdn_game.tag("White") or "", "white")
    board.black = _fitted(pdn_game.tag("Black") or "", "black")
    board.unmatched_reason = reason
    board.pdn = write_game(pdn_game)
    board.status = (
        Status.FLAGGED if board.flag else Status.FINISHED if board.result else Status.RUNNING
    )
    board.updated_at = timezone.now()


def _fitted(text: str, field: str) -> str:
    """``text`` cut to what RelayBoard's column ``field`` holds: the names and keys come from
    a file the event does not write, of any length."""
    column = RelayBoard._meta.get_field(field)
    assert isinstance(column, models.Field)
    return text[: column.max_length]


def _same_state(board: RelayBoard, update: RelayUpdate) -> bool:
    """Nothing a reader sees would change (no new ply, same flag, result and clocks)."""
    flag = update.flag.to_dict() if update.flag else None
    return (board.flag, board.result, board.clocks) == (flag, update.result or "", update.clocks)


def relay_follow_result(game: Game) -> None:
    """A result entered against a relayed board already finished with another result goes to
    the desk (tournaments.hooks.RESULT_FOLLOWERS, in the result's transaction, the game's row
    locked)."""
    board = (
        RelayBoard.objects.filter(game_id=game.pk)
        .exclude(result="")
        .select_related("source")
        .first()
    )
    if board is not None:
        _open_conflict(board.source, board, game)


def _compare_result(source: RelaySource, board: RelayBoard, game: Game) -> None:
    """A record's result that disagrees with the played result entered goes to the desk.
    The game is read again under its row lock: its result may have been entered since the
    round's games were read for this version (result_record holds the same lock)."""
    game = Game.objects.select_for_update(of=("self",)).get(pk=game.pk)
    _open_conflict(source, board, game)


def _open_conflict(source: RelaySource, board: RelayBoard, game: Game) -> None:
    """Open a dispute when ``board``'s result and ``game``'s played result differ, unless one
    about the game's result is open, or the arbiter has already ruled this result."""
    proposed = RESULT_CODES.get(board.result)
    if proposed is None or game.result not in _PLAYED or game.result == proposed:
        return
    disputes = Dispute.objects.filter(game_id=game.pk, claim=DisputeClaim.WRONG_RESULT)
    ruled = Ruling.objects.filter(dispute__in=disputes, result_after=game.result)
    if disputes.filter(status=DisputeStatus.OPEN).exists() or ruled.exists():
        return
    dispute_open(
        game=game,
        claim=DisputeClaim.WRONG_RESULT,
        statement=_(
            "The relayed record ends %(record)s (%(proposed)s), the result entered is %(entered)s."
        )
        % {"record": board.result, "proposed": proposed, "entered": game.result},
        user=source.created_by,
    )


def _due(source_id: int) -> RelaySource | None:
    source = (
        RelaySource.objects.select_for_update(of=("self",))
        .select_related("round")
        .filter(pk=source_id)
        .first()
    )
    if source is None or not source.active or source.kind not in RelayKind.polled():
        return None
    if source.round.status == RoundStatus.COMPLETED:  # its records are final
        source.active = False
        source.save(update_fields=["active"])
        return None
    if source.next_poll_at is not None and source.next_poll_at > timezone.now():
        return None
    return source


def _longest_fetch(source: RelaySource) -> datetime.timedelta:
    """The longest the files of ``source`` can take to read, one after the other (each
    within RELAY_FETCH_SECONDS: games.relay.fetch), with a second to spare per file."""
    files = source.feeds.count() if source.kind == RelayKind.BOARDS else 1
    return datetime.timedelta(seconds=max(files, 1) * (settings.RELAY_FETCH_SECONDS + 1))


def _wait(source: RelaySource) -> datetime.timedelta:
    """The source's interval; after RELAY_FAILURES_BEFORE_BACKOFF failures in a row, doubled
    at each further failure, up to RELAY_MAX_INTERVAL."""
    seconds = max(source.interval, settings.RELAY_MIN_INTERVAL)
    over = source.failures - settings.RELAY_FAILURES_BEFORE_BACKOFF
    if over >= 0:
        seconds = min(seconds * 2 ** (over + 1), settings.RELAY_MAX_INTERVAL)
    return datetime.timedelta(seconds=seconds)
