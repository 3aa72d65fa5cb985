"""A visitor on a 390 px phone, in French, follows the event: the pairings of a round (FMJD
results 2-0 / 1-1 / 0-2), the standings, a player's card and a game (moves numbered once,
the PDN result convention stated). Every page: French text, no server error, no horizontal
scroll at 390 and 1366 px.

The event breaks ties by Solkoff alone, so that two players level on points and Solkoff
after round 2 share fourth place: the standings show both "4=" (as tournaments.scoring.standings
writes a shared place) and the next player 6."""

import pytest
from playwright.sync_api import expect

from games.services.records import record_save
from tests.browser.layout import assert_fits
from tournaments.models import Game
from tournaments.selectors.standings import standings_get
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db(transaction=True)

PDN = '[Event "?"]\n[Result "2-0"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n'


@pytest.fixture
def french_phone(browser):
    context = browser.new_context(locale="fr-FR", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def test_a_french_visitor_follows_pairings_standings_a_player_and_a_game(
    live_server, french_phone, swiss, organizer
):
    page = french_phone
    game = (
        Game.objects.filter(pairing__round__event=swiss, pairing__round__number=1)
        .order_by("pairing__board")
        .first()
    )
    record_save(game=game, pdn=PDN, user=organizer)
    swiss = event_update(event=swiss, user=organizer, tiebreaks=["TSOL"])
    tied = [row for row in standings_get(swiss, after_round=2) if row.shared_rank]
    assert [row.place for row in tied] == ["4=", "4="]

    page.goto(f"{live_server.url}/")
    assert page.locator("html").get_attribute("lang") == "fr"
    assert "Tournois" in page.locator("main").inner_text()
    assert_fits(page, shot="journey-c-events")
    page.get_by_role("link", name=swiss.name).first.click()
    assert page.get_by_role("heading", level=1).inner_text() == swiss.name
    assert_fits(page, shot="journey-c-event")

    page.get_by_role("link", name="Ronde 1", exact=True).click()
    assert page.get_by_role("heading", level=1).inner_text() == "Ronde 1"
    pairings = page.locator("#pairings")
    assert "Appariements et résultats" in pairings.inner_text()
    results = pairings.locator("tbody td:last-child").all_inner_texts()
    assert any("2-0" in text for text in results) and any("1-1" in text for text in results)
    assert not any("1/2" in text or "½" in text for text in results)
    assert_fits(page, shot="journey-c-round")

    page.get_by_role("link", name="Classement").first.click()
    assert "Classement après la ronde 2" in page.locator("caption").first.inner_text()
    rows = page.locator("#standings tbody tr")
    assert rows.count() == 7
    assert rows.first.locator("td").first.inner_text().startswith("1")
    places = [place.strip() for place in rows.locator("td:first-child").all_inner_texts()]
    assert places == ["1", "2", "3", "4=", "4=", "6", "7"]
    shared = rows.filter(has=page.locator("td:first-child", has_text="4="))
    assert shared.count() == 2
    names = shared.locator("td:nth-child(2)").all_inner_texts()
    assert sorted(names) == sorted(row.name for row in tied)
    assert page.locator("#round-select").input_value() == "2"
    assert_fits(page, shot="journey-c-standings")

    name = rows.first.locator("td").nth(1).locator("a").inner_text()
    rows.first.get_by_role("link", name=name, exact=True).click()
    assert page.get_by_role("heading", level=1).inner_text() == name
    card = page.locator("main").inner_text()
    assert "Numéro d'appariement" in card and "Points" in card
    assert page.locator("#player-games tbody tr").count() == 2
    assert_fits(page, shot="journey-c-player")

    page.goto(f"{live_server.url}/events/{swiss.slug}/rounds/1/")
    page.get_by_role("link", name="Partie 1 de la table 1").click()
    expect(page.locator("svg[role=img]")).to_have_count(1)
    moves = page.locator(".moves ol li").all_inner_texts()
    assert moves[:2] == ["1. 32-28", "1… 19-23"]  # each move numbered once
    main = page.locator("main").inner_text()
    assert "Télécharger le PDN" in main and "résultat PDN" in main
    assert "Le PDN donne d'abord le score des Blancs" in main
    page.get_by_role("link", name="Avancer", exact=True).click()
    assert "ply=1" in page.url
    assert_fits(page, shot="journey-c-game")
