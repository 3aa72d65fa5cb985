"""The team pages are cached like the individual ones: a warm request reads the rendered
tables from the cache (fewer queries than a cold one), and a change to the event (a board
result, an adjustment) changes the page's key, so it is shown at the next request."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import played_team_league
from tournaments.models import Game, GameResult
from tournaments.services.results import result_record
from tournaments.teams.services import adjustment_add

pytestmark = pytest.mark.django_db

TEAM_PAGES = ("teams", "team-crosstable", "team-matches", "teams/1")


def _queries(client, url: str) -> tuple[int, str]:
    """The queries of a request for `url` and the page's main content (the header's form
    carries a CSRF token masked anew on each response)."""
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url)
    assert page.status_code == 200
    main = page.text[page.text.index('<main id="main"') : page.text.index("</main>")]
    return len(queries.captured_queries), main


@pytest.mark.parametrize("page", TEAM_PAGES)
def test_a_warm_team_page_reads_its_tables_from_the_cache(client, page):
    event, _user = played_team_league()
    url = f"/events/{event.slug}/{page}/"
    cold, cold_text = _queries(client, url)
    warm, warm_text = _queries(client, url)
    # Warm: the event and at most its fingerprint (kept two seconds); nothing of the teams.
    assert warm <= 2 < cold
    assert warm_text == cold_text
    cache.clear()
    assert _queries(client, url)[0] == cold


def test_a_board_result_is_shown_at_once_on_every_team_page(client):
    event, user = played_team_league()
    urls = [f"/events/{event.slug}/{page}/" for page in TEAM_PAGES]
    before = {url: _queries(client, url)[1] for url in urls}
    for url in urls:  # warm: served from the cache
        assert _queries(client, url)[1] == before[url]
    pending = Game.objects.filter(result=GameResult.PENDING).order_by("pairing__board")
    assert pending
    for game in pending:
        result_record(game=game, result=GameResult.WHITE_WIN, user=user)
    after = {url: _queries(client, url)[1] for url in urls}
    for url in urls:
        assert after[url] != before[url], url
    # Every match finished: the crosstable and the matches show no board still being played.
    assert "Team 1" in after[urls[3]]
    assert "…" not in after[urls[1]].split('id="team-crosstable"')[1]
    assert "…" not in after[urls[2]]


def test_an_adjustment_is_shown_at_once_on_the_team_standings(client):
    event, user = played_team_league()
    url = f"/events/{event.slug}/teams/"
    assert "Forfeit of round 1" not in _queries(client, url)[1]
    team = event.teams.get(number=3)
    adjustment_add(team=team, match_points=-2, reason="Forfeit of round 1", user=user)
    assert "Forfeit of round 1" in _queries(client, url)[1]
