"""Login throttling: past LOGIN_FAILURE_LIMIT wrong passwords for one account from one
address, the site login, the admin login and the API token endpoint make every attempt wait,
the right password included, with a clear message; other addresses are not delayed; behind
a proxy the forwarded address counts; many addresses guessing one account delay it until its
owner follows a password reset link."""

import re

import pytest
from django.core import mail
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
    settings.LOGIN_ACCOUNT_FAILURE_LIMIT = 20
    settings.LOGIN_DELAY_SECONDS = 60
    settings.TRUSTED_PROXY_COUNT = 0
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def user():
    account = UserFactory(username="olga", is_staff=True, email="olga@example.org")
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
        assert 0 < int(response["Retry-After"]) <= 60
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


def _refused(response) -> bool:
    return "Too many failed logins" in response.content.decode()


def test_attempts_made_while_waiting_are_refused_unchecked_and_not_counted(user, settings):
    from django.test import RequestFactory

    from tournaments.site.login_limits import _counts

    settings.LOGIN_DELAY_SECONDS = 1
    client = Client(REMOTE_ADDR="203.0.113.10")
    for _ in range(5):
        _site(client, "wrong")
    answers = [_site(client, "wrong") for _ in range(100)]
    refused = sum(_refused(answer) for answer in answers)
    pair = _counts(RequestFactory().get("/", REMOTE_ADDR="203.0.113.10"), "olga")[0]
    checked = cache.get(pair.key) - 5
    # Each checked failure doubles the wait (1 s, 2 s, 4 s...): a handful at most get through.
    assert refused + checked == 100
    assert checked <= 8


def test_delays_grow_then_stop_at_the_longest():
    from tournaments.site.login_limits import delay_after

    assert [delay_after(n, 5) for n in (0, 4, 5, 6, 7, 20)] == [0, 0, 60, 120, 240, 900]


def test_behind_a_proxy_the_forwarded_address_counts(user, settings):
    """Behind one proxy every visitor comes from the proxy's address: the address the proxy
    appended (the last one) is the client's, whatever the client wrote before it."""
    settings.TRUSTED_PROXY_COUNT = 1
    stranger = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.1, 203.0.113.66")
    for _ in range(60):
        _site(stranger, "wrong")
    assert _refused(_site(stranger, PASSWORD))
    owner = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.20")
    assert _site(owner, PASSWORD).status_code == 302
    # A client cannot pass as the owner by writing the owner's address first.
    spoofer = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.20, 203.0.113.66")
    assert _refused(_site(spoofer, PASSWORD))


def test_many_addresses_delay_the_account_until_a_reset_link_is_followed(user):
    for index in range(100):
        _site(Client(REMOTE_ADDR=f"192.0.2.{index}"), "wrong")
    owner = Client(REMOTE_ADDR="198.51.100.30")
    assert _refused(_site(owner, PASSWORD))
    for login in ("/accounts/login/", "/admin/login/"):
        assert "/password_reset/" in owner.get(login).content.decode()
    assert owner.get("/accounts/password_reset/").status_code == 200
    page = owner.post("/accounts/password_reset/", {"email": "olga@example.org"})
    assert page.status_code == 302
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["olga@example.org"]
    link = re.search(r"https?://[^/]+(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form = owner.get(link, follow=True)
    assert form.status_code == 200
    done = owner.post(
        form.redirect_chain[-1][0],
        {"new_password1": "another-long-password-7", "new_password2": "another-long-password-7"},
    )
    assert done.status_code == 302
    answer = owner.post(
        "/accounts/login/", {"username": "olga", "password": "another-long-password-7"}
    )
    assert answer.status_code == 302 and "_auth_user_id" in owner.session
