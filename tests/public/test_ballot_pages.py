"""A two-game round robin on the English 3-move ballot: the pairings page and the API show
the card of each board and both games; the crosstable shows the square table."""

import re

import pytest

from tests import factories
from tournaments.models import Game, GameResult
from tournaments.selectors.ballots import pairing_card
from tournaments.services.ballots import ballot_draw
from tournaments.services.results import result_record
from tournaments.services.rounds import round_pair, round_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def ballot_event(organizer):
    event = factories.ballot_event(organizer)
    round_ = round_publish(round=round_pair(event=event, user=organizer), user=organizer)
    ballot_draw(round=round_, user=organizer)
    for game in Game.objects.filter(pairing__round=round_).order_by("pk"):
        result_record(game=game, result=GameResult.WHITE_WIN, user=organizer)
    return event, round_


def test_pairings_page_shows_cards_and_both_games(client, ballot_event):
    event, round_ = ballot_event
    page = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    pairing = round_.pairings.filter(black__isnull=False).first()
    card = pairing_card(pairing)
    assert "Ballot" in page
    assert card.moves in page
    assert page.count("Game 2:") == 2  # two boards, each with its return game


def test_api_pairings_carry_the_card(client, ballot_event):
    event, _round = ballot_event
    body = client.get(f"/api/events/{event.slug}/pairings/?round=1").json()
    board = body["results"][0]
    assert board["card"]["moves"]
    assert [g["index"] for g in board["games"]] == [1, 2]


def test_square_crosstable_with_game_marks(client, ballot_event):
    event, _round = ballot_event
    page = client.get(f"/events/{event.slug}/crosstable/").content.decode()
    assert "points scored against the player of that column" in page
    rows = client.get(f"/api/events/{event.slug}/crosstable/").json()["results"]
    assert sorted(rows[0]["cells"][0]["games"]) in (["b0", "w1"], ["b1", "w0"])


def test_square_crosstable_cells(client, ballot_event):
    """Each row: a cross on its own column, and for each opponent met the pairing's cell: the
    colour of its first game and the points, with the round as title."""
    event, _round = ballot_event
    page = client.get(f"/events/{event.slug}/crosstable/").content.decode()
    assert page.count('<span aria-label="same player">×</span>') == 4
    games = re.findall(r'<span title="Round 1">([wb])(\d)</span>', page)
    # two boards seen from both sides; white won both games, so each player won one: 2 each
    assert sorted(games) == [("b", "2"), ("b", "2"), ("w", "2"), ("w", "2")]
    fr = client.get(f"/events/{event.slug}/crosstable/", HTTP_ACCEPT_LANGUAGE="fr")
    assert fr.content.decode().count('<span title="Ronde 1">') == 4
