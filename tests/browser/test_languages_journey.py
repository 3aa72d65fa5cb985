"""A person whose browser speaks one of the languages offered (settings.LANGUAGES), once per
language: the event list, an event, a round, the standings, the crosstable, the desk (logging
in through it) and the admin index, each with its heading in that language, no server error
and no horizontal scroll at 390 and 1366 px; then the language picker switches to another
language, and the choice sticks on the next pages although the browser asks for the first.

Screenshots (DAMIER_SHOTS): languages-<language>-<page>-<width>.png."""

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

from tests.browser.layout import assert_fits, each_language
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long pass phrase for the journey"
LANGUAGES = [code for code, _name in settings.LANGUAGES]


def _(language: str, message: str, **values: object) -> str:
    """``message`` as the pages write it in ``language``."""
    with translation.override(language):
        text = gettext(message)
    return text % values if values else text


@pytest.fixture
def speaker(browser, request):
    """A page whose browser asks for ``request.param`` (Accept-Language), on a phone."""
    context = browser.new_context(locale=request.param, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield request.param, page
    context.close()


@pytest.mark.parametrize("speaker", each_language(), indirect=True)
def test_a_person_reads_the_site_in_their_browser_s_language(
    live_server, speaker, swiss: Event, organizer
):
    language, page = speaker
    organizer.set_password(PASSWORD)
    organizer.save()
    swiss.arbiters.add(organizer)

    def heading() -> str:
        return page.get_by_role("heading", level=1).inner_text()

    def fits(name: str) -> None:
        assert page.locator("html").get_attribute("lang") == language, page.url
        assert_fits(page, shot=f"languages-{language}-{name}")

    page.goto(f"{live_server.url}/")
    assert heading() == _(language, "Events")
    fits("events")

    page.get_by_role("link", name=swiss.name).first.click()
    assert heading() == swiss.name
    assert _(language, "Rules in force") in page.locator("main").inner_text()
    fits("event")

    page.get_by_role("link", name=_(language, "Round %(number)s", number=1), exact=True).click()
    assert heading() == _(language, "Round %(number)s", number=1)
    assert _(language, "Pairings and results") in page.locator("caption").first.inner_text()
    fits("round")

    page.get_by_role("link", name=_(language, "Standings"), exact=True).first.click()
    assert heading() == _(language, "Standings")
    caption = _(language, "Standings after round %(after_round)s", after_round=2)
    assert caption in page.locator("caption").first.inner_text()
    fits("standings")

    page.get_by_role("link", name=_(language, "Crosstable"), exact=True).first.click()
    assert heading() == _(language, "Crosstable")
    fits("crosstable")

    page.goto(f"{live_server.url}/desk/")
    assert heading() == _(language, "Arbiter's desk")
    page.get_by_role("link", name=_(language, "Log in to reach your desks")).click()
    assert heading() == _(language, "Log in")
    fits("login")
    page.fill("#id_username", organizer.username)
    page.fill("#id_password", PASSWORD)
    page.locator("main form [type=submit]").click()
    assert heading() == _(language, "Arbiter's desk")
    page.get_by_role("link", name=swiss.name).first.click()
    assert heading() == _(language, "Dispute desk: %(event)s", event=swiss.name)
    fits("desk")

    page.goto(f"{live_server.url}/admin/")
    assert _(language, "Damier administration") in page.title()
    assert _(language, "Events") in page.locator("#content").inner_text()
    fits("admin")

    # The picker: another language, kept over the browser's on the next pages.
    other = LANGUAGES[(LANGUAGES.index(language) + 1) % len(LANGUAGES)]
    page.goto(f"{live_server.url}/events/{swiss.slug}/standings/")
    page.select_option("#language-select", other)
    page.get_by_role("button", name=_(language, "Switch")).click()
    assert page.locator("html").get_attribute("lang") == other
    assert heading() == _(other, "Standings")
    page.goto(f"{live_server.url}/")
    assert page.locator("html").get_attribute("lang") == other
    assert heading() == _(other, "Events")
