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


def test_a_password_change_revokes_the_token(client, swiss, django_user_model):
    """Changed on the password page or by set_password: the old token is refused (401), a
    new one is obtained with the new password, and saving other fields keeps it."""
    user = django_user_model.objects.create_user("olga", password="old-Pass-4417")
    url = f"/api/events/{swiss.slug}/standings/"

    def answer(key: str) -> int:
        return client.get(url, HTTP_AUTHORIZATION=f"Token {key}").status_code

    token = Token.objects.create(user=user)
    user.email = "olga@example.org"
    user.save()
    assert answer(token.key) == 200
    client.force_login(user)
    form = {
        "old_password": "old-Pass-4417",
        "new_password1": "new-Pass-8823",
        "new_password2": "new-Pass-8823",
    }
    assert client.post("/accounts/password_change/", form).status_code == 302
    client.logout()
    assert answer(token.key) == 401
    fresh = client.post("/api/token/", {"username": "olga", "password": "new-Pass-8823"})
    assert fresh.status_code == 200
    user.refresh_from_db()
    user.set_password("third-Pass-1290")
    user.save()
    assert answer(fresh.json()["token"]) == 401
