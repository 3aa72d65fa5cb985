"""An organizer, in each language offered, draws a round robin's pairing numbers in the admin
(asked first, then drawn with its seed shown), and a visitor in the same language sees every
round's pairings on the event page before round 1. Every page: no server error, no horizontal
scroll at 390 px nor at 1366 px."""

import pytest
from django.utils import translation
from django.utils.translation import gettext

from tests.browser.layout import Walk, assert_fits, each_language, logged_in_context
from tests.factories import event_with_players, make_organizer
from tournaments.models import PairingNumberDraw, System
from tournaments.selectors.berger import berger_schedule

pytestmark = pytest.mark.django_db(transaction=True)


def _(language: str, message: str) -> str:
    with translation.override(language):
        return gettext(message)


@pytest.mark.parametrize("language", each_language())
def test_the_organizer_draws_the_numbers_and_visitors_see_the_schedule(
    live_server, browser, language
):
    organizer = make_organizer("rosa")
    event = event_with_players(
        organizer, players=5, system=System.DOUBLE_ROUND_ROBIN, organizers=[organizer]
    )
    context = logged_in_context(browser, live_server, organizer, locale=language)
    page = context.new_page()
    page.set_default_timeout(15_000)
    walk = Walk(page, live_server.url)

    walk.go(f"/admin/tournaments/event/{event.pk}/change/", f"rrdraw-{language}-event")
    assert page.locator("html").get_attribute("lang") == language
    page.locator("#draw-numbers").click()
    walk.check(f"rrdraw-{language}-question")
    question = _(language, "Draw the pairing numbers of %(event)s by lot?") % {"event": event}
    assert question in page.inner_text("#confirm-question")
    assert not PairingNumberDraw.objects.filter(event=event).exists()
    page.get_by_role("button", name=_(language, "Draw the numbers")).click()
    walk.check(f"rrdraw-{language}-drawn")
    draw = PairingNumberDraw.objects.get(event=event)
    drawn = _(
        language,
        "The pairing numbers of %(event)s are drawn (seed %(seed)s); the schedule is public.",
    ) % {"event": event, "seed": draw.seed}
    assert page.inner_text(".messagelist").strip() == drawn
    context.close()

    schedule = berger_schedule(event)
    assert len(schedule) == 10
    first = schedule[0].boards[0]
    context = browser.new_context(locale=language, viewport={"width": 390, "height": 844})
    visitor = context.new_page()
    visitor.goto(f"{live_server.url}/events/{event.slug}/")
    section = visitor.locator("#berger-schedule")
    assert _(language, "Pairings of every round") in section.locator("h2").inner_text()
    assert section.locator("table.berger-round").count() == 10
    assert first.white.name in section.locator("table.berger-round").first.inner_text()
    assert_fits(visitor, shot=f"rrdraw-schedule-{language}")
    context.close()
