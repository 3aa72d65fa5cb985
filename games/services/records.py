"""Game records: one game's PDN, or a whole round's file matched to its games.

Each save raises the record's revision, marks its verification as pending and queues the
background verification after commit (games.tasks.record_verify_task). Nothing here touches
a game's result.
"""

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from arbiter.pdn import read_games, write_game
from games.matching import MatchReport, Slot, match_games, name_forms
from games.models import GameRecord, RecordSource, Verification, VerificationStatus
from games.permissions import can_officiate
from games.services.errors import NotAllowedError, RecordError
from tournaments.models import Game, Pairing, Round
from tournaments.services.history import recorded_by
from tournaments.task_names import task_named

_PLAYERS = ("white__player", "black__player")


@transaction.atomic
def record_save(
    *,
    game: Game,
    pdn: str | bytes,
    user: AbstractBaseUser,
    source: str = RecordSource.TYPED,
) -> GameRecord:
    """Store ``pdn`` (the text of exactly one game) as ``game``'s record and queue its
    verification. A record with syntax errors is stored: the verification reports them."""
    game = Game.objects.select_related("pairing__round__event").get(pk=game.pk)
    _require_recorder(user, game)
    games = list(read_games(pdn))
    if len(games) != 1:
        raise RecordError(
            _(
                "board %(board)s game %(index)s of %(round)s: the record must hold exactly one "
                "game, this text holds %(count)s"
            )
            % {
                "board": game.pairing.board,
                "index": game.index,
                "round": game.pairing.round,
                "count": len(games),
            }
        )
    text = pdn if isinstance(pdn, str) else write_game(games[0])
    return _store(game, text, user, source)


@transaction.atomic
def round_records_upload(
    *,
    round: Round,
    pdn: str | bytes,
    user: AbstractBaseUser,
    source: str = RecordSource.UPLOAD,
) -> MatchReport:
    """Match the games of a round's PDN file to the round's games (games.matching: round,
    board and players) and store each matched game as that game's record. The report lists
    what was matched, what could not be (with the reason) and the games left without one."""
    round_ = Round.objects.select_related("event").get(pk=round.pk)
    if not can_officiate(user, round_.event):
        raise NotAllowedError(
            _("%(user)s may not enter game records in %(event)s")
            % {"user": user, "event": round_.event}
        )
    games = {game.pk: game for game in round_games(round_)}
    slots = [slot_of(game) for game in games.values()]
    pdn_games = {pdn_game.index: pdn_game for pdn_game in read_games(pdn)}
    report = match_games(pdn_games.values(), slots, round_number=round_.number)
    for matched in report.matched:
        _store(games[matched.game_id], write_game(pdn_games[matched.pdn_index]), user, source)
    report.unmatched_pdn = {
        item.pdn_index: write_game(pdn_games[item.pdn_index]) for item in report.unmatched
    }
    return report


@transaction.atomic
def record_assign(*, game: Game, pdn: str, user: AbstractBaseUser) -> GameRecord:
    """Store a game of an uploaded file that the matching left out as ``game``'s record,
    by an official's hand (a name misspelled in the file, a missing Board tag...). A game
    that already has a record keeps it: assigning never replaces a record silently."""
    if GameRecord.objects.filter(game=game).exists():
        raise RecordError(
            _("board %(board)s game %(index)s of %(round)s already has a record")
            % {"board": game.pairing.board, "index": game.index, "round": game.pairing.round}
        )
    return record_save(game=game, pdn=pdn, user=user, source=RecordSource.UPLOAD)


def games_without_record(round_: Round) -> list[Game]:
    """The games of ``round_`` (played pairings) that have no record yet, by board."""
    games = round_games(round_)
    recorded = set(GameRecord.objects.filter(game__in=games).values_list("game_id", flat=True))
    return [game for game in games if game.pk not in recorded]


def round_games(round_: Round) -> list[Game]:
    games = Game.objects.select_related(*_PLAYERS, "pairing__round__event")
    pairings = (
        Pairing.objects.filter(round=round_, black__isnull=False)
        .prefetch_related(Prefetch("games", queryset=games.order_by("index")))
        .order_by("board")
    )
    return [game for pairing in pairings for game in pairing.games.all()]


def slot_of(game: Game) -> Slot:
    white, black = game.white.player, game.black.player
    return Slot(
        game_id=game.pk,
        board=game.pairing.board,
        index=game.index,
        white=name_forms(white.first_name, white.last_name),
        black=name_forms(black.first_name, black.last_name),
    )


def _require_recorder(user: AbstractBaseUser, game: Game) -> None:
    event = game.pairing.round.event
    if not can_officiate(user, event):
        raise NotAllowedError(
            _("%(user)s may not enter game records in %(event)s") % {"user": user, "event": event}
        )


def _store(game: Game, text: str, user: AbstractBaseUser, source: str) -> GameRecord:
    # The game's row is the lock: two first records of one game arriving together would
    # otherwise both find no record and both insert one (the second refused by the unique
    # key); serialised, the second becomes revision 2 and both are kept in the history.
    Game.objects.select_for_update().filter(pk=game.pk).values_list("pk", flat=True).first()
    record = GameRecord.objects.select_for_update().filter(game=game).first()
    if record is None:
        record = GameRecord(game=game, revision=1)
    else:
        record.revision += 1
    record.pdn, record.source, record.entered_by = text, source, user
    record.entered_at = timezone.now()
    recorded_by(record, user).save()
    verification = Verification.objects.filter(record=record).first() or Verification(record=record)
    verification.revision = record.revision
    verification.status = VerificationStatus.PENDING
    recorded_by(verification, user).save()
    record_id, revision = record.pk, record.revision
    transaction.on_commit(
        lambda: task_named("games.tasks.record_verify_task").delay(record_id, revision)
    )
    return record
