"""The relay on the arbiter's desk: every relayed board's state per round on one screen,
and a relayed game the matching left out assigned to its board (issue 26)."""

import pytest
from django.urls import reverse

from games.models import RelayBoard, RelayKind
from games.relay.services import relay_push, relay_source_set
from tests.client import logged_in, message_texts
from tests.factories import UserFactory, make_organizer
from tests.games.conftest import published_round
from tests.games.relay.game import push_token, version
from tournaments.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def unmatched(official_arbiter):
    organizer = make_organizer("relay-organizer")
    round_ = published_round(organizer, official_arbiter, players=4)
    source = relay_source_set(round=round_, kind=RelayKind.PUSH, user=organizer)
    relay_push(round=round_, token=push_token(source), pdn=version(10))
    relay_push(round=round_, token=push_token(source), pdn=version(wrong=True, board=1))
    relay_push(round=round_, token=push_token(source), pdn=version(6, board=9))
    return round_, RelayBoard.objects.get(game__isnull=True)


def test_the_desk_counts_the_boards_and_offers_the_free_ones(unmatched, official_arbiter):
    round_, board = unmatched
    page = logged_in(official_arbiter).get(reverse("desk:desk", args=(round_.event.slug,)))
    html = page.content.decode()
    summary = html.split("relay-summary")[1].split("</p>")[0]
    assert "Round 1: " in summary, summary
    assert "1 running" in summary and "1 flagged" in summary and "0 finished" in summary
    assert "1 not matched" in html
    assert reverse("desk:relay_assign", args=(round_.event.slug, board.pk)) in html
    free = Game.objects.get(pairing__round=round_, pairing__board=2)
    assert f'<option value="{free.pk}">board 2, game 1' in html
    taken = Game.objects.get(pairing__round=round_, pairing__board=1)
    assert f'<option value="{taken.pk}">' not in html


def test_the_arbiter_assigns_an_unmatched_game_on_the_desk(unmatched, official_arbiter):
    round_, board = unmatched
    client = logged_in(official_arbiter)
    url = reverse("desk:relay_assign", args=(round_.event.slug, board.pk))
    free = Game.objects.get(pairing__round=round_, pairing__board=2)
    answer = client.post(url, {"game": free.pk}, follow=True)
    assert any("is now board 2" in text for text in message_texts(answer))
    board.refresh_from_db()
    assert board.game == free
    html = answer.content.decode()
    assert "not matched" not in html.split('id="relay-heading"')[1]


def test_the_assignment_is_checked(unmatched, official_arbiter):
    round_, board = unmatched
    url = reverse("desk:relay_assign", args=(round_.event.slug, board.pk))
    taken = Game.objects.get(pairing__round=round_, pairing__board=1)
    client = logged_in(official_arbiter)
    refused = client.post(url, {"game": taken.pk}, follow=True)
    assert any("Choose a board" in text for text in message_texts(refused))
    assert client.get(url).status_code == 405
    stranger = UserFactory(username="not-an-official", is_staff=False)
    assert logged_in(stranger).post(url, {"game": taken.pk}).status_code in (403, 404)
    board.refresh_from_db()
    assert board.game is None
