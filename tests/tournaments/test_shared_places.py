"""Tied players share a place in every output: admin standings, public standings, crosstable,
player card and API (the same compute_standings rows feed them all)."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.client import logged_in
from tests.factories import event_with_players, make_organizer
from tournaments.models import Game, GameResult
from tournaments.services import results, rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def tied():
    """4 players, round 1: board 1 won by White, board 2 drawn. The two who drew have the
    same points, each other as opponent and no win: level on every tie-break."""
    organizer = make_organizer("olga")
    event = event_with_players(organizer, players=4, number_of_rounds=3)
    round_ = rounds.round_publish(
        round=rounds.round_pair(event=event, user=organizer), user=organizer
    )
    first, second = Game.objects.filter(pairing__round=round_).order_by("pairing__board")
    results.result_record(game=first, result=GameResult.WHITE_WIN, user=organizer)
    results.result_record(game=second, result=GameResult.DRAW, user=organizer)
    rounds.round_complete(round=round_, user=organizer)
    drawn = {second.pairing.white.player.last_name, second.pairing.black.player.last_name}
    return event, organizer, drawn


def _cells(page: str, table_id: str) -> list[str]:
    table = page.split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    return [re.sub(r"<[^>]+>", " ", "<tr" + row).split() for row in table.split("<tr")[2:]]


def test_public_and_admin_standings_show_the_shared_place(tied, client):
    event, organizer, _ = tied
    page = client.get(reverse("public:standings", args=[event.slug])).content.decode()
    places = [cells[0] for cells in _cells(page, "standings")]
    assert places == ["1", "2=", "2=", "4"]
    admin = logged_in(organizer).get(reverse("admin:tournaments_event_standings", args=[event.pk]))
    assert admin.content.decode().count("<td>2=</td>") == 2


def test_the_api_gives_tied_players_the_same_rank(tied):
    event, _, _ = tied
    rows = Client().get(reverse("api:standings", args=[event.slug])).json()
    rows = rows["results"] if isinstance(rows, dict) and "results" in rows else rows
    rows = rows["rows"] if isinstance(rows, dict) else rows
    assert [(row["rank"], row["shared_rank"]) for row in rows] == [
        (1, False),
        (2, True),
        (2, True),
        (4, False),
    ]


def test_crosstable_and_player_card_show_the_shared_place(tied, client):
    event, _, drawn = tied
    page = client.get(reverse("public:crosstable", args=[event.slug])).content.decode()
    assert [cells[0] for cells in _cells(page, "crosstable")] == ["1", "2=", "2=", "4"]
    number = event.registrations.get(player__last_name=min(drawn)).pairing_number
    card = client.get(reverse("public:player", args=[event.slug, number])).content.decode()
    assert "<dd>2=</dd>" in card
