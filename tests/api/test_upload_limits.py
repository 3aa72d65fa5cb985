"""Every upload is bounded by UPLOAD_MAX_BYTES: a larger body is refused before it is read
(413: the API's JSON error shape under /api/, a short page in the admin), and a larger file
in a form is refused with its size and the limit; nothing is written."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.models import GameRecord
from tests.factories import UserFactory
from tournaments.models import Game, Player

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _small_limit(settings):
    settings.UPLOAD_MAX_BYTES = 100_000


@pytest.fixture
def root(client):
    user = UserFactory(username="root", is_superuser=True)
    client.force_login(user)
    return user


def test_an_api_body_over_the_limit_gets_the_json_error_shape(client, swiss, root):
    game = Game.objects.filter(pairing__round__event=swiss).first()
    pdn = "1. 32-28 19-23 " * 20_000
    response = client.put(
        f"/api/events/{swiss.slug}/games/{game.pk}/record/",
        {"pdn": pdn},
        content_type="application/json",
    )
    assert response.status_code == 413
    error = response.json()["error"]
    assert error["code"] == "too_large" and "the limit is 0.1 MB" in error["message"]
    assert not GameRecord.objects.exists()


def test_a_body_just_over_djangos_own_limit_is_still_json(client, swiss, root, settings):
    """Below the middleware's margin, Django's own body limit answers: the same shape."""
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000
    game = Game.objects.filter(pairing__round__event=swiss).first()
    response = client.put(
        f"/api/events/{swiss.slug}/games/{game.pk}/record/",
        {"pdn": "x" * 5_000},
        content_type="application/json",
    )
    assert response.status_code == 413
    assert response.json()["error"]["status"] == 413


def test_an_admin_csv_over_the_limit_is_refused_with_its_size(client, root):
    data = ("last_name,first_name\n" + "Doe,John\n" * 12_000).encode()
    response = client.post(
        reverse("admin:tournaments_player_import"),
        {"file": SimpleUploadedFile("players.csv", data, content_type="text/csv")},
    )
    assert response.status_code == 200
    text = response.content.decode()
    assert "the limit is 0.1 MB" in text and "UPLOAD_MAX_BYTES" in text
    assert not Player.objects.exists()


def test_an_admin_upload_far_over_the_limit_gets_a_413_page(client, root, swiss):
    data = b'[Event "x"]\n' * 20_000
    response = client.post(
        reverse("admin:tournaments_game_upload"),
        {"file": SimpleUploadedFile("round.pdn", data)},
    )
    assert response.status_code == 413
    assert "UPLOAD_MAX_BYTES" in response.content.decode()
