"""Where a relay's games come from: one PDN file per board (the file's game is that board's,
whatever its tags say), and pushes with the event's token, good for every round of the event
and for nothing else (issue 26)."""

import pytest
from django.utils import timezone

from games.models import RelayBoard, RelayFeed, RelayKind, RelaySource
from games.relay.services import (
    relay_feed_set,
    relay_poll,
    relay_push,
    relay_source_set,
    relay_token_issue,
)
from games.services.errors import NotAllowedError, RelayError
from tests.games.conftest import published_round
from tests.games.relay.game import PLIES, version
from tournaments.models import Game
from tournaments.services import rounds
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def local_sources(settings):
    settings.RELAY_ALLOW_PRIVATE_ADDRESSES = True


def poll(source: RelaySource):
    RelaySource.objects.filter(pk=source.pk).update(next_poll_at=timezone.now())
    return relay_poll(source_id=source.pk)


def test_each_board_is_read_from_its_own_file(organizer, official_arbiter, pdn_server):
    round_ = published_round(organizer, official_arbiter, players=4)
    first, second = Game.objects.filter(pairing__round=round_).order_by("pairing__board")
    source = relay_source_set(round=round_, kind=RelayKind.BOARDS, user=organizer)
    relay_feed_set(source=source, game=first, url=pdn_server.url("/1.pdn"), user=organizer)
    relay_feed_set(source=source, game=second, url=pdn_server.url("/2.pdn"), user=organizer)
    # the tags say board 7: a board's own file is that board's game all the same
    pdn_server["/1.pdn"] = (200, version(10, board=7))
    pdn_server["/2.pdn"] = (200, version(6, board=7))
    report = poll(source)
    assert report.appended == {"1.1": 10, "2.1": 6} and report.unmatched == []
    assert RelayBoard.objects.get(game=first).plies == list(PLIES[:10])
    assert RelayBoard.objects.get(game=second).plies == list(PLIES[:6])

    # one file missing: the other board goes on, and the poll is no failure
    del pdn_server["/2.pdn"]
    pdn_server["/1.pdn"] = (200, version(12, board=7))
    assert poll(source).appended == {"1.1": 2}
    source.refresh_from_db()
    assert source.failures == 0 and "404" in source.last_error
    assert len(RelayBoard.objects.get(game=second).plies) == 6


def test_a_board_file_is_refused_outside_its_round_or_source(organizer, official_arbiter):
    round_ = published_round(organizer, official_arbiter)
    other = published_round(organizer, official_arbiter)
    game = Game.objects.get(pairing__round=other)
    source = relay_source_set(round=round_, kind=RelayKind.BOARDS, user=organizer)
    with pytest.raises(RelayError):
        relay_feed_set(source=source, game=game, url="http://x.test/1.pdn", user=organizer)
    mine = Game.objects.get(pairing__round=round_)
    with pytest.raises(NotAllowedError):
        relay_feed_set(source=source, game=mine, url="http://x.test/1.pdn", user=official_arbiter)
    pushed = relay_source_set(round=round_, kind=RelayKind.PUSH, user=organizer)
    with pytest.raises(RelayError):
        relay_feed_set(source=pushed, game=mine, url="http://x.test/1.pdn", user=organizer)
    assert not RelayFeed.objects.exists()


def test_a_round_relayed_one_file_per_board_refuses_pushes(organizer, official_arbiter):
    round_ = published_round(organizer, official_arbiter)
    relay_source_set(round=round_, kind=RelayKind.BOARDS, user=organizer)
    token = relay_token_issue(event=round_.event, user=organizer).token
    with pytest.raises(RelayError):
        relay_push(round=round_, token=token, pdn=version(4))


def test_the_events_token_pushes_to_any_of_its_rounds_and_nothing_else(organizer, official_arbiter):
    round_ = published_round(organizer, official_arbiter, players=3)
    token = relay_token_issue(event=round_.event, user=organizer).token
    assert relay_token_issue(event=round_.event, user=organizer).token == token
    with pytest.raises(NotAllowedError):
        relay_token_issue(event=round_.event, user=official_arbiter)

    # a round with no source yet gets one fed by pushes
    assert relay_push(round=round_, token=token, pdn=version(4)).appended == {"1.1": 4}
    assert RelaySource.objects.get(round=round_).kind == RelayKind.PUSH

    for game in Game.objects.filter(pairing__round=round_):
        result_record(game=game, result="1-0", user=organizer)
    rounds.round_complete(round=round_, user=organizer)
    second = rounds.round_publish(
        round=rounds.round_pair(event=round_.event, user=organizer), user=organizer
    )
    pushed = relay_push(round=second, token=token, pdn=version(6, round=2))
    assert pushed.appended == {"1.1": 6}

    other = published_round(organizer, official_arbiter)
    relay_token_issue(event=other.event, user=organizer)
    with pytest.raises(NotAllowedError):
        relay_push(round=other, token=token, pdn=version(4))
    assert not RelaySource.objects.filter(round=other).exists()


def test_a_version_of_many_boards_forgets_the_event_states_once(
    organizer, official_arbiter, monkeypatch, django_capture_on_commit_callbacks
):
    """Each board keeps its history row, written in one insert: the followers' cached
    states are forgotten once for the version (and once at its commit), not once a board."""
    round_ = published_round(organizer, official_arbiter, players=4)
    token = relay_token_issue(event=round_.event, user=organizer).token
    forgotten = []
    monkeypatch.setattr("games.relay.services.forget_states", lambda: forgotten.append(1))
    monkeypatch.setattr("tournaments.live.forget_states", lambda: forgotten.append(1))
    both = version(6, board=1) + "\n" + version(8, board=2)
    with django_capture_on_commit_callbacks(execute=True):
        assert relay_push(round=round_, token=token, pdn=both).appended == {"1.1": 6, "2.1": 8}
    assert len(forgotten) == 2
    assert RelayBoard.history.count() == 2
    assert sorted(len(row.plies) for row in RelayBoard.history.all()) == [6, 8]
