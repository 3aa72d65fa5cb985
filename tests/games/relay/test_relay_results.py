"""The relay never changes a record's result (issue 34.5): when the relayed record and the
result the arbiter entered disagree, a dispute opens whichever came first; the standings
count the arbiter's result; the PDN leaves as relayed with the official result beside it;
a completed round's records are final (its pushes refused, its polled sources stopped)."""

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

import games.relay.services as relay_services
from arbiter.pdn import read_game, read_games
from games.models import (
    Dispute,
    DisputeClaim,
    DisputeStatus,
    GameRecord,
    RelayBoard,
    RelayKind,
    RelaySource,
)
from games.relay.services import relay_poll, relay_push, relay_source_set
from games.services.disputes import dispute_rule
from games.services.errors import NotAllowedError
from tests.games.conftest import published_round
from tests.games.relay.game import push_token, version
from tournaments.models import Game, GameResult
from tournaments.selectors.standings import standings_get
from tournaments.services.results import result_record
from tournaments.services.rounds import round_complete

pytestmark = pytest.mark.django_db


@pytest.fixture
def pushed(organizer, official_arbiter):
    """A published round of one board relayed by pushes, its game and the push token."""
    round_ = published_round(organizer, official_arbiter)
    source = relay_source_set(round=round_, kind=RelayKind.PUSH, user=organizer)
    return round_, Game.objects.get(pairing__round=round_), push_token(source)


def conflicts(game: Game) -> list[Dispute]:
    return list(Dispute.objects.filter(game=game, claim=DisputeClaim.WRONG_RESULT).order_by("pk"))


def test_a_result_entered_after_the_relay_finished_otherwise_opens_a_dispute(
    pushed, official_arbiter
):
    round_, game, token = pushed
    relay_push(round=round_, token=token, pdn=version(result="0-2"))
    game.refresh_from_db()
    assert game.result == GameResult.PENDING  # the relay proposes, never enters
    result_record(game=game, result=GameResult.WHITE_WIN, user=official_arbiter)
    (dispute,) = conflicts(game)
    assert dispute.status == DisputeStatus.OPEN and "0-2" in dispute.statement
    # the standings count the arbiter's result
    white = game.white.pairing_number
    points = {row.number: row.points for row in standings_get(round_.event, after_round=1)}
    assert points[white] > 0 and points[game.black.pairing_number] == 0
    # a second entry while the dispute is open adds nothing to the desk
    result_record(game=game, result=GameResult.DRAW, user=official_arbiter)
    assert len(conflicts(game)) == 1


def test_a_result_entered_while_the_relay_reads_the_round_opens_a_dispute(
    pushed, official_arbiter, monkeypatch
):
    """At the same moment: the arbiter's 2-0 lands after the relay read the round's games
    and before it compares the finished record's 0-2 with them."""
    round_, game, token = pushed
    read = relay_services.round_games

    def read_then_entered(round):
        games = read(round)
        result_record(game=game, result=GameResult.WHITE_WIN, user=official_arbiter)
        return games

    monkeypatch.setattr(relay_services, "round_games", read_then_entered)
    relay_push(round=round_, token=token, pdn=version(result="0-2"))
    (dispute,) = conflicts(game)
    assert "0-2" in dispute.statement
    game.refresh_from_db()
    assert game.result == GameResult.WHITE_WIN


def test_a_relay_finishing_after_the_result_was_entered_opens_one_dispute(pushed, official_arbiter):
    round_, game, token = pushed
    result_record(game=game, result=GameResult.WHITE_WIN, user=official_arbiter)
    relay_push(round=round_, token=token, pdn=version(result="0-2"))
    assert len(conflicts(game)) == 1
    game.refresh_from_db()
    assert game.result == GameResult.WHITE_WIN


def test_a_ruled_result_opens_no_new_dispute(pushed, official_arbiter):
    round_, game, token = pushed
    relay_push(round=round_, token=token, pdn=version(result="0-2"))
    result_record(game=game, result=GameResult.WHITE_WIN, user=official_arbiter)
    (dispute,) = conflicts(game)
    dispute_rule(
        dispute=dispute, decision="reject", reason="Seen on the board.", user=official_arbiter
    )
    result_record(game=game, result=GameResult.DRAW, user=official_arbiter)
    result_record(game=game, result=GameResult.WHITE_WIN, user=official_arbiter)
    assert [d.status for d in conflicts(game)] == [DisputeStatus.RULED, DisputeStatus.OPEN]
    dispute_rule(
        dispute=conflicts(game)[1], decision="reject", reason="Still 2-0.", user=official_arbiter
    )
    result_record(game=game, result=GameResult.DRAW, user=official_arbiter)
    result_record(game=game, result=GameResult.WHITE_WIN, user=official_arbiter)
    # the draw had not been ruled: a third dispute; 2-0 has been, and the third is open
    assert [d.status for d in conflicts(game)] == ["ruled", "ruled", "open"]


def test_the_pdn_download_keeps_the_relayed_result_beside_the_official_one(
    client, pushed, official_arbiter
):
    round_, game, token = pushed
    relay_push(round=round_, token=token, pdn=version(result="0-2"))
    result_record(game=game, result=GameResult.WHITE_WIN, user=official_arbiter)
    slug = round_.event.slug
    one = client.get(reverse("public:game_pdn", args=(slug, game.pk))).content.decode()
    (every,) = read_games(client.get(reverse("public:event_pdn", args=(slug,))).content.decode())
    for exported in (read_game(one), every):
        assert exported.tag("Result") == "0-2" and exported.result == "0-2"
        assert exported.tag("OfficialResult") == "2-0"
        assert len(exported.moves) > 0
    assert GameRecord.objects.get(game=game).pdn.rstrip().endswith("0-2")


def test_a_typed_record_still_leaves_with_the_official_result(
    client, pushed, organizer, official_arbiter
):
    from games.services.records import record_save

    round_, game, _token = pushed
    record_save(game=game, pdn=version(result="0-2"), user=organizer)
    result_record(game=game, result=GameResult.WHITE_WIN, user=official_arbiter)
    text = client.get(reverse("public:game_pdn", args=(round_.event.slug, game.pk))).content
    exported = read_game(text.decode())
    assert exported.tag("Result") == "2-0" and exported.tag("OfficialResult") is None


def test_the_push_token_is_refused_for_a_completed_round(pushed, official_arbiter):
    round_, game, token = pushed
    relay_push(round=round_, token=token, pdn=version(20))
    result_record(game=game, result=GameResult.WHITE_WIN, user=official_arbiter)
    round_complete(round=round_, user=official_arbiter)
    stored = RelayBoard.objects.get(game=game).pdn
    with pytest.raises(NotAllowedError, match="completed"):
        relay_push(round=round_, token=token, pdn=version(result="0-2"))
    response = APIClient().post(
        reverse("api:relay", kwargs={"slug": round_.event.slug, "number": round_.number}),
        {"pdn": version(result="0-2")},
        format="json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 403
    assert RelayBoard.objects.get(game=game).pdn == stored
    assert not GameRecord.objects.filter(game=game).exists()
    assert conflicts(game) == []


def test_a_polled_source_of_a_completed_round_stops_without_reading(
    organizer, official_arbiter, pdn_server, settings
):
    settings.RELAY_ALLOW_PRIVATE_ADDRESSES = True
    round_ = published_round(organizer, official_arbiter)
    source = relay_source_set(
        round=round_, kind=RelayKind.URL, url=pdn_server.url("/round.pdn"), user=organizer
    )
    game = Game.objects.get(pairing__round=round_)
    result_record(game=game, result=GameResult.WHITE_WIN, user=official_arbiter)
    round_complete(round=round_, user=official_arbiter)
    pdn_server["/round.pdn"] = (200, version(result="0-2"))
    RelaySource.objects.filter(pk=source.pk).update(next_poll_at=timezone.now())
    assert relay_poll(source_id=source.pk) is None
    assert not RelaySource.objects.get(pk=source.pk).active
    assert not RelayBoard.objects.exists() and conflicts(game) == []
