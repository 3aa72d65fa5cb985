"""A player, in French and in Russian, enters an event online on his phone (390 px): from
the event's page to the entry form, then the list of entries where his entry is pending;
the organizer accepts it with the action of the admin's list of entries; the player is
then among the event's players. No server error and no horizontal scroll at 390 and 1366 px
on every page.

Screenshots (DAMIER_SHOTS): entry-<language>-<page>-<width>.png."""

from decimal import Decimal

import pytest
from django.core.cache import cache
from django.utils import translation
from django.utils.translation import gettext, ngettext, pgettext
from playwright.sync_api import expect

from entries.models import Entry, EntryStatus
from tests.browser.layout import assert_fits, each_language, logged_in_context
from tests.factories import make_organizer, open_for_entries

pytestmark = pytest.mark.django_db(transaction=True)


def _(language: str, message: str) -> str:
    with translation.override(language):
        return gettext(message)


@pytest.fixture
def phone(browser, request):
    """A page whose browser asks for ``request.param``, on a 390 px phone."""
    cache.clear()  # no anonymous entry counted from an earlier test (entries.throttles)
    context = browser.new_context(locale=request.param, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield request.param, page
    context.close()


@pytest.mark.parametrize("phone", each_language("fr"), indirect=True)
def test_a_player_enters_and_the_organizer_accepts(live_server, browser, phone):
    language, page = phone
    organizer = make_organizer("organizer")
    event = open_for_entries(organizer, fee=Decimal("20"), min_rating=1000)

    def fits(name: str) -> None:
        assert page.locator("html").get_attribute("lang") == language, page.url
        assert_fits(page, shot=f"entry-{language}-{name}")

    page.goto(f"{live_server.url}/events/{event.slug}/")
    fits("event")
    page.locator("#enter-link").click()
    expect(page.locator("#entry-form")).to_be_visible()
    fits("form")
    page.fill("#id_first_name", "Пётр")
    page.fill("#id_last_name", "Волков")
    page.fill("#id_club", "Шашки Казань")
    page.fill("#id_federation", "RUS")
    page.fill("#id_rating", "900")
    page.fill("#id_email", "petr@example.org")
    page.get_by_role("button", name=_(language, "Send my entry")).click()
    # Below the event's rating limit: refused on its field, nothing written.
    expect(page.locator("#entry-form .errorlist")).to_have_count(1)
    assert "1000" in page.locator("#entry-form .errorlist").inner_text()
    assert not Entry.objects.exists()
    fits("refused")
    page.fill("#id_rating", "1650")
    page.get_by_role("button", name=_(language, "Send my entry")).click()
    rows = page.locator("#entries-table tbody tr")
    expect(rows).to_have_count(1)
    with translation.override(language):
        pending = pgettext("entry", "pending")
    cells = rows.locator("td").all_text_contents()
    assert cells == ["Волков, Пётр", "Шашки Казань", "RUS", "1650", pending]
    assert "petr@example.org" not in page.content()
    fits("pending")

    admin = logged_in_context(browser, live_server, organizer, locale=language, width=390)
    desk = admin.new_page()
    desk.set_default_timeout(15_000)
    desk.goto(f"{live_server.url}/admin/entries/entry/?event__id__exact={event.pk}")
    assert_fits(desk, shot=f"entry-{language}-admin")
    entry = Entry.objects.get()
    desk.locator(f"input[name=_selected_action][value='{entry.pk}']").check()
    desk.select_option("select[name=action]", "accept")
    desk.locator("button[name=index]").click()
    with translation.override(language):
        answered = ngettext("%(count)s entry answered.", "%(count)s entries answered.", 1) % {
            "count": 1
        }
    expect(desk.locator("ul.messagelist")).to_contain_text(answered)
    assert_fits(desk, shot=f"entry-{language}-accepted")
    admin.close()
    entry.refresh_from_db()
    assert entry.status == EntryStatus.ACCEPTED

    page.goto(f"{live_server.url}/events/{event.slug}/")
    assert "Волков, Пётр" in page.locator("table").last.inner_text()
    fits("players")
