"""A forfeit and a bye are never written like a game played: the round page, the player
card and the API write ``+/-`` and name the bye (FIDE TRF16 codes ``+``, ``-``)."""

import pytest

from tests.factories import event_with_players
from tournaments.models import Game, GameResult
from tournaments.services import results, rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def forfeited(organizer):
    """5 players: board 1 a forfeit win for White, board 2 a win, one bye."""
    event = event_with_players(organizer, players=5, organizers=[organizer])
    round_ = rounds.round_publish(
        round=rounds.round_pair(event=event, user=organizer), user=organizer
    )
    first, second = Game.objects.filter(pairing__round=round_).order_by("pairing__board")
    results.result_record(game=first, result=GameResult.WHITE_FORFEIT_WIN, user=organizer)
    results.result_record(game=second, result=GameResult.WHITE_WIN, user=organizer)
    rounds.round_complete(round=round_, user=organizer)
    return event, first, second


def test_the_round_page_marks_the_forfeit(client, forfeited):
    event, _first, _second = forfeited
    page = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert page.count(">+/-<") == 1
    assert page.count(">2-0<") == 1
    assert "white wins by forfeit" in page
    assert "pairing-allocated bye" in page


def test_the_player_card_marks_the_forfeit_and_the_bye(client, forfeited):
    event, first, _second = forfeited
    winner = client.get(
        f"/events/{event.slug}/players/{first.white.pairing_number}/"
    ).content.decode()
    loser = client.get(
        f"/events/{event.slug}/players/{first.black.pairing_number}/"
    ).content.decode()
    assert "<td>+/-</td>" in winner and "<td>2-0</td>" not in winner
    assert "<td>-/+</td>" in loser
    bye = event.registrations.order_by("-pairing_number").first().pairing_number
    card = client.get(f"/events/{event.slug}/players/{bye}/").content.decode()
    assert "<td>pairing-allocated bye</td>" in card


def test_the_api_and_crosstable_mark_the_forfeit(client, forfeited):
    event, first, _second = forfeited
    answer = client.get(f"/api/events/{event.slug}/pairings/?round=1").json()
    boards = answer["results"] if isinstance(answer, dict) else answer
    assert [game["result"] for board in boards for game in board["games"]] == ["+/-", "1-0"]
    rows = client.get(f"/api/events/{event.slug}/crosstable/").json()
    rows = rows["results"] if isinstance(rows, dict) else rows
    cells = {row["number"]: row["cells"][0] for row in rows}
    assert cells[first.white.pairing_number]["text"].endswith("+")
    assert cells[first.black.pairing_number]["text"].endswith("-")
