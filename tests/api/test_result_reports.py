"""POST /api/games/<id>/report/ (and the same under /api/events/<slug>/): a player of the
game reports its result; two agreeing reports record it, two differing ones open a dispute;
anyone else is refused, and hostile input is a 400 naming the field."""

import pytest
from rest_framework.test import APIClient

from games.models import Dispute, ResultReport
from tests.factories import UserFactory
from tests.games.conftest import published_round
from tournaments.models import Game, GameResult

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(organizer):
    """Board 1 of a published round whose two players have login accounts."""
    round_ = published_round(organizer, UserFactory(username="event-arbiter", is_staff=True))
    return Game.objects.select_related("white__player", "black__player").get(pairing__round=round_)


@pytest.fixture(params=["game", "event"])
def url(request):
    """The operation's two addresses: the game's own, and the game's under its event."""
    if request.param == "game":
        return lambda game: f"/api/games/{game.pk}/report/"
    return lambda game: f"/api/events/{game.pairing.round.event.slug}/games/{game.pk}/report/"


def client_of(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_two_players_agree_and_the_result_is_recorded(game, url):
    first = client_of(game.white.player.user).post(url(game), {"result": "1/2"}, format="json")
    assert first.status_code == 201, first.content
    assert (first.json()["colour"], first.json()["outcome"]) == ("w", "waiting")
    second = client_of(game.black.player.user).post(url(game), {"result": "1/2"}, format="json")
    assert (second.status_code, second.json()["outcome"]) == (201, "recorded")
    assert Game.objects.get(pk=game.pk).result == GameResult.DRAW


def test_two_players_differ_and_a_dispute_opens(game, url):
    client_of(game.white.player.user).post(url(game), {"result": "1-0"}, format="json")
    answer = client_of(game.black.player.user).post(url(game), {"result": "0-1"}, format="json")
    assert answer.json()["outcome"] == "disputed"
    assert answer.json()["dispute"] == Dispute.objects.get(game=game).pk


def test_no_one_else_reports(game, url, organizer):
    before = ResultReport.objects.count()
    for user in (UserFactory(username="stranger"), organizer):
        answer = client_of(user).post(url(game), {"result": "1-0"}, format="json")
        assert answer.status_code == 403, answer.content
    assert APIClient().post(url(game), {"result": "1-0"}, format="json").status_code in (401, 403)
    assert ResultReport.objects.count() == before


@pytest.mark.parametrize(
    "body",
    [{}, {"result": "+/-"}, {"result": "2-0"}, {"result": ["1-0"]}, {"result": "x" * 10_000}],
)
def test_hostile_input_is_a_400_naming_the_field(game, url, body):
    answer = client_of(game.white.player.user).post(url(game), body, format="json")
    assert answer.status_code == 400, answer.content
    assert "result" in answer.content.decode()
    assert not ResultReport.objects.exists()


def test_a_game_of_another_event_or_unknown_is_a_404(game):
    slug = game.pairing.round.event.slug
    answer = client_of(game.white.player.user).post(
        f"/api/events/{slug}/games/999999/report/", {"result": "1-0"}, format="json"
    )
    assert answer.status_code == 404
    answer = client_of(game.white.player.user).post(
        "/api/games/999999/report/", {"result": "1-0"}, format="json"
    )
    assert answer.status_code == 404


def test_a_game_of_a_draft_round_is_a_404_at_either_address(organizer):
    from tournaments.models import RoundStatus

    round_ = published_round(organizer, UserFactory(username="draft-arbiter", is_staff=True))
    round_.status = RoundStatus.DRAFT
    round_.save(update_fields=["status"])
    game = Game.objects.select_related("white__player").get(pairing__round=round_)
    for address in (
        f"/api/games/{game.pk}/report/",
        f"/api/events/{round_.event.slug}/games/{game.pk}/report/",
    ):
        answer = client_of(game.white.player.user).post(address, {"result": "1-0"}, format="json")
        assert answer.status_code == 404, (address, answer.content)
    assert not ResultReport.objects.exists()


def test_the_schema_lists_the_operation(client):
    schema = client.get("/api/schema/?format=json").json()
    for path in ("/api/games/{game_id}/report/", "/api/events/{slug}/games/{game_id}/report/"):
        assert "201" in schema["paths"][path]["post"]["responses"]
