"""The players' reports of their games' results, and the arbiter's confirmation of an agreed
one.

Each player of a game reports its result; every report is a row of its own (ResultReport), so
who said what and when stays readable whatever came of it. The two players' latest reports
since the last ruling on the game decide:

- one report only: it waits for the opponent's;
- the two agree and no record says otherwise: the result is recorded through
  tournaments.services.results.result_record (or, when the event's ResultReporting asks for
  it, waits at the desk for an official's confirmation: ``report_confirm``);
- the two differ, or a relayed board or a verified record gives another result: a dispute
  about the result opens at the desk (games.services.disputes.dispute_open), naming both
  claims, and the organizers are told (``REPORT_DISPUTED``).

A result entered by an official (or recorded before) always wins: a report made after it
changes nothing and is kept. A report made while a dispute of the game is open is kept with
that dispute for the arbiter.
"""

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from arbiter.geometry import Colour
from games.models import (
    Dispute,
    DisputeClaim,
    DisputeStatus,
    RelayBoard,
    ReportOutcome,
    ResultReport,
    ResultReporting,
    Ruling,
    Verification,
    VerificationStatus,
)
from games.permissions import can_officiate
from games.relay.services import RESULT_CODES
from games.services.disputes import dispute_open
from games.services.errors import NotAllowedError, ReportError
from games.verification import entered_result_flag
from tournaments.models import COLOUR_LABELS, Game, GameResult, RoundStatus
from tournaments.scoring.notation import result_score
from tournaments.services.history import recorded_by
from tournaments.services.results import result_record

#: The results a player reports: who won the game played, or a draw (forfeits and unplayed
#: games are the arbiter's to enter).
REPORTABLE = (GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN)

#: Called with a report that opened or joined a dispute, once the transaction commits (the
#: organizers' e-mail is one).
REPORT_DISPUTED: list[Callable[[ResultReport], None]] = []


def player_colour(user: AbstractBaseUser | AnonymousUser | None, game: Game) -> Colour | None:
    """The colour ``user`` plays in ``game`` (his Player.user link), None if neither."""
    if user is None or not user.is_authenticated or not user.is_active:
        return None
    if game.white.player.user_id == user.pk:
        return Colour.WHITE
    if game.black.player.user_id == user.pk:
        return Colour.BLACK
    return None


def reporting_confirms(game: Game) -> bool:
    """Whether an agreed result of ``game``'s event waits for an official's confirmation."""
    return ResultReporting.objects.filter(
        event_id=game.pairing.round.event_id, confirm=True
    ).exists()


@transaction.atomic
def report_submit(*, game: Game, result: str, user: AbstractBaseUser) -> ResultReport:
    """Record ``user``'s report that ``game`` ended ``result`` (one of REPORTABLE); ``user``
    must be one of its two players and its round published (not draft, not completed)."""
    locked = (
        Game.objects.select_for_update(of=("self",))
        .select_related("pairing__round__event", "white__player", "black__player")
        .get(pk=game.pk)
    )
    colour = player_colour(user, locked)
    if colour is None:
        raise NotAllowedError(
            _("%(user)s does not play %(game)s: only its two players report its result")
            % {"user": user, "game": _where(locked)}
        )
    if result not in REPORTABLE:
        raise ReportError(
            _("result: %(result)r cannot be reported; expected one of %(known)s")
            % {"result": result, "known": ", ".join(REPORTABLE)}
        )
    round_ = locked.pairing.round
    if round_.status != RoundStatus.PUBLISHED:
        raise ReportError(
            _("%(round)s is not being played: results are reported while it is published")
            % {"round": round_}
        )
    report = ResultReport(game=locked, colour=colour.value, result=result, user_id=user.pk)
    open_dispute = Dispute.objects.filter(
        game=locked, claim=DisputeClaim.WRONG_RESULT, status=DisputeStatus.OPEN
    ).first()
    if locked.result != GameResult.PENDING:
        report.outcome = ReportOutcome.KEPT
    elif open_dispute is not None:
        report.outcome = ReportOutcome.DISPUTED
        report.dispute = open_dispute
    else:
        _decide(report, locked, colour, user)
    recorded_by(report, user).save()
    if report.outcome == ReportOutcome.DISPUTED:
        transaction.on_commit(lambda: _tell_disputed(report))
    return report


def _decide(report: ResultReport, game: Game, colour: Colour, user: AbstractBaseUser) -> None:
    """Set ``report``'s outcome (unsaved) against the opponent's latest report."""
    other = _latest(game, colour.other)
    if other is None:
        report.outcome = ReportOutcome.WAITING
        return
    if other.result != report.result:
        statement = _("The players' reports differ: %(first)s; %(second)s.") % {
            "first": _claim(game, other),
            "second": _claim(game, report),
        }
        report.dispute = _open(game, statement, user)
        report.outcome = ReportOutcome.DISPUTED
        return
    record = _record_says(game, report.result)
    if record:
        statement = _("Both players report %(result)s, but %(record)s.") % {
            "result": result_score(report.result, game.pairing.round.event.variant),
            "record": record,
        }
        report.dispute = _open(game, statement, user)
        report.outcome = ReportOutcome.DISPUTED
    elif reporting_confirms(game):
        report.outcome = ReportOutcome.CONFIRM
    else:
        result_record(game=game, result=report.result, user=user)
        report.outcome = ReportOutcome.RECORDED


def _latest(game: Game, colour: Colour) -> ResultReport | None:
    """The latest report of ``colour`` since the last ruling on ``game`` (a ruling that sends
    the game back to be played makes the earlier reports past)."""
    reports = ResultReport.objects.filter(game=game, colour=colour.value)
    ruled = Ruling.objects.filter(dispute__game=game).aggregate(last=Max("ruled_at"))["last"]
    if ruled is not None:
        reports = reports.filter(reported_at__gt=ruled)
    return reports.order_by("-reported_at", "-pk").first()


def _record_says(game: Game, result: str) -> str:
    """What a relayed board or a verified record says against ``result`` ("" if nothing)."""
    variant = game.pairing.round.event.variant
    board = RelayBoard.objects.filter(game_id=game.pk).exclude(result="").first()
    if board is not None and RESULT_CODES.get(board.result, result) != result:
        return _("the relayed record ends %(record)s") % {
            "record": result_score(RESULT_CODES[board.result], variant)
        }
    verification = Verification.objects.filter(
        record__game=game, status=VerificationStatus.DONE
    ).first()
    if verification is not None:
        flag = entered_result_flag(verification.report, result)
        if flag is not None:
            return _("the verified record decides the game otherwise at ply %(ply)s") % {
                "ply": flag.ply
            }
    return ""


def _open(game: Game, statement: str, user: AbstractBaseUser) -> Dispute:
    return dispute_open(game=game, claim=DisputeClaim.WRONG_RESULT, statement=statement, user=user)


def _claim(game: Game, report: ResultReport) -> str:
    registration = game.white if report.colour == Colour.WHITE else game.black
    return _("%(colour)s (%(player)s) reports %(result)s at %(when)s") % {
        "colour": COLOUR_LABELS[Colour(report.colour)],
        "player": registration.player,
        "result": result_score(report.result, game.pairing.round.event.variant),
        "when": f"{timezone.localtime(report.reported_at):%H:%M}",
    }


def _tell_disputed(report: ResultReport) -> None:
    for follower in REPORT_DISPUTED:
        follower(report)


@transaction.atomic
def report_confirm(*, report: ResultReport, user: AbstractBaseUser) -> Game:
    """Confirm the result both players agreed on (``report``, waiting for confirmation): an
    official of the event records it. A result entered meanwhile wins: refused."""
    report = (
        ResultReport.objects.select_for_update(of=("self",))
        .select_related("game__pairing__round__event")
        .get(pk=report.pk)
    )
    game = report.game
    if not can_officiate(user, game.pairing.round.event):
        raise NotAllowedError(
            _("%(user)s is not an official of %(event)s: only its officials confirm results")
            % {"user": user, "event": game.pairing.round.event}
        )
    if report.outcome != ReportOutcome.CONFIRM or report.confirmed_at is not None:
        raise ReportError(
            _("%(game)s: this report does not wait for a confirmation") % {"game": _where(game)}
        )
    if game.result != GameResult.PENDING:
        raise ReportError(
            _("%(game)s: its result was entered meanwhile (%(result)s); nothing to confirm")
            % {
                "game": _where(game),
                "result": result_score(game.result, game.pairing.round.event.variant),
            }
        )
    game = result_record(game=game, result=report.result, user=user)
    report.confirmed_by_id = user.pk
    report.confirmed_at = timezone.now()
    recorded_by(report, user).save(update_fields=["confirmed_by", "confirmed_at"])
    return game


def _where(game: Game) -> str:
    return _("board %(board)s game %(index)s of %(round)s") % {
        "board": game.pairing.board,
        "index": game.index,
        "round": game.pairing.round,
    }
