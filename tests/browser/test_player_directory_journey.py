"""A visitor, in each language offered, looks a player up across events: the header's
"Players" link, a search in the other script (Latin letters for a name written in Cyrillic),
the player's page with his events, his games and his figures, his rounds as a calendar,
then his page in one event, which links back; then that event's standings, downloaded as
CSV and XLSX. No server error and no horizontal scroll at 390 and 1366 px on every page.

Screenshots (DAMIER_SHOTS): players-<language>-<page>-<width>.png."""

import datetime
import io
from pathlib import Path

import pytest
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext
from icalendar import Calendar
from openpyxl import load_workbook

from tests.browser.layout import assert_fits, each_language
from tournaments.selectors.players import player_record
from tournaments.services.schedule import round_time_set

pytestmark = pytest.mark.django_db(transaction=True)


def _(language: str, message: str) -> str:
    with translation.override(language):
        return gettext(message)


@pytest.fixture
def visitor(browser, request):
    """A page whose browser asks for ``request.param`` (Accept-Language), on a phone."""
    context = browser.new_context(locale=request.param, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield request.param, page
    context.close()


@pytest.mark.parametrize("visitor", each_language("ru"), indirect=True)
def test_a_visitor_finds_a_player_and_his_events(live_server, visitor, ivanov):
    language, page = visitor
    record = player_record(ivanov.pk)
    spring_open = ivanov.registrations.get(event__slug="spring-open").event
    for number in (1, 2, 3):
        round_time_set(
            event=spring_open,
            number=number,
            starts_at=timezone.make_aware(datetime.datetime(2026, 7, number, 10)),
            user=None,
        )

    def fits(name: str) -> None:
        assert page.locator("html").get_attribute("lang") == language, page.url
        assert_fits(page, shot=f"players-{language}-{name}")

    page.goto(f"{live_server.url}/events/")
    page.locator(".site-header").get_by_role("link", name=_(language, "Players")).click()
    assert page.get_by_role("heading", level=1).inner_text() == _(language, "Players")
    fits("directory")

    page.fill("#player-q", "ivanov")
    page.get_by_role("button", name=_(language, "Search")).click()
    with translation.override(language):
        found = ngettext("%(counter)s player found.", "%(counter)s players found.", 1) % {
            "counter": 1
        }
    assert page.inner_text("#player-count") == found
    assert page.locator("#player-directory tbody tr").count() == 1
    fits("search")

    page.get_by_role("link", name="Иванов, Алексей").click()
    assert page.get_by_role("heading", level=1).inner_text() == "Иванов, Алексей"
    events = page.locator("#player-events tbody tr")
    assert events.count() == 2
    for row, entry in zip(events.all(), record.events, strict=True):
        cells = row.locator("td").all_inner_texts()
        assert cells[0] == entry.name and cells[3] == entry.card.place
    assert page.locator(".player-games tbody tr").count() == sum(
        len(entry.card.lines) for entry in record.events
    )
    assert "ivanov@example.org" not in page.content()
    fits("player")
    with page.expect_download() as download:
        page.locator(".calendar-link").click()
    calendar = Calendar.from_ical(Path(download.value.path()).read_bytes())
    assert [str(e["UID"]) for e in calendar.walk("VEVENT")] == [
        f"spring-open-round-{n}-player-{ivanov.pk}@damier" for n in (1, 2, 3)
    ]

    spring = next(entry for entry in record.events if entry.slug == "spring-open")
    page.locator("#event-spring-open").get_by_role(
        "link", name=_(language, "Page in this event")
    ).click()
    assert page.url.endswith(f"/events/spring-open/players/{spring.number}/")
    fits("event-player")
    page.locator("#player-directory-link").click()
    assert page.url.endswith(f"/players/{ivanov.pk}/")

    # His event's standings, taken home as a spreadsheet in the page's language.
    page.get_by_role("link", name="Spring Open").last.click()
    page.locator(".site-header").get_by_role("link", name=_(language, "Standings")).click()
    fits("standings")
    with page.expect_download() as download:
        page.locator(".sheet-csv").click()
    body = Path(download.value.path()).read_bytes()
    assert body.startswith(b"\xef\xbb\xbf") and download.value.suggested_filename.endswith(".csv")
    header, *rows = body.decode("utf-8-sig").splitlines()
    assert header.split("," if language == "en" else ";")[:2] == [
        _(language, "Rank"),
        _(language, "Name"),
    ]
    assert any(row.count("Иванов, Алексей") == 1 for row in rows)
    with page.expect_download() as download:
        page.locator(".sheet-xlsx").click()
    sheet = load_workbook(io.BytesIO(Path(download.value.path()).read_bytes())).active
    assert sheet.max_row == len(rows) + 1
