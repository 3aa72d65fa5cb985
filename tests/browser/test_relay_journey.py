"""The live relay seen by people: a spectator on a phone watches a relayed board move
without reloading the round page, then follows the game in the viewer; the arbiter sees a
flagged illegal move on the desk."""

import pytest

from games.models import RelayKind
from games.relay.services import relay_push, relay_source_set
from tests.browser.layout import assert_fits, logged_in_context
from tests.factories import UserFactory
from tests.games.conftest import published_round
from tests.games.relay.game import PLIES, version

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def relayed_round():
    organizer = UserFactory(username="relay-organizer", is_staff=True)
    arbiter = UserFactory(username="relay-arbiter", is_staff=False)
    round_ = published_round(organizer, arbiter)
    source = relay_source_set(round=round_, kind=RelayKind.PUSH, user=organizer)
    relay_push(round=round_, token=source.token, pdn=version(10))
    return round_, source, arbiter


def _plies(page) -> str:
    return page.locator('[data-relay-board="1"]').get_attribute("data-plies")


def test_a_spectator_on_a_phone_watches_a_board_move(
    live_server, browser, relayed_round, monkeypatch
):
    monkeypatch.setattr("tournaments.views.LIVE_SECONDS", 1)
    round_, source, _arbiter = relayed_round
    phone = browser.new_context(locale="en-GB", viewport={"width": 390, "height": 844})
    page = phone.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/events/{round_.event.slug}/rounds/{round_.number}/")
    assert _plies(page) == "10"
    assert page.get_by_role("heading", name="Live boards").is_visible()
    assert page.locator('[data-relay-board="1"] svg').is_visible()
    assert_fits(page, shot="relay-spectator-10")
    page.evaluate("window.__notReloaded = true")

    relay_push(round=round_, token=source.token, pdn=version(12))
    page.wait_for_function(
        "() => document.querySelector('[data-relay-board=\"1\"]')"
        ".getAttribute('data-plies') === '12'"
    )
    assert page.evaluate("window.__notReloaded") is True
    moves = page.locator('[data-relay-board="1"] .relay-move').all_inner_texts()
    assert moves[-2:] == list(PLIES[10:12])
    assert_fits(page, shot="relay-spectator-12")

    page.get_by_role("link", name="Follow the game").click()
    page.wait_for_load_state()
    assert PLIES[11] in page.locator('[aria-current="step"]').inner_text()
    page.evaluate("window.__notReloaded = true")
    relay_push(round=round_, token=source.token, pdn=version(14))
    page.wait_for_function(
        "(move) => (document.querySelector('[aria-current=\"step\"]') || {}).innerText"
        "?.includes(move)",
        arg=PLIES[13],
    )
    assert page.evaluate("window.__notReloaded") is True
    assert_fits(page, shot="relay-viewer")
    phone.close()


def test_the_arbiter_sees_a_flagged_illegal_move_on_the_desk(live_server, browser, relayed_round):
    round_, source, arbiter = relayed_round
    relay_push(round=round_, token=source.token, pdn=version(wrong=True))
    context = logged_in_context(browser, live_server, arbiter)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/desk/events/{round_.event.slug}/")
    relay = page.locator("section", has=page.get_by_role("heading", name="Live relay"))
    row = relay.locator('tr[data-relay-board="1"]')
    assert "flagged" in row.inner_text()
    assert "Ply 23 (32-37): a man cannot move backwards" in row.inner_text()
    assert "22" in row.locator('td[data-label="Plies"]').inner_text()
    assert_fits(page, shot="relay-desk")
    context.close()
