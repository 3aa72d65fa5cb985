"""The players' reports of their results: agreement records the result (or waits for the
arbiter's confirmation), disagreement opens a dispute with both claims, a relayed or verified
record that says otherwise opens one too, and the arbiter's entry always wins."""

import pytest

from games.models import (
    Dispute,
    DisputeStatus,
    RelayKind,
    ReportOutcome,
    ResultReport,
    ResultReporting,
)
from games.relay.services import relay_push, relay_source_set
from games.services.disputes import dispute_rule
from games.services.errors import NotAllowedError, ReportError
from games.services.records import record_save
from games.services.reports import report_confirm, report_submit
from tests.factories import UserFactory
from tests.games.conftest import published_round
from tests.games.relay.game import push_token, version
from tournaments.models import Game, GameResult
from tournaments.services.results import result_record
from tournaments.services.rounds import round_complete

pytestmark = pytest.mark.django_db

WON_ON_BOARD = '[GameType "20"]\n[FEN "W:W28:B23"]\n1. 28x19 0-2'


def players(game):
    return game.white.player.user, game.black.player.user


def stored(game):
    return Game.objects.get(pk=game.pk)


def test_one_report_waits_for_the_opponent(game):
    white, _ = players(game)
    report = report_submit(game=game, result=GameResult.WHITE_WIN, user=white)
    assert (report.colour, report.outcome) == ("w", ReportOutcome.WAITING)
    assert stored(game).result == GameResult.PENDING


def test_two_agreeing_reports_record_the_result_as_the_second_player(game):
    white, black = players(game)
    report_submit(game=game, result=GameResult.DRAW, user=white)
    report = report_submit(game=game, result=GameResult.DRAW, user=black)
    assert report.outcome == ReportOutcome.RECORDED
    game = stored(game)
    assert (game.result, game.version) == (GameResult.DRAW, 1)
    assert game.history.first().history_user == black
    assert not Dispute.objects.filter(game=game).exists()


def test_a_player_corrects_his_report_before_the_opponent_reports(game):
    white, black = players(game)
    report_submit(game=game, result=GameResult.BLACK_WIN, user=white)
    report_submit(game=game, result=GameResult.WHITE_WIN, user=white)
    report = report_submit(game=game, result=GameResult.WHITE_WIN, user=black)
    assert report.outcome == ReportOutcome.RECORDED
    assert ResultReport.objects.filter(game=game).count() == 3  # nothing is lost


def test_disagreeing_reports_open_a_dispute_naming_both_claims(game):
    white, black = players(game)
    report_submit(game=game, result=GameResult.WHITE_WIN, user=white)
    report = report_submit(game=game, result=GameResult.BLACK_WIN, user=black)
    assert report.outcome == ReportOutcome.DISPUTED
    dispute = report.dispute
    assert (dispute.claim, dispute.status, dispute.opened_by) == ("wrong-result", "open", black)
    assert "2-0" in dispute.statement and "0-2" in dispute.statement
    assert str(game.white.player) in dispute.statement
    assert str(game.black.player) in dispute.statement
    assert stored(game).result == GameResult.PENDING
    # a further report joins the open dispute, and opens no other
    again = report_submit(game=game, result=GameResult.WHITE_WIN, user=black)
    assert (again.outcome, again.dispute) == (ReportOutcome.DISPUTED, dispute)
    assert Dispute.objects.filter(game=game).count() == 1


def test_the_arbiter_wins_a_report_after_his_entry_changes_nothing_and_is_kept(
    game, official_arbiter
):
    white, black = players(game)
    report_submit(game=game, result=GameResult.BLACK_WIN, user=white)
    result_record(game=game, result=GameResult.WHITE_WIN, user=official_arbiter)
    report = report_submit(game=game, result=GameResult.BLACK_WIN, user=black)
    assert report.outcome == ReportOutcome.KEPT
    assert stored(game).result == GameResult.WHITE_WIN
    assert not Dispute.objects.filter(game=game).exists()
    assert [(r.user, r.result) for r in ResultReport.objects.filter(game=game)] == [
        (white, "0-1"),
        (black, "0-1"),
    ]


def test_a_ruling_decides_and_the_reports_before_it_are_past(game, official_arbiter):
    white, black = players(game)
    report_submit(game=game, result=GameResult.WHITE_WIN, user=white)
    dispute = report_submit(game=game, result=GameResult.BLACK_WIN, user=black).dispute
    dispute_rule(
        dispute=dispute,
        decision="uphold",
        reason="The players replay the game.",
        user=official_arbiter,
    )
    # the result stayed pending: a new report waits for the opponent's new one
    report = report_submit(game=game, result=GameResult.BLACK_WIN, user=white)
    assert report.outcome == ReportOutcome.WAITING


def test_a_relayed_record_that_ends_otherwise_opens_a_dispute(organizer, official_arbiter):
    round_ = published_round(organizer, official_arbiter)
    game = Game.objects.select_related("white__player", "black__player").get(pairing__round=round_)
    source = relay_source_set(round=round_, kind=RelayKind.PUSH, user=organizer)
    relay_push(round=round_, token=push_token(source), pdn=version(result="0-2"))
    white, black = players(game)
    report_submit(game=game, result=GameResult.WHITE_WIN, user=white)
    report = report_submit(game=game, result=GameResult.WHITE_WIN, user=black)
    assert report.outcome == ReportOutcome.DISPUTED
    assert "relayed record ends 0-2" in report.dispute.statement
    assert stored(game).result == GameResult.PENDING


def test_a_verified_record_that_decides_otherwise_opens_a_dispute(
    game, organizer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        record_save(game=game, pdn=WON_ON_BOARD, user=organizer)  # white wins at ply 1
    white, black = players(game)
    report_submit(game=game, result=GameResult.BLACK_WIN, user=white)
    report = report_submit(game=game, result=GameResult.BLACK_WIN, user=black)
    assert report.outcome == ReportOutcome.DISPUTED
    assert "ply 1" in report.dispute.statement
    assert report.dispute.status == DisputeStatus.OPEN


def test_an_event_that_confirms_keeps_the_agreed_result_for_an_official(
    game, official_arbiter, organizer
):
    ResultReporting.objects.create(event=game.pairing.round.event, confirm=True)
    white, black = players(game)
    report_submit(game=game, result=GameResult.DRAW, user=white)
    report = report_submit(game=game, result=GameResult.DRAW, user=black)
    assert report.outcome == ReportOutcome.CONFIRM
    assert stored(game).result == GameResult.PENDING
    with pytest.raises(NotAllowedError):
        report_confirm(report=report, user=white)
    confirmed = report_confirm(report=report, user=official_arbiter)
    assert confirmed.result == GameResult.DRAW
    report.refresh_from_db()
    assert (report.confirmed_by, report.confirmed_at is not None) == (official_arbiter, True)
    with pytest.raises(ReportError, match="does not wait"):
        report_confirm(report=report, user=organizer)


def test_a_result_entered_before_the_confirmation_wins(game, official_arbiter):
    ResultReporting.objects.create(event=game.pairing.round.event, confirm=True)
    white, black = players(game)
    report_submit(game=game, result=GameResult.DRAW, user=white)
    report = report_submit(game=game, result=GameResult.DRAW, user=black)
    result_record(game=game, result=GameResult.WHITE_WIN, user=official_arbiter)
    with pytest.raises(ReportError, match="entered meanwhile"):
        report_confirm(report=report, user=official_arbiter)
    assert stored(game).result == GameResult.WHITE_WIN


def test_only_the_two_players_report(game, organizer, official_arbiter):
    for user in (UserFactory(username="stranger"), organizer, official_arbiter):
        with pytest.raises(NotAllowedError):
            report_submit(game=game, result=GameResult.DRAW, user=user)
    assert not ResultReport.objects.exists()


def test_a_player_reports_no_forfeit_and_only_while_the_round_is_played(game, organizer):
    white, _ = players(game)
    with pytest.raises(ReportError, match="cannot be reported"):
        report_submit(game=game, result=GameResult.WHITE_FORFEIT_WIN, user=white)
    result_record(game=game, result=GameResult.DRAW, user=organizer)
    round_complete(round=game.pairing.round, user=organizer)
    with pytest.raises(ReportError, match="published"):
        report_submit(game=game, result=GameResult.DRAW, user=white)
    assert not ResultReport.objects.exists()
