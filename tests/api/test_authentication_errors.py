"""A missing or invalid credential is a 401 with the API's error shape, even on a public
read: the client is told to authenticate, not that it is forbidden."""

import pytest
from rest_framework.authtoken.models import Token

pytestmark = pytest.mark.django_db


def test_an_invalid_token_is_a_401_even_on_a_public_read(client, swiss):
    for url in ("/api/events/", f"/api/events/{swiss.slug}/standings/"):
        response = client.get(url, HTTP_AUTHORIZATION="Token not-a-real-token")
        assert response.status_code == 401, url
        assert response.headers["WWW-Authenticate"] == "Token"
        assert response.json()["error"]["code"] == "authentication_failed"


def test_an_anonymous_write_is_a_401(client, swiss):
    response = client.post(f"/api/events/{swiss.slug}/rounds/", content_type="application/json")
    assert response.status_code == 401
    assert response.json()["error"]["status"] == 401


def test_a_valid_token_of_someone_without_rights_is_a_403(client, swiss, django_user_model):
    stranger = django_user_model.objects.create_user("stranger", password=None)
    token = Token.objects.create(user=stranger)
    response = client.post(
        f"/api/events/{swiss.slug}/rounds/",
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token.key}",
    )
    assert response.status_code == 403
