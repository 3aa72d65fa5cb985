"""An organizer makes a custom ballot deck for their event in Chromium, adds a Bashni card
(replayed as typed), and finds another organizer's deck and the published decks read-only.
Every page: no server error, no horizontal scroll at 390 px nor at 1366 px."""

import pytest

from tests.browser.layout import assert_fits
from tests.documents.conftest import ballot_decks  # noqa: F401  (the published decks)
from tests.factories import event_with_players, make_organizer
from tournaments.models import BallotDeck
from tournaments.services.ballots import ballot_deck_create

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long Passphrase 42"


def test_an_organizer_keeps_a_deck_of_their_own(live_server, page, ballot_decks):  # noqa: F811
    olga, bram = make_organizer("olga"), make_organizer("bram")
    olga.set_password(PASSWORD)
    olga.save()
    event = event_with_players(olga, players=2, variant="bashni")
    theirs = ballot_deck_create(name="Bram's openings", slug="brams", variant="bashni", user=bram)
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()

    page.goto(f"{live_server.url}/admin/tournaments/ballotdeck/add/")
    assert_fits(page, shot="decks-add")
    page.fill("#id_name", "Cup openings")
    page.fill("#id_slug", "cup-openings")
    page.select_option("#id_variant", "bashni")
    page.select_option("#id_event", str(event.pk))
    page.locator("input[name=_save]").click()
    assert_fits(page, shot="decks-list")
    deck = BallotDeck.objects.get(slug="cup-openings")
    assert deck.owner == olga and deck.event == event
    assert "Cup openings" in page.inner_text("#result_list")

    page.goto(f"{live_server.url}/admin/tournaments/ballotcard/add/")
    options = page.locator("#id_deck option").all_inner_texts()
    assert "Cup openings" in options and "Bram's openings" not in options
    page.select_option("#id_deck", str(deck.pk))
    page.fill("#id_code", "1")
    page.fill("#id_moves", "c3-d4 z9-z10")
    page.locator("input[name=_save]").click()
    assert_fits(page, shot="decks-card-refused")
    assert "card 1: ply 2 ('z9-z10')" in page.inner_text("#content")
    page.fill("#id_moves", "c3-d4")
    page.locator("input[name=_save]").click()
    assert_fits(page, shot="decks-card-saved")
    assert deck.cards.get().moves == "c3-d4"

    page.goto(f"{live_server.url}/admin/tournaments/ballotdeck/{theirs.pk}/change/")
    assert_fits(page, shot="decks-theirs")
    assert page.locator("#id_name").count() == 0  # read-only: shown, not editable
    assert "Bram's openings" in page.inner_text("#content")
    published = BallotDeck.objects.get(slug="fmjd-64")
    page.goto(f"{live_server.url}/admin/tournaments/ballotdeck/{published.pk}/change/")
    assert_fits(page, shot="decks-published")
    assert page.locator("#id_name").count() == 0
