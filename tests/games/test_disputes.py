"""The dispute desk's services: opening, ruling, the result through result_record, history,
and who may do what."""

import pytest

from games.models import Dispute, DisputeStatus, Ruling
from games.services.disputes import dispute_open, dispute_rule
from games.services.errors import DisputeError, NotAllowedError
from games.services.records import record_save
from tests.factories import UserFactory
from tests.games.conftest import published_round
from tournaments.models import Game, GameResult
from tournaments.selectors.standings import standings_get
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db

WON_ON_BOARD = '[GameType "20"]\n[FEN "W:W28:B23"]\n1. 28x19 0-2'
OPENING = '[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *'


@pytest.fixture
def dispute(game, organizer):
    result_record(game=game, result=GameResult.BLACK_WIN, user=organizer)
    record_save(game=game, pdn=WON_ON_BOARD, user=organizer)  # ply 1 is a ply of the record
    player = game.black.player.user
    return dispute_open(
        game=game, claim="wrong-result", statement="White had no piece left.", user=player, ply=1
    )


def _score(event, number):
    rows = standings_get(event, after_round=1)
    return next(row.points for row in rows if row.number == number)


def test_a_ruling_changes_the_result_and_the_standings_in_the_history(
    dispute, official_arbiter, game
):
    event = game.pairing.round.event
    white, black = game.white.pairing_number, game.black.pairing_number
    assert (_score(event, white), _score(event, black)) == (0, 2)
    ruling = dispute_rule(
        dispute=dispute,
        decision="adjust",
        reason="The record shows white captured the last black piece at ply 1.",
        result=GameResult.WHITE_WIN,
        user=official_arbiter,
        expected_version=1,
    )
    assert (ruling.result_before, ruling.result_after) == ("0-1", "1-0")
    stored = Game.objects.get(pk=game.pk)
    assert (stored.result, stored.version) == (GameResult.WHITE_WIN, 2)
    assert (_score(event, white), _score(event, black)) == (2, 0)
    assert stored.history.first().history_user == official_arbiter
    assert [
        h.status for h in Dispute.objects.get(pk=dispute.pk).history.order_by("history_id")
    ] == [
        "open",
        "ruled",
    ]
    assert Ruling.history.filter(dispute_id=dispute.pk).count() == 1


def test_reject_keeps_the_result_and_closes_the_dispute(dispute, official_arbiter, game):
    ruling = dispute_rule(
        dispute=dispute, decision="reject", reason="Resigned.", user=official_arbiter
    )
    assert ruling.result_after == ruling.result_before == GameResult.BLACK_WIN
    assert Game.objects.get(pk=game.pk).version == 1
    with pytest.raises(DisputeError, match="already ruled"):
        dispute_rule(dispute=dispute, decision="reject", reason="again", user=official_arbiter)


def test_a_ruling_needs_a_reason(dispute, official_arbiter):
    with pytest.raises(DisputeError, match="written reason"):
        dispute_rule(dispute=dispute, decision="reject", reason="  ", user=official_arbiter)
    assert Dispute.objects.get(pk=dispute.pk).status == DisputeStatus.OPEN


def test_replay_from_a_ply_resets_the_result_and_keeps_the_position(
    game, organizer, official_arbiter, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        record_save(game=game, pdn=OPENING, user=organizer)
    result_record(game=game, result=GameResult.DRAW, user=organizer)
    dispute = dispute_open(
        game=game, claim="illegal-move", statement="Ply 3 was not played so.", user=organizer
    )
    ruling = dispute_rule(
        dispute=dispute,
        decision="replay",
        reason="Resume after 1. 32-28 19-23.",
        ply=2,
        user=official_arbiter,
    )
    assert ruling.result_after == GameResult.PENDING
    assert ruling.replay_from_ply == 2
    assert ruling.replay_fen.startswith("W:W28,31,")
    assert Game.objects.get(pk=game.pk).result == GameResult.PENDING


def test_replay_outside_the_record_is_refused(game, organizer, official_arbiter):
    record_save(game=game, pdn=OPENING, user=organizer)
    dispute = dispute_open(game=game, claim="illegal-move", statement="x", user=organizer)
    with pytest.raises(DisputeError, match="ply 9 is outside the record's playable plies"):
        dispute_rule(dispute=dispute, decision="replay", reason="r", ply=9, user=official_arbiter)


@pytest.fixture
def outsiders(organizer, official_arbiter):
    """An anonymous visitor, a player of the event not in this game, and the organizer and
    the arbiter of another event."""
    from django.contrib.auth.models import AnonymousUser

    other_organizer = UserFactory(username="other-organizer")
    other_arbiter = UserFactory(username="other-arbiter")
    published_round(other_organizer, other_arbiter)
    return {
        "anonymous": AnonymousUser(),
        "stranger": UserFactory(username="stranger", is_staff=False),
        "other organizer": other_organizer,
        "other arbiter": other_arbiter,
    }


@pytest.mark.parametrize("who", ["anonymous", "stranger", "other organizer", "other arbiter"])
def test_outsiders_change_no_dispute_result_or_record(who, outsiders, dispute, game):
    user = outsiders[who]
    with pytest.raises(NotAllowedError):
        dispute_open(game=game, claim="wrong-result", statement="mine", user=user)
    with pytest.raises(NotAllowedError):
        dispute_rule(dispute=dispute, decision="adjust", reason="r", result="1-0", user=user)
    with pytest.raises(NotAllowedError):
        record_save(game=game, pdn=OPENING, user=user)
    assert Dispute.objects.filter(game=game).count() == 1
    assert Dispute.objects.get(pk=dispute.pk).status == DisputeStatus.OPEN
    assert Game.objects.get(pk=game.pk).result == GameResult.BLACK_WIN


def test_players_and_organizers_open_but_do_not_rule(dispute, game, organizer):
    player = game.white.player.user
    assert dispute_open(game=game, claim="draw-by-rule", statement="25 moves", user=player)
    for user in (player, organizer):
        with pytest.raises(NotAllowedError, match="only its arbiters rule"):
            dispute_rule(dispute=dispute, decision="reject", reason="r", user=user)


def test_a_disputes_ply_must_be_a_ply_of_the_record(game, organizer):
    with pytest.raises(DisputeError, match="ply 999 is outside the record"):
        dispute_open(game=game, claim="wrong-result", statement="s", ply=999, user=organizer)
    record_save(game=game, pdn='[GameType "20"]\n1. 32-28 19-23 2. 28-22 *', user=organizer)
    with pytest.raises(DisputeError, match=r"plies 0 to 3"):
        dispute_open(game=game, claim="wrong-result", statement="s", ply=4, user=organizer)
    # An illegal move (28-22 here) is a ply of the record: it can be disputed.
    assert (
        dispute_open(game=game, claim="wrong-result", statement="s", ply=3, user=organizer).ply == 3
    )
