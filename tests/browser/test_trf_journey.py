"""An organizer moves an event through a TRF file in Chromium: downloads the TRF of a played
round robin from its admin page, imports it into a fresh event from the event list (upload,
preview of the players, rounds and results, confirmation), and finds the same standings in
the new event. Every page: no server error, no horizontal scroll at 390 px nor at 1366 px."""

import pytest

from tests.browser.layout import assert_fits
from tests.factories import make_organizer
from tests.tournaments.played_events import make_event, play
from tournaments.models import Event, System

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long Passphrase 42"


def standings_rows(page) -> list[str]:
    return page.locator("#standings tbody tr").all_inner_texts()


def test_an_organizer_moves_an_event_through_its_trf(live_server, page, tmp_path):
    organizer = make_organizer("olga")
    organizer.set_password(PASSWORD)
    organizer.save()
    event = make_event(organizer, system=System.ROUND_ROBIN, players=5)
    play(event, organizer, rounds_to_play=5)
    errors: list[str] = []
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 500 else None)
    page.set_viewport_size({"width": 1366, "height": 900})

    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()

    page.goto(f"{live_server.url}/admin/tournaments/event/{event.pk}/standings/")
    original = standings_rows(page)
    assert len(original) == 5
    assert_fits(page, shot="trf-journey-1-standings")

    page.goto(f"{live_server.url}/admin/tournaments/event/{event.pk}/change/")
    href = page.get_by_role("link", name="TRF export").get_attribute("href")
    response = page.request.get(live_server.url + href)
    assert response.status == 200 and "192 BERGER_ROUNDROBIN" in response.text()
    exported = tmp_path / f"{event.slug}.trf"
    exported.write_bytes(response.body())

    page.goto(f"{live_server.url}/admin/tournaments/event/")
    page.get_by_role("link", name="Import TRF").click()
    assert_fits(page, shot="trf-journey-2-upload")
    page.set_input_files("#id_file", str(exported))
    page.select_option("#id_variant", "international")
    page.get_by_role("button", name="Preview the import").click()
    summary = page.inner_text("#trf-summary")
    assert "Pairing system: round robin" in summary and "5 rounds played of 5" in summary
    assert page.locator("#trf-players tbody tr").count() == 5
    assert page.locator("table.trf-round").count() == 5
    assert Event.objects.count() == 1, "the preview writes nothing"
    assert_fits(page, shot="trf-journey-3-preview")

    page.get_by_role("button", name="Create the event").click()
    assert "is imported as a draft" in page.inner_text(".messagelist")
    assert_fits(page, shot="trf-journey-4-created")
    copy = Event.objects.exclude(pk=event.pk).get()

    page.goto(f"{live_server.url}/admin/tournaments/event/{copy.pk}/standings/")
    assert standings_rows(page) == original
    assert_fits(page, shot="trf-journey-5-copy-standings")
    assert not errors, errors
