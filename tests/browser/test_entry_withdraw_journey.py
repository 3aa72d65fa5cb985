"""A player, on his phone (390 px) in his language, enters an event, then can no longer play:
the mail he got on entry holds the link that withdraws his entry; its page names the event
and him and asks first; once confirmed, the list of entries no longer shows him, his place is
free again, and the organizer is told by mail. The same link again changes nothing and says
why. No server error and no horizontal scroll at 390 and 1366 px on every page.

Screenshots (DAMIER_SHOTS): entry-withdraw-<language>-<page>-<width>.png."""

import datetime
import re
from urllib.parse import urlsplit

import pytest
from django.core.cache import cache
from django.utils import timezone, translation
from django.utils.translation import gettext, pgettext
from playwright.sync_api import expect

from entries.models import Entry, EntryStatus
from entries.selectors import places_taken
from tests.browser.layout import assert_fits, each_language
from tests.factories import make_organizer, open_for_entries
from tournaments.models import Event

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


@pytest.mark.parametrize("phone", each_language("ru"), indirect=True)
def test_a_player_withdraws_his_entry_by_the_link_of_his_mail(
    live_server, browser, phone, mailoutbox
):
    language, page = phone
    organizer = make_organizer("organizer")
    organizer.email = "organizer@example.org"
    organizer.save()
    event = open_for_entries(organizer, max_players=1)
    start = timezone.localdate() + datetime.timedelta(days=30)  # a coming event: a live link
    Event.objects.filter(pk=event.pk).update(
        start_date=start, end_date=start + datetime.timedelta(days=2)
    )

    def fits(name: str) -> None:
        assert page.locator("html").get_attribute("lang") == language, page.url
        assert_fits(page, shot=f"entry-withdraw-{language}-{name}")

    page.goto(f"{live_server.url}/events/{event.slug}/enter/")
    page.fill("#id_first_name", "Пётр")
    page.fill("#id_last_name", "Волков")
    page.fill("#id_federation", "RUS")
    page.fill("#id_rating", "1650")
    page.fill("#id_email", "petr@example.org")
    page.get_by_role("button", name=_(language, "Send my entry")).click()
    expect(page.locator("#entries-table tbody tr")).to_have_count(1)
    entry = Entry.objects.get()
    assert places_taken(event) == 1

    receipts = [m for m in mailoutbox if m.to == ["petr@example.org"]]
    assert len(receipts) == 1
    assert receipts[0].subject == _(language, "Your entry to %(event)s") % {"event": event.name}
    link = re.search(r"https?://\S+/entries/withdraw/\S+/", receipts[0].body).group(0)
    path = urlsplit(link).path  # the mail names the site's address (SITE_URL)
    mailoutbox.clear()

    page.goto(live_server.url + path)
    question = page.locator("#withdraw-form")
    expect(question).to_be_visible()
    assert event.name in question.inner_text() and "Волков, Пётр" in question.inner_text()
    fits("question")
    entry.refresh_from_db()
    assert entry.status == EntryStatus.PENDING  # opening the link changes nothing

    page.get_by_role("button", name=_(language, "Withdraw my entry")).click()
    expect(page.locator("#entry-messages")).to_be_visible()
    assert page.locator("#entries-table").count() == 0
    fits("withdrawn")
    entry.refresh_from_db()
    assert entry.status == EntryStatus.WITHDRAWN
    assert places_taken(event) == 0
    assert [m.to for m in mailoutbox] == [["organizer@example.org"]]

    # The link again (a second tap, or the mail read once more): told, nothing changes.
    page.goto(live_server.url + path)
    with translation.override(language):
        withdrawn = pgettext("entry", "withdrawn")
    expect(page.locator("#withdraw-refusal")).to_contain_text(withdrawn)
    assert page.locator("#withdraw-form").count() == 0
    fits("again")
    assert Entry.objects.get().history.count() == 2
