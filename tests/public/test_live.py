"""Followed pages: they carry the live mark (check interval, ETag, time of the last change)
and the script, must be revalidated by caches, and a follower's check costs no computation."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.models import Game, GameResult
from tournaments.selectors.public import event_fingerprint, event_state, state_time
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db

FOLLOWED = (
    "/events/{slug}/",
    "/events/{slug}/rounds/2/",
    "/events/{slug}/standings/",
    "/events/{slug}/standings/1/",
    "/events/{slug}/crosstable/",
    "/events/{slug}/players/1/",
)


@pytest.mark.parametrize("template", FOLLOWED)
def test_followed_pages_carry_the_live_mark(client, swiss, template):
    url = template.format(slug=swiss.slug)
    response = client.get(url)
    page = response.content.decode()
    assert response.status_code == 200
    assert "no-cache" in response["Cache-Control"]
    assert "js/live.js" in page
    assert f'data-etag="{response["ETag"].replace(chr(34), "&quot;")}"' in page
    assert "Updated at" in page
    assert client.get(url, HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304


def test_the_game_page_is_not_followed(client, swiss):
    game = Game.objects.filter(pairing__round__event=swiss).first()
    page = client.get(f"/events/{swiss.slug}/games/{game.pk}/").content.decode()
    assert "js/live.js" not in page
    assert "data-live" not in page


def test_a_check_costs_one_query_while_nothing_changes(client, swiss):
    url = f"/events/{swiss.slug}/standings/"
    etag = client.get(url)["ETag"]
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert len(queries) == 1  # the event by its slug


def test_a_result_is_seen_at_the_next_check(client, swiss, organizer):
    url = f"/events/{swiss.slug}/rounds/2/"
    before = client.get(url)
    game = Game.objects.filter(pairing__round__event=swiss, pairing__round__number=2).first()
    flipped = GameResult.BLACK_WIN if game.result != GameResult.BLACK_WIN else GameResult.DRAW
    result_record(game=game, result=flipped, user=organizer)
    after = client.get(url, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]


def test_state_time_is_the_latest_change(swiss):
    state = event_state(swiss)
    assert state == event_fingerprint(swiss)
    latest = Game.history.filter(pairing__round__event=swiss).latest("history_date")
    assert state_time(state) >= latest.history_date
    assert state_time("7/None/None") is None


def test_a_page_being_rendered_elsewhere_is_waited_for_then_served(client, swiss, monkeypatch):
    from django.core.cache import cache

    monkeypatch.setattr("tournaments.views.events.RENDER_WAIT", 0.2)
    url = f"/events/{swiss.slug}/standings/"
    first = client.get(url)
    cache.clear()  # the fragment is gone: the next request must render it ...
    monkeypatch.setattr(cache, "add", lambda *args, **kwargs: False)  # ... but another holds it
    again = client.get(url)
    assert again.status_code == 200
    table = first.content.split(b'<table id="standings">')[1].split(b"</table>")[0]
    assert table in again.content


def test_a_live_check_gets_the_page_parts_once_rendered_for_everyone(client, swiss):
    url = f"/events/{swiss.slug}/standings/"
    page = client.get(url)
    live = {"HTTP_X_REQUESTED_WITH": "live"}
    first = client.get(url, **live)
    body = first.content.decode()
    assert first.status_code == 200
    assert first["ETag"] == page["ETag"]
    assert "X-Requested-With" in first["Vary"]
    assert body.startswith("<title>")
    assert '<main id="main"' in body and 'class="live-mark' in body
    assert "csrfmiddlewaretoken" not in body
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, **live)
    assert again.content == first.content
    assert len(queries) == 0  # the page's ETag and its parts, from the cache
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **live).status_code == 304


def test_a_live_check_sees_a_change_at_once(client, swiss):
    """The ETag kept for anonymous followers is dropped by the next history row."""
    url = f"/events/{swiss.slug}/"
    live = {"HTTP_X_REQUESTED_WITH": "live"}
    first = client.get(url, **live)
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **live).status_code == 304
    swiss.name = "Renamed open"
    swiss.save()
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **live)
    assert changed.status_code == 200
    assert "Renamed open" in changed.content.decode()


def test_a_live_check_is_gzipped_for_browsers_that_accept_it(client, swiss):
    import gzip

    url = f"/events/{swiss.slug}/crosstable/"
    live = {"HTTP_X_REQUESTED_WITH": "live"}
    plain = client.get(url, **live)
    packed = client.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br", **live)
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    assert gzip.decompress(packed.content) == plain.content
    assert packed["ETag"] == plain["ETag"]


def test_a_page_kept_from_before_logging_in_is_not_reused(swiss, organizer):
    """Logging in renews the CSRF secret: a page the browser kept from before holds the old
    token, so it is sent again (200, not 304) and its language picker is accepted."""
    import re

    from django.test import Client

    def token(page) -> str:
        return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())[1]

    organizer.set_password("a long pass phrase")
    organizer.save()
    browser = Client(enforce_csrf_checks=True)
    url = f"/events/{swiss.slug}/standings/"
    before = browser.get(url)
    assert browser.get(url, HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 304
    login = browser.get("/accounts/login/")
    answer = browser.post(
        "/accounts/login/",
        {
            "username": organizer.username,
            "password": "a long pass phrase",
            "csrfmiddlewaretoken": token(login),
        },
    )
    assert answer.status_code == 302
    after = browser.get(url, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    switch = {"language": "fr", "next": url, "csrfmiddlewaretoken": token(after)}
    assert browser.post("/i18n/setlang/", switch).status_code == 302
    stale = {**switch, "csrfmiddlewaretoken": token(before)}
    assert browser.post("/i18n/setlang/", stale).status_code == 403


def test_the_round_page_reads_the_rounds_once(client, swiss):
    """The page's round and its menu of rounds come from one query (a warm page makes no
    other: its boards are cached)."""
    url = f"/events/{swiss.slug}/rounds/2/"
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    rounds = [q["sql"] for q in queries if 'FROM "tournaments_round" WHERE' in q["sql"]]
    assert len(rounds) == 1
    assert client.get(f"/events/{swiss.slug}/rounds/99/").status_code == 404
