"""The relay in the admin: the organizer sets a round's source, reads its push token, and
assigns a relayed game the matching left out."""

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from games.models import RelayBoard, RelayFeed, RelayKind, RelaySource
from games.relay.services import relay_push
from games.selectors import game_label
from tests.client import form_data, logged_in
from tests.factories import make_organizer
from tests.games.conftest import published_round
from tests.games.relay.game import push_token, version
from tournaments.models import Game, GameResult

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_round(official_arbiter):
    organizer = make_organizer("relay-organizer")
    return organizer, published_round(organizer, official_arbiter)


def test_the_organizer_sets_a_source_and_reads_its_token(admin_round):
    organizer, round_ = admin_round
    client = logged_in(organizer)
    add = reverse("admin:games_relaysource_add")
    refused = client.post(add, {"round": round_.pk, "kind": RelayKind.URL, "interval": 5})
    assert "needs the PDN file" in refused.content.decode()
    answer = client.post(add, {"round": round_.pk, "kind": RelayKind.PUSH, "interval": 5})
    assert answer.status_code == 302
    source = RelaySource.objects.get(round=round_)
    assert source.created_by == organizer
    page = client.get(reverse("admin:games_relaysource_change", args=(source.pk,)))
    html = page.content.decode()
    assert push_token(source) in html
    assert f"/api/events/{round_.event.slug}/rounds/1/relay/" in html


def test_an_unmatched_game_is_assigned_in_the_admin(admin_round):
    organizer, round_ = admin_round
    client = logged_in(organizer)
    client.post(
        reverse("admin:games_relaysource_add"),
        {"round": round_.pk, "kind": RelayKind.PUSH, "interval": 5},
    )
    source = RelaySource.objects.get(round=round_)
    relay_push(round=round_, token=push_token(source), pdn=version(6, board=9))
    board = RelayBoard.objects.get()
    change = reverse("admin:games_relaysource_change", args=(source.pk,))
    data = {
        key: values[0] if len(values) == 1 else values
        for key, values in form_data(client.get(change), "relaysource_form").items()
    }
    game = Game.objects.get(pairing__round=round_)
    data["boards-0-game"] = str(game.pk)
    assert client.post(change, data).status_code == 302
    board.refresh_from_db()
    assert board.game == game


def test_an_arbiter_who_does_not_organize_sees_no_source(admin_round, official_arbiter):
    organizer, round_ = admin_round
    from games.relay.services import relay_source_set

    source = relay_source_set(round=round_, kind=RelayKind.PUSH, user=organizer)
    arbiter = make_organizer("relay-arbiter")
    round_.event.arbiters.add(arbiter)
    page = logged_in(arbiter).get(reverse("admin:games_relaysource_change", args=(source.pk,)))
    assert page.status_code == 404


def test_the_organizer_gives_each_board_its_own_file(admin_round):
    organizer, round_ = admin_round
    client = logged_in(organizer)
    client.post(
        reverse("admin:games_relaysource_add"),
        {"round": round_.pk, "kind": RelayKind.BOARDS, "interval": 5},
    )
    source = RelaySource.objects.get(round=round_)
    change = reverse("admin:games_relaysource_change", args=(source.pk,))
    page = client.get(change)
    assert "PDN address" in page.content.decode()
    data = {
        key: values[0] if len(values) == 1 else values
        for key, values in form_data(page, "relaysource_form").items()
    }
    game = Game.objects.get(pairing__round=round_)
    data["feeds-0-game"] = str(game.pk)
    data["feeds-0-url"] = "ftp://relay.example/board-1.pdn"
    refused = client.post(change, data)
    assert refused.status_code == 200
    assert "Enter an http:// or https:// address" in refused.content.decode()
    assert not RelayFeed.objects.filter(source=source).exists()
    data["feeds-0-url"] = "https://relay.example/board-1.pdn"
    assert client.post(change, data).status_code == 302
    assert RelayFeed.objects.get(source=source, game=game).url.endswith("board-1.pdn")
    assert RelaySource.objects.get(pk=source.pk).next_poll_at is not None


def test_the_source_page_says_flags_and_results_in_words_and_hides_the_token(admin_round):
    organizer, round_ = admin_round
    client = logged_in(organizer)
    client.post(
        reverse("admin:games_relaysource_add"),
        {"round": round_.pk, "kind": RelayKind.PUSH, "interval": 5},
    )
    source = RelaySource.objects.get(round=round_)
    relay_push(round=round_, token=push_token(source), pdn=version(6))
    RelayBoard.objects.update(
        result="1-0",
        flag={
            "ply": 7,
            "move": "32-28",
            "rule": "rewritten",
            "message": "W:W31,32:B19,20 rewritten",
        },
    )
    html = client.get(reverse("admin:games_relaysource_change", args=(source.pk,))).text
    assert "Ply 7 (32-28): the source rewrote moves already relayed" in html
    assert '"rule"' not in html and "W:W31" not in html
    board = html[html.index("field-record_result") :]
    assert board[board.index(">") + 1 :].lstrip().startswith("<p>2-0</p>")  # FMJD scale
    token = push_token(source)
    assert f"<summary>{token[:4]}… show the token</summary>" in html
    assert html.index(token) > html.index('<details class="relay-token">')


def test_the_source_page_names_its_games_without_their_result_codes(admin_round):
    """A board's game and a board's file are chosen among the round's games named as the
    desk names them (board, game, players), not as stored: '1-0' is no result of an
    international game (2-0), and '+/-' is no words."""
    organizer, round_ = admin_round
    client = logged_in(organizer)
    client.post(
        reverse("admin:games_relaysource_add"),
        {"round": round_.pk, "kind": RelayKind.PUSH, "interval": 5},
    )
    source = RelaySource.objects.get(round=round_)
    relay_push(round=round_, token=push_token(source), pdn=version(6))
    game = Game.objects.filter(pairing__round=round_).order_by("pairing__board").first()
    Game.objects.filter(pk=game.pk).update(result=GameResult.WHITE_WIN)
    game.refresh_from_db()
    html = client.get(reverse("admin:games_relaysource_change", args=(source.pk,))).text
    labels = re.findall(r'<option value="\d+"(?: selected)?>([^<]*)</option>', html)
    assert escape(game_label(game)) in labels
    assert not [label for label in labels if label.endswith((": 1-0", ": *"))]
    source.kind = RelayKind.BOARDS
    source.save()
    html = client.get(reverse("admin:games_relaysource_change", args=(source.pk,))).text
    labels = re.findall(r'<option value="\d+"(?: selected)?>([^<]*)</option>', html)
    assert escape(game_label(game)) in labels
    assert not [label for label in labels if label.endswith((": 1-0", ": *"))]
