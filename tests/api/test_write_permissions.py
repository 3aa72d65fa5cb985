"""Writes go through the services and only for the event's organizers (and, for records and
disputes, the roles of games.permissions): never an anonymous user, a player, or an organizer
of another event."""

import pytest
from django.contrib.auth.models import Permission
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import Dispute, GameRecord, ResultReport
from tests.factories import UserFactory, event_with_players
from tournaments.models import Game, GameResult, Player, Registration, Round, RoundStatus

pytestmark = pytest.mark.django_db

PDN = '[Event "?"]\n[Result "2-0"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n'


def staff_with_rights(username):
    user = UserFactory(username=username, is_staff=True)
    user.user_permissions.set(
        Permission.objects.filter(content_type__app_label__in=("tournaments", "games"))
    )
    return user


@pytest.fixture
def organizer(db):
    # The event's organizer holds the admin's model permissions, as the demo organizer does.
    return staff_with_rights("organizer")


@pytest.fixture
def outsiders(swiss):
    """An organizer of another event (same model permissions), and a player of this one."""
    other = staff_with_rights("other-organizer")
    event_with_players(other, players=2)
    player_user = UserFactory(username="player", is_staff=False)
    registration = swiss.registrations.get(pairing_number=1)
    registration.player.user = player_user
    registration.player.save()
    return {"other organizer": other, "player": player_user}


def published_game(event):
    return Game.objects.filter(pairing__round__event=event, pairing__round__number=2).first()


def writes(event):
    """(method, url, body) of every write endpoint."""
    game = published_game(event)
    return [
        ("post", f"/api/events/{event.slug}/players/", {"first_name": "A", "last_name": "B"}),
        ("post", f"/api/events/{event.slug}/rounds/", {}),
        ("post", f"/api/events/{event.slug}/rounds/3/publish/", {}),
        ("post", f"/api/events/{event.slug}/games/{game.pk}/result/", {"result": "0-1"}),
        ("put", f"/api/events/{event.slug}/games/{game.pk}/record/", {"pdn": PDN}),
        (
            "post",
            f"/api/events/{event.slug}/games/{game.pk}/disputes/",
            {"claim": "wrong-result", "statement": "It was a draw."},
        ),
        ("post", f"/api/events/{event.slug}/games/{game.pk}/report/", {"result": "1/2"}),
    ]


def snapshot(event):
    return (
        Registration.objects.filter(event=event).count(),
        list(Round.objects.filter(event=event).values_list("number", "status")),
        list(Game.objects.filter(pairing__round__event=event).values_list("result", "version")),
        GameRecord.objects.count(),
        Dispute.objects.count(),
        ResultReport.objects.count(),
    )


def test_anonymous_users_write_nothing(swiss):
    client = APIClient()
    before = snapshot(swiss)
    for method, url, body in writes(swiss):
        response = getattr(client, method)(url, body, format="json")
        assert response.status_code in (401, 403), (url, response.status_code)
        assert response.json()["error"]["code"] == "not_authenticated"
    assert snapshot(swiss) == before


@pytest.mark.parametrize("who", ["other organizer", "player"])
def test_players_and_other_organizers_write_nothing(swiss, outsiders, who):
    client = APIClient()
    client.force_authenticate(outsiders[who])
    before = snapshot(swiss)
    for method, url, body in writes(swiss):
        if who == "player" and url.endswith(("/disputes/", "/report/")):
            continue  # a player of the game may open a dispute on it and report its result
        response = getattr(client, method)(url, body, format="json")
        assert response.status_code == 403, (who, url, response.status_code, response.content)
        assert response.json()["error"]["status"] == 403
    assert snapshot(swiss) == before


def test_rulings_only_by_the_events_arbiter(swiss, outsiders, organizer):
    game = published_game(swiss)
    from games.services.disputes import dispute_open

    dispute = dispute_open(game=game, claim="wrong-result", statement="Draw.", user=organizer)
    url = f"/api/events/{swiss.slug}/disputes/{dispute.pk}/ruling/"
    body = {"decision": "reject", "reason": "The score sheets agree."}
    for user in (None, outsiders["player"], outsiders["other organizer"], organizer):
        client = APIClient()
        if user:
            client.force_authenticate(user)
        assert client.post(url, body, format="json").status_code in (401, 403)
    arbiter = UserFactory(username="arbiter-of-event")
    swiss.arbiters.add(arbiter)
    client = APIClient()
    client.force_authenticate(arbiter)
    response = client.post(url, body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["decision"] == "reject"


def test_organizer_writes_through_the_services(swiss, organizer):
    client = APIClient()
    token = Token.objects.create(user=organizer)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    game = published_game(swiss)
    response = client.post(
        f"/api/events/{swiss.slug}/games/{game.pk}/result/",
        {"result": "0-1", "expected_version": game.version},
        format="json",
    )
    assert response.status_code == 200, response.content
    assert response.json()["result"] == GameResult.BLACK_WIN
    stale = client.post(
        f"/api/events/{swiss.slug}/games/{game.pk}/result/",
        {"result": "1-0", "expected_version": game.version},
        format="json",
    )
    assert stale.status_code == 409
    assert stale.json()["error"]["code"] == "stale_result_error"
    response = client.post(f"/api/events/{swiss.slug}/rounds/3/publish/", format="json")
    assert response.status_code == 200
    assert Round.objects.get(event=swiss, number=3).status == RoundStatus.PUBLISHED
    response = client.put(
        f"/api/events/{swiss.slug}/games/{game.pk}/record/", {"pdn": PDN}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["has_record"] is True


def test_organizer_registers_a_new_player_and_sees_refusals(swiss, organizer):
    client = APIClient()
    client.force_authenticate(organizer)
    url = f"/api/events/{swiss.slug}/players/"
    response = client.post(url, {"first_name": "Ada", "last_name": "Late"}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["joined_round"] == 4  # round 3 is paired: a late entry
    invalid = client.post(url, {"first_name": "Ada"}, format="json")
    assert invalid.status_code == 400
    assert invalid.json()["error"]["code"] == "invalid"
    again = client.post(url, {"player": response.json()["player"]}, format="json")
    assert again.status_code == 409
    assert "already registered" in again.json()["error"]["message"]
    players = Player.objects.count()
    too_late = client.post(
        url, {"first_name": "Ada", "last_name": "Later", "joined_round": 1000}, format="json"
    )
    assert too_late.status_code == 409, too_late.content
    assert "cannot join" in too_late.json()["error"]["message"]
    assert Player.objects.count() == players  # the refused entry leaves no player behind
