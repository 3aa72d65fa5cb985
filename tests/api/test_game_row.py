"""One published game read without loading its round, and a 404 (not a 500) for a game that
is not published."""

import pytest
from rest_framework.test import APIClient

from tournaments.models import Game, RoundStatus
from tournaments.selectors.public import game_row, game_rows

pytestmark = pytest.mark.django_db

PDN = '[Event "?"]\n[Result "2-0"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n'


def test_game_row_is_the_row_the_games_list_shows(swiss):
    listed = game_rows(swiss, round=2)
    assert listed and all(game_row(swiss, game_id=row.id) == row for row in listed)


def test_game_row_is_none_for_a_draft_or_foreign_game(swiss):
    draft = Game.objects.filter(pairing__round__event=swiss, pairing__round__number=3).first()
    assert draft.pairing.round.status == RoundStatus.DRAFT
    assert game_row(swiss, game_id=draft.pk) is None
    assert game_row(swiss, game_id=10**9) is None


def test_record_of_a_draft_game_answers_404_with_the_reason(swiss, organizer):
    draft = Game.objects.filter(pairing__round__event=swiss, pairing__round__number=3).first()
    client = APIClient()
    client.force_authenticate(organizer)
    response = client.put(
        f"/api/events/{swiss.slug}/games/{draft.pk}/record/", {"pdn": PDN}, format="json"
    )
    assert response.status_code == 404, response.content
    assert "draft round" in str(response.json())


def test_published_game_detail_is_its_row(swiss):
    row = game_rows(swiss, round=1)[0]
    response = APIClient().get(f"/api/events/{swiss.slug}/games/{row.id}/")
    assert response.status_code == 200, response.content
    assert response.json()["id"] == row.id and response.json()["result"] == row.result
