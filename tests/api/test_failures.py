"""Failures are answers: Django's own errors under /api/ in the API's JSON error shape
(404, 500...), and a lost database connection: an idempotent request run once more on a new
connection, a write answered 503 (never run twice, never 500)."""

import json

import pytest
from django.db import OperationalError
from django.test import Client

from tournaments.api.views import EventList

pytestmark = pytest.mark.django_db


def _shape(response, status: int) -> dict:
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json")
    error = json.loads(response.content)["error"]
    assert error["status"] == status and error["code"] and error["message"]
    return error


def test_an_address_no_route_matches_is_json_under_the_api():
    assert _shape(Client().get("/api/no-such-thing/"), 404)["code"] == "not_found"
    page = Client().get("/events/no/such/page/here/")
    assert page.status_code == 404 and not page["Content-Type"].startswith("application/json")


@pytest.mark.parametrize(
    ("handler", "status"),
    [("bad_request", 400), ("permission_denied", 403), ("page_not_found", 404)],
)
def test_every_error_django_answers_is_json_under_the_api(handler, status):
    from django.core.exceptions import PermissionDenied
    from django.test import RequestFactory

    from tournaments.site import failures

    answer = getattr(failures, handler)
    _shape(answer(RequestFactory().get("/api/events/"), PermissionDenied("x")), status)
    page = answer(RequestFactory().get("/events/"), PermissionDenied("x"))
    assert page.status_code == status and "json" not in page["Content-Type"]


def test_a_disallowed_host_under_the_api_is_json():
    assert _shape(Client(HTTP_HOST="evil.example").get("/api/events/"), 400)["code"]


def test_a_crash_under_the_api_is_json(monkeypatch):
    def crash(self):
        raise RuntimeError("a defect")

    monkeypatch.setattr(EventList, "get_queryset", crash)
    response = Client(raise_request_exception=False).get("/api/events/")
    assert _shape(response, 500)["code"] == "error"
    assert "a defect" not in response.content.decode()


def _fails_first(monkeypatch, times: int) -> list[int]:
    calls: list[int] = []
    original = EventList.get_queryset

    def flaky(self):
        calls.append(1)
        if len(calls) <= times:
            raise OperationalError("server closed the connection unexpectedly")
        return original(self)

    monkeypatch.setattr(EventList, "get_queryset", flaky)
    return calls


# The retry closes the broken connection and opens another: a test transaction around the
# request would be closed with it (PostgreSQL), so these tests commit as a server does.
@pytest.mark.django_db(transaction=True)
def test_a_read_whose_connection_dropped_is_run_again_once(monkeypatch):
    calls = _fails_first(monkeypatch, times=1)
    response = Client(raise_request_exception=False).get("/api/events/")
    assert response.status_code == 200 and "results" in response.json()
    assert len(calls) == 2


@pytest.mark.django_db(transaction=True)
def test_a_read_failing_twice_is_503_with_retry_after(monkeypatch):
    calls = _fails_first(monkeypatch, times=2)
    response = Client(raise_request_exception=False).get("/api/events/")
    assert _shape(response, 503)["code"] == "database_unavailable"
    assert response["Retry-After"] == "2"
    assert len(calls) == 2


def test_a_write_whose_connection_dropped_is_503_and_not_run_again(monkeypatch):
    calls: list[int] = []

    def lost(*args, **kwargs):
        calls.append(1)
        raise OperationalError("terminating connection due to administrator command")

    monkeypatch.setattr("tournaments.api.tokens.login_delay", lost)
    response = Client(raise_request_exception=False).post(
        "/api/token/", {"username": "olga", "password": "x"}, content_type="application/json"
    )
    error = _shape(response, 503)
    assert "may or may not have been saved" in error["message"]
    assert len(calls) == 1
