"""The relay on the pages: the round page's live boards, the game viewer at the last ply,
the arbiter's desk."""

import pytest
from django.urls import reverse

from games.models import RelayKind
from games.relay.services import relay_push, relay_source_set
from tests.games.conftest import published_round
from tests.games.relay.game import PLIES, push_token, version
from tournaments.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def pushed(organizer, official_arbiter):
    round_ = published_round(organizer, official_arbiter)
    source = relay_source_set(round=round_, kind=RelayKind.PUSH, user=organizer)
    text = version(20).replace("[Result", '[WhiteClock "1:25:00"]\n[Result')
    relay_push(round=round_, token=push_token(source), pdn=text)
    return round_


def test_the_round_page_shows_each_relayed_board(client, pushed):
    page = client.get(reverse("public:round", args=[pushed.event.slug, pushed.number]))
    html = page.content.decode()
    assert page.status_code == 200
    assert 'data-relay-board="1" data-plies="20"' in html
    assert "<svg" in html and "Board 1 after 20 plies" in html
    assert "1:25:00" in html and PLIES[19] in html
    assert "data-live" in html


def test_the_game_viewer_follows_the_last_ply_kept(client, pushed):
    game = Game.objects.get(pairing__round=pushed)
    page = client.get(reverse("public:game", args=[pushed.event.slug, game.pk]))
    html = page.content.decode()
    assert 'aria-current="step"' in html and "data-live" in html
    assert f"After move 10: {PLIES[19]}" in html
    start = client.get(reverse("public:game", args=[pushed.event.slug, game.pk]) + "?ply=0")
    assert "Start position" in start.content.decode()


def test_the_desk_shows_every_relayed_board_and_its_flag(client, pushed, official_arbiter):
    source = pushed.relay_source
    relay_push(round=pushed, token=push_token(source), pdn=version(wrong=True))
    client.force_login(official_arbiter)
    html = client.get(reverse("desk:desk", args=[pushed.event.slug])).content.decode()
    assert "Live relay" in html and "flagged" in html
    assert "Ply 23 (32-37)" in html and "a man cannot move backwards" in html


def test_the_desk_is_closed_to_the_public(client, pushed):
    assert client.get(reverse("desk:desk", args=[pushed.event.slug])).status_code in (302, 403)
