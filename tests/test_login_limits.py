"""Login throttling: past LOGIN_FAILURE_LIMIT wrong passwords for one account from one
address, the site login, the admin login and the API token endpoint refuse every attempt,
the right password included, with a clear message; other addresses are not locked out."""

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.authtoken.models import Token

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-and-good-password"


@pytest.fixture(autouse=True)
def _fresh_counts(settings):
    settings.LOGIN_FAILURE_LIMIT = 5
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 50
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def user():
    account = UserFactory(username="olga", is_staff=True)
    account.set_password(PASSWORD)
    account.save()
    return account


def _site(client, password):
    return client.post("/accounts/login/", {"username": "olga", "password": password})


def _admin(client, password):
    return client.post("/admin/login/", {"username": "olga", "password": password})


def _token(client, password):
    return client.post(
        "/api/token/", {"username": "olga", "password": password}, content_type="application/json"
    )


@pytest.mark.parametrize("attempt", [_site, _admin, _token])
def test_the_right_password_is_refused_after_too_many_wrong_ones(user, attempt):
    client = Client(REMOTE_ADDR="203.0.113.7")
    for _ in range(5):
        response = attempt(client, "wrong")
        assert response.status_code in (200, 400)
    response = attempt(client, PASSWORD)
    if attempt is _token:
        assert response.status_code == 429
        assert "Too many failed logins" in response.json()["error"]["message"]
        assert not Token.objects.filter(user=user).exists()
    else:
        assert response.status_code == 200  # the form again, with the reason
        assert "Too many failed logins" in response.content.decode()
        assert "_auth_user_id" not in client.session
    # Another address still logs in.
    other = Client(REMOTE_ADDR="198.51.100.9")
    answer = attempt(other, PASSWORD)
    assert answer.status_code in (200, 302)
    if attempt is _token:
        assert answer.json()["token"] == Token.objects.get(user=user).key
    else:
        assert answer.status_code == 302 and "_auth_user_id" in other.session


def test_a_success_before_the_limit_clears_the_count(user):
    client = Client(REMOTE_ADDR="203.0.113.8")
    for _ in range(4):
        _site(client, "wrong")
    assert _site(client, PASSWORD).status_code == 302
    client.logout()
    for _ in range(4):
        _site(client, "wrong")
    assert _site(client, PASSWORD).status_code == 302


def test_one_address_trying_many_accounts_is_stopped(user, settings):
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 10
    client = Client(REMOTE_ADDR="203.0.113.9")
    for index in range(10):
        client.post("/accounts/login/", {"username": f"guess{index}", "password": "x"})
    response = _site(client, PASSWORD)
    assert "Too many failed logins" in response.content.decode()
