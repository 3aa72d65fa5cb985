"""An organizer draws a round robin's pairing numbers in the admin (asked first, then drawn
with its seed shown), and visitors in the four languages see every round's pairings on the
event page before round 1, without horizontal scroll at 390 px nor at 1366 px."""

import pytest

from tests.browser.layout import Walk, assert_fits
from tests.factories import event_with_players, make_organizer
from tournaments.models import PairingNumberDraw, System
from tournaments.selectors.berger import berger_schedule

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long Passphrase 42"

HEADINGS = {
    "en-GB": "Pairings of every round",
    "fr-FR": "Appariements de toutes les rondes",
    "nl-NL": "Indeling van alle ronden",
    "ru-RU": "Пары всех туров",
}


def test_the_organizer_draws_the_numbers_and_visitors_see_the_schedule(live_server, page, browser):
    organizer = make_organizer("rosa")
    organizer.set_password(PASSWORD)
    organizer.save()
    event = event_with_players(
        organizer, players=5, system=System.DOUBLE_ROUND_ROBIN, organizers=[organizer]
    )
    walk = Walk(page, live_server.url)
    page.set_viewport_size({"width": 1366, "height": 900})
    walk.go("/admin/login/", "rrdraw-login")
    page.fill("#id_username", "rosa")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()

    walk.go(f"/admin/tournaments/event/{event.pk}/change/", "rrdraw-event")
    page.locator("#draw-numbers").click()
    walk.check("rrdraw-question")
    assert "Draw the pairing numbers" in page.inner_text("#confirm-question")
    assert not PairingNumberDraw.objects.filter(event=event).exists()
    page.get_by_role("button", name="Draw the numbers").click()
    walk.check("rrdraw-drawn")
    draw = PairingNumberDraw.objects.get(event=event)
    assert f"seed {draw.seed}" in page.inner_text(".messagelist")

    schedule = berger_schedule(event)
    assert len(schedule) == 10
    first = schedule[0].boards[0]
    for locale, heading in HEADINGS.items():
        context = browser.new_context(locale=locale, viewport={"width": 390, "height": 844})
        visitor = context.new_page()
        visitor.goto(f"{live_server.url}/events/{event.slug}/")
        section = visitor.locator("#berger-schedule")
        assert heading in section.locator("h2").inner_text()
        assert section.locator("table.berger-round").count() == 10
        assert first.white.name in section.locator("table.berger-round").first.inner_text()
        assert_fits(visitor, shot=f"rrdraw-schedule-{locale}")
        context.close()
