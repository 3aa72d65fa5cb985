"""An organizer reads which text of the Dutch system the event follows (its page in the
admin, the public page) and asks the draft round why each board is what it is. Every page:
no server error, no horizontal scroll at 390 px nor at 1366 px."""

import pytest
from django.urls import reverse

from tests.browser.layout import assert_fits
from tests.factories import event_with_players, make_organizer
from tournaments.services import rounds

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long Passphrase 42"


def test_an_organizer_reads_the_text_and_the_explanations(live_server, page):
    organizer = make_organizer("organizer")
    organizer.set_password(PASSWORD)
    organizer.save()
    event = event_with_players(organizer, players=7)
    draft = rounds.round_pair(event=event, user=organizer)

    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "organizer")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()

    page.goto(live_server.url + reverse("admin:tournaments_event_change", args=(event.pk,)))
    rules = page.locator("#id_swiss_rules")
    assert rules.locator("option:checked").inner_text() == (
        "FIDE Dutch, text applied from 1 February 2026"
    )
    assert_fits(page, shot="swiss-rules-event")

    page.goto(live_server.url + reverse("admin:tournaments_round_change", args=(draft.pk,)))
    page.get_by_role("link", name="Explain the pairings").click()
    page.wait_for_load_state()
    cells = page.locator("#boards td.explanation")
    assert cells.count() == 4
    assert "C.04.3 E.5" in cells.first.inner_text()  # round 1: pairing number, initial colour
    assert "gets the pairing-allocated bye on 0 points" in cells.last.inner_text()
    assert_fits(page, shot="swiss-rules-explained")

    page.goto(live_server.url + reverse("public:event_home", args=(event.slug,)))
    assert "paired by the FIDE Dutch, text applied from 1 February 2026" in page.content()
    assert_fits(page, shot="swiss-rules-public")
