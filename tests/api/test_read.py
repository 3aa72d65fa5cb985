"""Read-only endpoints: content, filters, pagination, the one error shape, no private data."""

import json

import pytest

pytestmark = pytest.mark.django_db


def test_events_list_and_detail(client, swiss):
    body = client.get("/api/events/").json()
    assert body["count"] == 1
    assert body["results"][0]["slug"] == swiss.slug
    detail = client.get(f"/api/events/{swiss.slug}/").json()
    assert detail["tiebreaks"] == ["TSOL", "SB", "DE"]
    assert detail["scoring"]["win"] == "2.0"
    assert detail["swiss_rules"] == "2026"
    assert detail["swiss_rules_text"] == "FIDE Dutch, text applied from 1 February 2026"
    french = client.get(f"/api/events/{swiss.slug}/", headers={"accept-language": "fr"}).json()
    assert (
        french["swiss_rules_text"] == "FIDE hollandais, texte appliqué depuis le 1er février 2026"
    )
    assert client.get("/api/events/?status=current").status_code == 200


def test_players_are_paginated_and_public(client, swiss):
    body = client.get(f"/api/events/{swiss.slug}/players/?page_size=3").json()
    assert body["count"] == 7
    assert len(body["results"]) == 3
    assert body["next"]
    assert set(body["results"][0]) == {"number", "name", "federation", "title", "rating", "club"}


def test_rounds_show_published_only(client, swiss):
    body = client.get(f"/api/events/{swiss.slug}/rounds/").json()
    assert [r["number"] for r in body] == [1, 2]
    assert {r["pairing_rules"] for r in body} == {"FIDE Dutch, text applied from 1 February 2026"}


def test_pairings_filter_by_round_and_player(client, swiss):
    body = client.get(f"/api/events/{swiss.slug}/pairings/?round=1").json()
    assert body["count"] == 4  # three boards and a bye
    assert {p["round"] for p in body["results"]} == {1}
    bye = next(p for p in body["results"] if p["black"] is None)
    assert bye["bye_kind"] == "pab"
    mine = client.get(f"/api/events/{swiss.slug}/pairings/?player=1").json()
    assert mine["count"] == 2
    assert all(
        1 in (p["white"]["number"], (p["black"] or {}).get("number")) for p in mine["results"]
    )


def test_standings_tiebreaks_and_crosstable(client, swiss):
    rows = client.get(f"/api/events/{swiss.slug}/standings/").json()["results"]
    assert [r["rank"] for r in rows] == list(range(1, 8))
    assert set(rows[0]["tiebreaks"]) == {"TSOL", "SB", "DE"}
    first = client.get(f"/api/events/{swiss.slug}/standings/?round=1").json()["results"]
    assert sum(float(r["points"]) for r in first) < sum(float(r["points"]) for r in rows)
    detail = client.get(f"/api/events/{swiss.slug}/standings/{rows[0]['number']}/").json()
    assert [d["code"] for d in detail["details"]] == ["TSOL", "SB", "DE"]
    table = client.get(f"/api/events/{swiss.slug}/crosstable/").json()["results"]
    assert len(table[0]["cells"]) == 2


def test_games_list_and_detail(client, swiss):
    games = client.get(f"/api/events/{swiss.slug}/games/?round=2").json()["results"]
    assert len(games) == 3 and {g["round"] for g in games} == {2}
    detail = client.get(f"/api/events/{swiss.slug}/games/{games[0]['id']}/").json()
    assert detail["result"] == "1-0"
    assert detail["pdn"] is None


def test_draft_games_are_not_public(client, swiss):
    from tournaments.models import Game

    draft = Game.objects.filter(pairing__round__event=swiss, pairing__round__number=3).first()
    assert client.get(f"/api/events/{swiss.slug}/games/{draft.pk}/").status_code == 404
    assert client.get(f"/api/events/{swiss.slug}/games/?round=3").json()["count"] == 0


@pytest.mark.parametrize(
    ("url", "status", "code"),
    [
        ("/api/events/nope/", 404, "not_found"),
        ("/api/events/{slug}/standings/?round=9", 400, "invalid"),
        ("/api/events/{slug}/standings/?round=-1", 400, "invalid"),
        ("/api/events/{slug}/pairings/?player=x", 400, "invalid"),
        ("/api/events/?status=later", 400, "invalid"),
        ("/api/events/{slug}/standings/99/", 404, "not_found"),
        ("/api/events/{slug}/players/?page=9", 404, "not_found"),
    ],
)
def test_one_error_shape(client, swiss, url, status, code):
    response = client.get(url.format(slug=swiss.slug))
    assert response.status_code == status
    error = response.json()["error"]
    assert error["status"] == status
    assert error["code"] == code
    assert error["message"]


def test_no_private_data(client, swiss):
    player = swiss.registrations.get(pairing_number=1).player
    for path in ("players/", "pairings/", "standings/", "crosstable/", "games/"):
        text = client.get(f"/api/events/{swiss.slug}/{path}").content.decode()
        assert player.email not in text and player.phone not in text and "1990-01-01" not in text


def test_plain_serializers_answer_as_drf_does(client, swiss):
    """The big lists read attributes directly (PlainSerializer); the answer is DRF's own."""
    from decimal import Decimal

    from rest_framework import serializers

    from tournaments.api import serializers as s
    from tournaments.api.views import StandingLine
    from tournaments.scoring.crosstable import Cell, CrosstableRow, GameMark
    from tournaments.selectors.lists import player_list
    from tournaments.selectors.public import crosstable_get
    from tournaments.selectors.standings import standings_get
    from tournaments.values import Colour

    def drf(serializer, instance):
        return serializers.Serializer.to_representation(serializer, instance)

    two_games = CrosstableRow(
        position=1,
        rank=1,
        shared_rank=True,
        number=3,
        name="Ä <b>",
        title="",
        federation="FRA",
        rating=0,
        cells=(
            Cell(1, 2, 4, Colour.WHITE, "1", Decimal("3"), (GameMark(Colour.WHITE, "1"),)),
            Cell(2, None, None, None, "U", Decimal(2)),
        ),
        score=Decimal("5.5"),
        tiebreaks=(Decimal("12.25"),),
    )
    rows = [*crosstable_get(swiss, after_round=2).rows, two_games]
    standings = [StandingLine(row, True) for row in standings_get(swiss, after_round=2)]
    pairings = client.get(f"/api/events/{swiss.slug}/pairings/").json()["results"]
    assert any(p["black"] is None for p in pairings)
    for serializer, items in (
        (s.CrosstableRowSerializer(), rows),
        (s.StandingSerializer(), standings),
    ):
        for item in items:
            assert serializer.to_representation(item) == drf(serializer, item)
    cell_serializer = s.CellSerializer()
    for cell in (cell for row in rows for cell in row.cells):
        written = cell_serializer.to_representation(cell)
        assert written == drf(cell_serializer, cell)
        assert json.dumps(written) == json.dumps(drf(cell_serializer, cell))
    white = player_list(swiss)[0]
    line = {"round": 1, "board": 1, "white": white, "black": None, "bye_kind": "pab"}
    line |= {"card": None, "games": ()}
    serializer = s.PairingSerializer()
    assert serializer.to_representation(line) == drf(serializer, line)
