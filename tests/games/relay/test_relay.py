"""The live relay of a round (issue 26): a polled PDN file that grows, checked as it arrives;
pushed games; the relay endpoint."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from games.models import Dispute, DisputeClaim, GameRecord, RelayBoard, RelayKind, RelaySource
from games.relay.fetch import FetchError, fetch_text
from games.relay.services import relay_due_sources, relay_poll, relay_push, relay_source_set
from games.services.errors import NotAllowedError, RelayError
from tests.games.conftest import published_round
from tests.games.relay.game import PLIES, push_token, version
from tournaments.models import Game, GameResult
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def local_sources(settings):
    settings.RELAY_ALLOW_PRIVATE_ADDRESSES = True


@pytest.fixture
def relayed(organizer, official_arbiter, pdn_server):
    """A published round of one board relayed from the local server's /round.pdn."""
    round_ = published_round(organizer, official_arbiter)
    source = relay_source_set(
        round=round_, kind=RelayKind.URL, url=pdn_server.url("/round.pdn"), user=organizer
    )
    return source


def poll(source: RelaySource):
    RelaySource.objects.filter(pk=source.pk).update(next_poll_at=timezone.now())
    return relay_poll(source_id=source.pk)


def relay_api(source: RelaySource) -> str:
    round_ = source.round
    return reverse("api:relay", kwargs={"slug": round_.event.slug, "number": round_.number})


def test_a_growing_file_is_stored_once_and_finishes_with_its_result(relayed, pdn_server):
    pdn_server["/round.pdn"] = (200, version(10))
    assert poll(relayed).new_plies == 10
    assert RelayBoard.objects.get().plies == list(PLIES[:10])
    pdn_server["/round.pdn"] = (200, version(20))
    assert poll(relayed).new_plies == 10
    assert RelayBoard.objects.get().plies == list(PLIES[:20])
    pdn_server["/round.pdn"] = (200, version(20))
    assert poll(relayed).new_plies == 0
    pdn_server["/round.pdn"] = (200, version(result="2-0"))
    report = poll(relayed)
    assert report.new_plies == 20 and report.finished == ["1.1"]
    board = RelayBoard.objects.get()
    assert board.plies == list(PLIES) and len(board.plies) == len(PLIES)
    assert (board.status, board.result, board.flag) == ("finished", "2-0", None)
    assert GameRecord.objects.get(game=board.game).revision == 1
    assert board.game == Game.objects.get(pairing__round=relayed.round)
    assert GameRecord.objects.get(game=board.game).source == "relay"
    rows = APIClient().get(relay_api(relayed)).json()
    assert rows == [
        {
            "board": 1,
            "index": 1,
            "game": board.game_id,
            "plies": list(PLIES),
            "status": "finished",
            "flag": None,
            "result": "2-0",
            "fen": board.fen,
            "clocks": {},
            "revision": 1,
        }
    ]


def test_an_illegal_move_is_flagged_at_its_ply_with_its_rule(relayed, pdn_server):
    pdn_server["/round.pdn"] = (200, version(20))
    poll(relayed)
    pdn_server["/round.pdn"] = (200, version(wrong=True))
    assert not GameRecord.objects.exists()
    report = poll(relayed)
    assert report.flagged == ["1.1"] and report.new_plies == 2
    assert GameRecord.objects.get().source == "relay"
    board = RelayBoard.objects.get()
    assert board.plies == list(PLIES[:22]) and board.status == "flagged"
    assert board.flag["ply"] == 23 and board.flag["move"] == "32-37"
    assert board.flag["rule"] == "man-backwards"
    row = APIClient().get(relay_api(relayed)).json()[0]
    assert row["flag"] == {
        "ply": 23,
        "move": "32-37",
        "rule": "man-backwards",
        "message": board.flag["message"],
    }


def test_a_push_to_a_round_fed_by_a_url_answers_409(relayed):
    response = APIClient().post(
        relay_api(relayed),
        {"pdn": version(10)},
        format="json",
        HTTP_AUTHORIZATION=f"Bearer {push_token(relayed)}",
    )
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "relay_error"
    assert not RelayBoard.objects.exists()


def test_pushed_games_are_relayed_with_the_rounds_token(organizer, official_arbiter):
    round_ = published_round(organizer, official_arbiter)
    source = relay_source_set(round=round_, kind=RelayKind.PUSH, user=organizer)
    client = APIClient()
    url = relay_api(source)
    wrong = client.post(url, {"pdn": version(10)}, format="json", HTTP_AUTHORIZATION="Bearer x")
    assert wrong.status_code == 403
    assert client.post(url, {"pdn": version(10)}, format="json").status_code == 401
    pushed = client.post(
        url, {"pdn": version(12)}, format="json", HTTP_AUTHORIZATION=f"Bearer {push_token(source)}"
    )
    assert pushed.status_code == 200 and pushed.json()["appended"] == {"1.1": 12}
    assert client.get(url).json()[0]["plies"] == list(PLIES[:12])


def test_a_result_that_disagrees_with_the_entered_one_goes_to_the_desk(organizer, official_arbiter):
    round_ = published_round(organizer, official_arbiter)
    source = relay_source_set(round=round_, kind=RelayKind.PUSH, user=organizer)
    game = Game.objects.get(pairing__round=round_)
    result_record(game=game, result=GameResult.BLACK_WIN, user=official_arbiter)
    relay_push(round=round_, token=push_token(source), pdn=version(result="2-0"))
    dispute = Dispute.objects.get(game=game)
    assert dispute.claim == DisputeClaim.WRONG_RESULT and "2-0" in dispute.statement
    relay_push(round=round_, token=push_token(source), pdn=version(result="2-0"))
    assert Dispute.objects.filter(game=game).count() == 1


def test_unmatched_games_are_kept_for_the_arbiter(organizer, official_arbiter):
    round_ = published_round(organizer, official_arbiter)
    source = relay_source_set(round=round_, kind=RelayKind.PUSH, user=organizer)
    report = relay_push(round=round_, token=push_token(source), pdn=version(10, board=7))
    board = RelayBoard.objects.get()
    assert report.unmatched == [board.key] and board.game is None
    assert "no board 7" in board.unmatched_reason and board.plies == list(PLIES[:10])
    board.game = Game.objects.get(pairing__round=round_)
    board.save()
    relay_push(round=round_, token=push_token(source), pdn=version(14, board=7))
    board.refresh_from_db()
    assert len(board.plies) == 14 and board.unmatched_reason == ""
    relay_push(round=round_, token=push_token(source), pdn=version(board=7, result="2-0"))
    assert GameRecord.objects.get(game=board.game).source == "relay"


def test_only_organizers_set_a_relay_and_pushes_need_the_token(organizer, official_arbiter):
    round_ = published_round(organizer, official_arbiter)
    with pytest.raises(NotAllowedError):
        relay_source_set(round=round_, kind=RelayKind.PUSH, user=official_arbiter)
    with pytest.raises(RelayError):
        relay_source_set(round=round_, kind=RelayKind.URL, user=organizer)
    with pytest.raises(RelayError):
        relay_source_set(
            round=round_, kind=RelayKind.URL, url="http://x.test/", interval=1, user=organizer
        )
    source = relay_source_set(round=round_, kind=RelayKind.PUSH, user=organizer)
    with pytest.raises(NotAllowedError):
        relay_push(round=round_, token=push_token(source) + "x", pdn=version(2))


def test_failures_back_off_and_a_quiet_source_stops(relayed, pdn_server):
    waits = []
    for _attempt in range(6):
        before = timezone.now()
        assert poll(relayed) is None
        relayed.refresh_from_db()
        waits.append(round((relayed.next_poll_at - before).total_seconds()))
    assert relayed.failures == 6 and "404" in relayed.last_error
    assert waits == [5, 5, 10, 20, 40, 60]
    pdn_server["/round.pdn"] = (200, version(4))
    poll(relayed)
    relayed.refresh_from_db()
    assert relayed.failures == 0 and relayed.last_error == ""
    RelaySource.objects.filter(pk=relayed.pk).update(
        last_move_at=timezone.now() - datetime.timedelta(hours=2)
    )
    poll(relayed)
    relayed.refresh_from_db()
    assert not relayed.active and relayed.pk not in relay_due_sources()


def test_the_fetch_reaches_only_the_address_given(pdn_server, settings):
    pdn_server["/moved.pdn"] = (302, "http://169.254.169.254/latest/")
    with pytest.raises(FetchError, match="302"):
        fetch_text(pdn_server.url("/moved.pdn"))
    settings.RELAY_ALLOW_PRIVATE_ADDRESSES = False
    with pytest.raises(FetchError, match="not public"):
        fetch_text(pdn_server.url("/round.pdn"))
    with pytest.raises(FetchError, match="not an http"):
        fetch_text("file:///etc/passwd")


def test_the_fetch_is_bounded_in_size(pdn_server, settings):
    settings.UPLOAD_MAX_BYTES = 100
    pdn_server["/big.pdn"] = (200, version())
    with pytest.raises(FetchError, match="larger than 100 bytes"):
        fetch_text(pdn_server.url("/big.pdn"))


def test_the_beat_tick_polls_every_due_source(relayed, pdn_server):
    from games.tasks import relay_poll_due_task

    pdn_server["/round.pdn"] = (200, version(6))
    assert relay_poll_due_task() == 1
    assert len(RelayBoard.objects.get().plies) == 6
    assert relay_poll_due_task() == 0  # the next poll is booked 5 s later
