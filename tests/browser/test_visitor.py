"""A visitor on a phone: opens the event, follows a round's pairings, the standings, a player
card and a game, steps through the game (links, then the keyboard), switches to French."""

import pytest

from games.services.records import record_save
from tournaments.models import Game

pytestmark = pytest.mark.django_db(transaction=True)

PDN = '[Event "?"]\n[Result "2-0"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n'


def test_visitor_follows_the_event(live_server, page, swiss, organizer):
    game = Game.objects.filter(pairing__round__event=swiss, pairing__round__number=1).first()
    record_save(game=game, pdn=PDN, user=organizer)

    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name=swiss.name).first.click()
    assert page.get_by_role("heading", level=1).inner_text() == swiss.name

    page.get_by_role("link", name="Round 1", exact=True).click()
    assert page.get_by_role("heading", level=1).inner_text() == "Round 1"
    assert page.locator("#pairings tbody tr").count() == 4

    page.get_by_role("link", name="Standings").first.click()
    assert "Standings after round 2" in page.locator("caption").first.inner_text()
    first = page.locator("#standings tbody tr").first
    name = first.locator("td").nth(1).inner_text()
    first.get_by_role("link", name=name, exact=True).click()
    assert page.get_by_role("heading", level=1).inner_text() == name
    assert page.locator("#player-games tbody tr").count() == 2

    page.goto(f"{live_server.url}/events/{swiss.slug}/games/{game.pk}/")
    assert page.locator("svg[role=img]").count() == 1
    start = page.locator("svg[role=img]").get_attribute("aria-label")
    page.get_by_role("link", name="Forward", exact=True).click()
    assert "ply=1" in page.url
    assert page.locator("svg[role=img]").get_attribute("aria-label") != start
    page.keyboard.press("ArrowRight")
    page.wait_for_url("**ply=2**")
    page.get_by_role("link", name="Back", exact=True).click()
    page.wait_for_url("**ply=1**")

    page.select_option("#language-select", "fr")
    page.get_by_role("button", name="Switch").click()
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "fr"


def test_skip_link_is_first_and_reaches_main(live_server, page, swiss):
    page.goto(f"{live_server.url}/events/{swiss.slug}/standings/")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.getAttribute('href')")
    assert focused == "#main"
