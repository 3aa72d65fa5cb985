"""The game viewer: SVG board, move list, step links without JavaScript, PDN downloads."""

import pytest

from games.services.records import record_save
from tournaments.models import Game

pytestmark = pytest.mark.django_db

PDN = '[Event "?"]\n[Result "2-0"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n'


@pytest.fixture
def recorded(swiss, organizer):
    game = Game.objects.filter(pairing__round__event=swiss, pairing__round__number=1).first()
    record_save(game=game, pdn=PDN, user=organizer)
    return game


def test_viewer_steps_through_the_game(client, swiss, recorded):
    url = f"/events/{swiss.slug}/games/{recorded.pk}/"
    start = client.get(url).content.decode()
    assert 'role="img"' in start and "<svg" in start
    assert "32-28" in start and "28x19" in start
    assert 'href="?ply=1#board"' in start
    second = client.get(url + "?ply=2").content.decode()
    assert 'href="?ply=1#board" rel="prev"' in second
    assert 'href="?ply=3#board" rel="next"' in second
    assert start != second  # another position
    last = client.get(url + "?ply=99").content.decode()
    assert 'rel="next"' not in last


def test_game_without_record(client, swiss):
    game = Game.objects.filter(pairing__round__event=swiss, pairing__round__number=2).first()
    page = client.get(f"/events/{swiss.slug}/games/{game.pk}/").content.decode()
    assert "No game record has been entered for this game." in page
    assert client.get(f"/events/{swiss.slug}/games/{game.pk}/pdn/").status_code == 404


def test_pdn_downloads(client, swiss, recorded):
    one = client.get(f"/events/{swiss.slug}/games/{recorded.pk}/pdn/")
    assert one.status_code == 200
    assert "32-28" in one.content.decode()
    assert "attachment" in one["Content-Disposition"]
    everything = client.get(f"/events/{swiss.slug}/games.pdn")
    assert everything.status_code == 200
    assert everything.content.decode().count("32-28") == 1


def test_draft_game_is_not_shown(client, swiss):
    game = Game.objects.filter(pairing__round__event=swiss, pairing__round__number=3).first()
    assert client.get(f"/events/{swiss.slug}/games/{game.pk}/").status_code == 404
