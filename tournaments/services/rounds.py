"""Rounds: pair (draft), edit by hand, publish, complete, delete a draft."""

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max, Q, QuerySet
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from simple_history.utils import bulk_create_with_history

from tournaments import hooks
from tournaments.hooks import (
    EVENT_STARTING,
    ROUND_COMPLETED,
    ROUND_PUBLISHED,
    is_team_competition,
)
from tournaments.models import (
    Event,
    Game,
    GameResult,
    Pairing,
    Registration,
    Round,
    RoundStatus,
    System,
)
from tournaments.pairing.berger import round_pairs
from tournaments.pairing.dutch import NoPairingError, PairingError, pair_dutch
from tournaments.selectors.berger import standing_number_draw
from tournaments.selectors.events import event_total_rounds
from tournaments.selectors.round_warnings import PairingWarning, round_warnings
from tournaments.selectors.state import swiss_round_request
from tournaments.services.errors import (
    PairingEditError,
    RoundPairingError,
    RoundRegenerationError,
    RoundStateError,
)
from tournaments.services.history import recorded_by, written_in_bulk
from tournaments.services.registrations import registrations_renumber
from tournaments.services.schedule import round_time_revise
from tournaments.task_names import task_named
from tournaments.values import ByeKind, Pair


@transaction.atomic
def round_create(*, event: Event, user: AbstractBaseUser | None) -> Round:
    """Open the next round as an empty draft (round 1 first has the ratings at start set,
    `tournaments.hooks.EVENT_STARTING`, then fixes the pairing numbers by rating:
    registrations_renumber). Refused while the previous round is not
    completed (a Swiss pairs on the results) or published (a round robin), and past the
    event's last round."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    previous = event.rounds.order_by("-number").first()
    number = previous.number + 1 if previous else 1
    players = event.registrations.count()
    total = event_total_rounds(event, players=players)
    if number > total:
        raise RoundStateError(
            _("%(event)s has %(total)s rounds: round %(number)s cannot be created")
            % {"event": event, "total": total, "number": number}
        )
    needed = RoundStatus.COMPLETED if event.system == System.SWISS else RoundStatus.PUBLISHED
    if previous and (
        previous.status == RoundStatus.DRAFT
        or (needed == RoundStatus.COMPLETED and previous.status != RoundStatus.COMPLETED)
    ):
        raise RoundStateError(
            _("%(previous)s is %(status)s: it must be %(needed)s before round %(number)s is paired")
            % {
                "previous": previous,
                "status": previous.get_status_display(),
                "needed": needed.label,
                "number": number,
            }
        )
    if number == 1:
        for start in EVENT_STARTING:
            start(event, user)
        _number_players(event, user=user)
    round_ = Round(event=event, number=number)
    recorded_by(round_, user).save()
    return round_


def _number_players(event: Event, *, user: AbstractBaseUser | None) -> None:
    """Round 1's pairing numbers: the drawn (or hand-set) ones of a round robin whose schedule
    is published (selectors.berger), else by rating (registrations_renumber). A draw that no
    longer matches the registrations refuses rather than pair against the published schedule."""
    if event.system != System.SWISS and event.pairing_number_draws.exists():
        if standing_number_draw(event) is None:
            raise RoundStateError(
                _(
                    "%(event)s: the players changed since their pairing numbers were drawn: "
                    "draw or set them again before round 1 is paired"
                )
                % {"event": event}
            )
        return
    registrations_renumber(event=event, user=user)


@transaction.atomic
def round_pair(*, event: Event, user: AbstractBaseUser | None) -> Round:
    """Create the next round and pair it (draft): Berger tables for round robins, FIDE Dutch
    for a Swiss. For a large Swiss use round_pair_queue (the pairing runs in a worker)."""
    return pairings_generate(round=round_create(event=event, user=user), user=user)


@transaction.atomic
def round_pair_queue(*, event: Event, user: AbstractBaseUser | None) -> Round:
    """Create the next round as an empty draft and pair it in a Celery worker after commit."""
    round_ = round_create(event=event, user=user)
    user_id = user.pk if user is not None else None
    task = task_named("tournaments.tasks.round_pair_task")
    transaction.on_commit(lambda: task.delay(round_.pk, user_id))
    return round_


@transaction.atomic
def pairings_generate(*, round: Round, user: AbstractBaseUser | None) -> Round:
    """(Re)pair a draft round, replacing its pairings. Never once a result is entered."""
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round.pk)
    _require_draft(round_, gettext_lazy("paired again"))
    if _entered_results(round_).exists():
        raise RoundRegenerationError(
            _("%(round)s already holds results: it cannot be paired again") % {"round": round_}
        )
    event = round_.event
    if is_team_competition(event):
        raise RoundPairingError(
            _("%(event)s is a team competition: its boards come from its team matches.")
            % {"event": event}
        )
    round_.pairings.all().delete()
    registrations = {r.pairing_number: r for r in event.registrations.all()}
    if event.system == System.SWISS:
        pairs, byes = _swiss_pairs(event, round_.number, registrations)
    else:
        pairs, byes = _round_robin_pairs(event, round_.number, len(registrations)), []
    rows = []
    for pair in pairs:
        kind = "" if pair.black is not None else _round_robin_or_swiss_bye(event)
        rows.append((registrations[pair.white], _get(registrations, pair.black), kind))
    rows += [(registrations[number], None, kind) for number, kind in byes]
    pairings_save(round_, rows, user=user)
    return round_


def _marked_absent(event: Event, number: int) -> set[int]:
    """The registrations another app keeps out of round ``number`` (tournaments.hooks)."""
    return {pk for hook in hooks.ROUND_ABSENTEES for pk in hook(event, number)}


def _entered_results(round_: Round) -> QuerySet[Game]:
    """The round's games with a result someone entered: not pending, and not the forfeit of
    a player withdrawn by this round or marked absent for it (_create_games writes those)."""
    absent = _marked_absent(round_.event, round_.number)
    withdrawn = (
        Q(white__withdrawn_from_round__lte=round_.number)
        | Q(black__withdrawn_from_round__lte=round_.number)
        | Q(white_id__in=absent)
        | Q(black_id__in=absent)
    )
    return (
        Game.objects.filter(pairing__round=round_)
        .exclude(result=GameResult.PENDING)
        .exclude(withdrawn)
    )


def _get(registrations: dict[int, Registration], number: int | None) -> Registration | None:
    return None if number is None else registrations[number]


def _round_robin_or_swiss_bye(event: Event) -> str:
    """The odd player out: a pairing-allocated bye in a Swiss (C.04.1 c); in a round robin
    the rest round of the Berger table (C.05 Annex 1), which every player gets once. The rest
    is stored as a zero-point bye board; tournament_state reads it as a rest (RoundResult.rest:
    no points, nothing in the tie-breaks)."""
    return ByeKind.PAIRING_ALLOCATED if event.system == System.SWISS else ByeKind.ZERO_POINT


def _round_robin_pairs(event: Event, number: int, players: int) -> list[Pair]:
    return round_pairs(
        players,
        number,
        double=event.system == System.DOUBLE_ROUND_ROBIN,
        swap_last_two=event.swap_last_two,
    )


def _swiss_pairs(
    event: Event, number: int, registrations: dict[int, Registration]
) -> tuple[list[Pair], list[tuple[int, str]]]:
    request = swiss_round_request(event, number, registrations)
    try:
        pairs = pair_dutch(
            request.state,
            round_number=number,
            absent=request.absent,
            half_point_byes=request.half_point_byes,
            ordering=event.swiss_ordering,
        )
    except NoPairingError as error:
        if event.never_pair_team_mates:
            # docs/rules/tournaments.md §7.5: the rule is absolute (C.04.3 C.1); never relaxed.
            raise RoundPairingError(
                _(
                    "%(event)s, round %(number)s: no pairing keeps team mates apart (with no "
                    "rematch and the colour limits). Pair the round by hand: a board of team "
                    "mates is flagged."
                )
                % {"event": event, "number": number}
            ) from error
        raise RoundPairingError(
            _("%(event)s, round %(number)s: %(error)s")
            % {"event": event, "number": number, "error": error}
        ) from error
    except PairingError as error:
        raise RoundPairingError(
            _("%(event)s, round %(number)s: %(error)s")
            % {"event": event, "number": number, "error": error}
        ) from error
    half: list[tuple[int, str]] = [(n, ByeKind.HALF_POINT) for n in sorted(request.half_point_byes)]
    return pairs, half + [(n, ByeKind.ZERO_POINT) for n in sorted(request.zero_point_byes)]


def pairings_save(
    round_: Round,
    rows: list[tuple[Registration, Registration | None, str]],
    *,
    user: AbstractBaseUser | None,
) -> None:
    """Write the round's boards in order, ``rows`` being (white, black or None, bye kind),
    with their history as made by ``user``, and their games pending (a team match's boards
    are written here too)."""
    pairings = [
        Pairing(round=round_, board=board, white=white, black=black, bye_kind=kind)
        for board, (white, black, kind) in enumerate(rows, start=1)
    ]
    pairings = bulk_create_with_history(pairings, Pairing, default_user=user)
    written_in_bulk(Round, [round_])
    if any(p.pk is None for p in pairings):  # backends that do not return ids
        pairings = list(round_.pairings.all())
    _create_games(round_, [p for p in pairings if p.black_id is not None], user=user)


def _create_games(round_: Round, pairings: list[Pairing], *, user: AbstractBaseUser | None):
    """The pairings' games, pending; in a round robin, a game of a player withdrawn by this
    round is created as his forfeit (FIDE Tournament Rules C.06 V.4: his unplayed games are
    "-" for him and "+" for his opponent), so the table keeps its pairs and nobody waits
    for him; so is the game of a player marked absent for the round by another app
    (tournaments.hooks.ROUND_ABSENTEES, docs/rules/tournaments.md §1.4)."""
    event = round_.event
    count = event.games_per_pairing
    withdrawn = set()
    if event.system != System.SWISS:
        withdrawn = set(
            event.registrations.filter(withdrawn_from_round__lte=round_.number).values_list(
                "pk", flat=True
            )
        ) | _marked_absent(event, round_.number)
    games = [
        Game(
            pairing=p,
            index=index,
            white_id=white,
            black_id=black,
            result=_withdrawal_result(white in withdrawn, black in withdrawn),
        )
        for p in pairings
        for index in range(1, count + 1)
        for white, black in [(p.white_id, p.black_id) if index == 1 else (p.black_id, p.white_id)]
    ]
    bulk_create_with_history(games, Game, default_user=user)
    written_in_bulk(Game, games)


def _withdrawal_result(white_withdrawn: bool, black_withdrawn: bool) -> str:
    """A game's result at pairing time: a forfeit against whoever has withdrawn, pending
    when both still play."""
    if white_withdrawn and black_withdrawn:
        return GameResult.DOUBLE_FORFEIT
    if white_withdrawn:
        return GameResult.BLACK_FORFEIT_WIN
    if black_withdrawn:
        return GameResult.WHITE_FORFEIT_WIN
    return GameResult.PENDING


@transaction.atomic
def pairing_update(
    *,
    pairing: Pairing,
    white: Registration,
    black: Registration | None,
    user: AbstractBaseUser | None,
) -> list[PairingWarning]:
    """Hand-edit a board of a draft round. A player brought here from another board is
    replaced there by the player they displace; a board left with one player becomes a
    pairing-allocated bye, a board left empty is deleted. Returns the edited board's
    warnings (round_warnings)."""
    pairing = Pairing.objects.select_for_update().select_related("round__event").get(pk=pairing.pk)
    round_ = pairing.round
    _require_draft(round_, gettext_lazy("edited"))
    if black is not None and white.pk == black.pk:
        raise PairingEditError(
            _("board %(board)s: %(player)s cannot play themself")
            % {"board": pairing.board, "player": white}
        )
    boards = {p.pk: p for p in round_.pairings.select_for_update()}
    target = boards[pairing.pk]
    if black is None and target.black_id is not None:
        raise PairingEditError(
            _(
                "board %(board)s holds a game: it cannot become a bye by hand; edit the bye's "
                "board to give the bye to another player"
            )
            % {"board": pairing.board}
        )
    touched = {target.pk}
    for side, newcomer in (("white", white), ("black", black)):
        current = getattr(target, f"{side}_id")
        if newcomer is None or newcomer.pk == current:
            continue
        other = "black" if side == "white" else "white"
        if getattr(target, f"{other}_id") == newcomer.pk:  # colours swapped on this board
            setattr(target, f"{other}_id", current)
        else:
            source = _seat_of(boards, newcomer.pk, exclude=target.pk)
            if source is None:
                raise PairingEditError(
                    _(
                        "board %(board)s: %(player)s is not in round %(number)s of %(event)s "
                        "(withdrawn, not yet joined, or another event)"
                    )
                    % {
                        "board": pairing.board,
                        "player": newcomer,
                        "number": round_.number,
                        "event": round_.event,
                    }
                )
            row, seat = source
            setattr(boards[row], f"{seat}_id", current)
            touched.add(row)
        setattr(target, f"{side}_id", newcomer.pk)
    for pk in sorted(touched):
        _store_board(boards[pk], round_, user=user)
    return round_warnings(round_)[target.pk]


def _seat_of(boards: dict[int, Pairing], registration_id: int, *, exclude: int):
    for pk, board in boards.items():
        if pk == exclude:
            continue
        if board.white_id == registration_id:
            return pk, "white"
        if board.black_id == registration_id:
            return pk, "black"
    return None


def _store_board(board: Pairing, round_: Round, *, user: AbstractBaseUser | None) -> None:
    if board.white_id is None and board.black_id is not None:
        board.white_id, board.black_id = board.black_id, None
    recorded_by(board, user)
    board.games.all().delete()
    if board.white_id is None:
        board.delete()
        return
    if board.black_id is None:
        board.bye_kind = board.bye_kind or ByeKind.PAIRING_ALLOCATED
    else:
        board.bye_kind = ""
    board.manual = True
    board.save()
    if board.black_id is not None:
        _create_games(round_, [board], user=user)


@transaction.atomic
def round_publish(*, round: Round, user: AbstractBaseUser | None) -> Round:
    """Publish a draft round: its pairings become official and results may be entered."""
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    _require_draft(round_, gettext_lazy("published"))
    if not round_.pairings.exists():
        raise RoundStateError(
            _("%(round)s has no pairing yet: pair it before publishing") % {"round": round_}
        )
    round_.status = RoundStatus.PUBLISHED
    round_.published_at = timezone.now()
    recorded_by(round_, user).save()
    round_time_revise(round=round_, user=user)  # the players' calendars name their opponents
    for follow in ROUND_PUBLISHED:
        follow(round_)
    return round_


@transaction.atomic
def round_unpublish(*, round: Round, user: AbstractBaseUser | None) -> Round:
    """Take a published round back to draft (to edit or pair it again), as long as no
    result is entered and no later round exists: nothing played is lost."""
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    if round_.status != RoundStatus.PUBLISHED:
        raise RoundStateError(
            _("%(round)s is %(status)s: only a published round can be unpublished")
            % {"round": round_, "status": round_.get_status_display()}
        )
    played = sorted(set(_entered_results(round_).values_list("pairing__board", flat=True)))
    if played:
        raise RoundStateError(
            ngettext(
                "%(round)s cannot be unpublished: board %(boards)s already has a result.",
                "%(round)s cannot be unpublished: boards %(boards)s already have results.",
                len(played),
            )
            % {"round": round_, "boards": _board_list(played)}
        )
    if Round.objects.filter(event_id=round_.event_id, number__gt=round_.number).exists():
        raise RoundStateError(
            _("%(round)s cannot be unpublished: a later round exists.") % {"round": round_}
        )
    round_.status = RoundStatus.DRAFT
    round_.published_at = None
    recorded_by(round_, user).save()
    round_time_revise(round=round_, user=user)  # and no longer name them
    return round_


def rounds_paired_after(round: Round) -> list[int]:
    """The numbers of the rounds after `round` (they were paired on its results)."""
    return list(
        Round.objects.filter(event_id=round.event_id, number__gt=round.number)
        .order_by("number")
        .values_list("number", flat=True)
    )


def _board_list(boards: list[int]) -> str:
    return ", ".join(str(board) for board in boards)


@transaction.atomic
def round_delete_draft(*, round: Round, user: AbstractBaseUser | None) -> None:
    """Delete the event's last round while it is a draft (its pairings and games go too)."""
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    _require_draft(round_, gettext_lazy("deleted"))
    last = Round.objects.filter(event_id=round_.event_id).aggregate(last=Max("number"))["last"]
    if round_.number != last:
        raise RoundStateError(
            _("%(round)s is not the last round (%(last)s): delete that one first")
            % {"round": round_, "last": last}
        )
    recorded_by(round_, user).delete()


@transaction.atomic
def round_complete(*, round: Round, user: AbstractBaseUser | None) -> Round:
    """Close a published round once every game has a result."""
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    if round_.status != RoundStatus.PUBLISHED:
        raise RoundStateError(
            _("%(round)s is %(status)s: only a published round can be completed")
            % {"round": round_, "status": round_.get_status_display()}
        )
    pending = list(
        Game.objects.filter(pairing__round=round_, result=GameResult.PENDING)
        .values_list("pairing__board", flat=True)
        .distinct()
    )
    if pending:
        boards = sorted(set(pending))
        raise RoundStateError(
            ngettext(
                "%(round)s cannot be completed: board %(boards)s has no result yet.",
                "%(round)s cannot be completed: boards %(boards)s have no result yet.",
                len(boards),
            )
            % {"round": round_, "boards": _board_list(boards)}
        )
    round_.status = RoundStatus.COMPLETED
    recorded_by(round_, user).save()
    for follow in ROUND_COMPLETED:
        follow(round_)
    return round_


def _require_draft(round_: Round, action: Promise) -> None:
    if round_.status != RoundStatus.DRAFT:
        raise RoundStateError(
            _("%(round)s is %(status)s: only a draft round can be %(action)s")
            % {"round": round_, "status": round_.get_status_display(), "action": action}
        )
