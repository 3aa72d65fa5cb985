"""The login counts shared by three gunicorn workers behind a forwarding proxy (the
proxy's X-Forwarded-For, trusted with DJANGO_TRUSTED_PROXY_COUNT=1), on PostgreSQL and
Redis: a stranger's failures are slowed by delays (answers 429 without a password check,
counted, not timed), and the account's owner, elsewhere, logs in all the same."""

import pytest
import requests
from django.conf import global_settings

from tests.factories import UserFactory
from tests.servers import gunicorn, shared_cache_url

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-and-good-password"
STRANGER = "203.0.113.66"
OWNER = "198.51.100.20"


def _token(base: str, address: str, password: str) -> requests.Response:
    return requests.post(
        f"{base}/api/token/",
        json={"username": "olga", "password": password},
        # The proxy appends the address it received the request from; what the client
        # wrote before it is not trusted.
        headers={"X-Forwarded-For": f"{OWNER}, {address}"},
        timeout=30,
    )


def _tally(answers: list[requests.Response]) -> dict[int, int]:
    tally: dict[int, int] = {}
    for answer in answers:
        tally[answer.status_code] = tally.get(answer.status_code, 0) + 1
    return tally


@pytest.fixture(autouse=True)
def _hashed_as_the_servers_hash(settings):
    """The gunicorn processes check passwords with the hashers of config/settings.py (Django's),
    not with the tests' fast one."""
    settings.PASSWORD_HASHERS = global_settings.PASSWORD_HASHERS


def test_a_strangers_failures_are_slowed_and_the_owner_still_logs_in():
    account = UserFactory(username="olga")
    account.set_password(PASSWORD)
    account.save()
    environment = {
        "DJANGO_CACHE_URL": shared_cache_url(),
        "DJANGO_TRUSTED_PROXY_COUNT": "1",
        "LOGIN_DELAY_SECONDS": "1",
    }
    with gunicorn(workers=3, **environment) as base:
        first = _tally([_token(base, STRANGER, "wrong") for _ in range(100)])
        owner = _token(base, OWNER, PASSWORD)
        more = _tally([_token(base, STRANGER, "wrong") for _ in range(300)])
        owner_again = _token(base, OWNER, PASSWORD)
    # 400: a password checked and wrong; 429: refused unchecked, told how long to wait.
    assert set(first) | set(more) <= {400, 429}
    checked = first.get(400, 0) + more.get(400, 0)
    print(f"of 400 wrong passwords, {checked} checked and {400 - checked} delayed")
    # Five before the first delay, then one per doubling delay (1 s, 2 s, 4 s...): with
    # counts per worker, three workers would check at least fifteen.
    assert 5 <= checked <= 14
    assert more.get(429, 0) >= 290
    assert owner.status_code == 200 and owner.json()["token"]
    assert owner_again.status_code == 200
