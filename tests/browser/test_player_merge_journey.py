"""An organizer, in each language offered, merges a player entered twice (once by a
registration, once by a rating list): the players list's "Possible duplicates", the pair's
preview with both players and what moves, then the merge; the kept player holds the rating
and the event its registration. Every page: no server error, no horizontal scroll at 390 px
nor at 1366 px. Screenshots (DAMIER_SHOTS): merge-<language>-<page>-<width>.png."""

import datetime

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from tests.browser.layout import assert_fits, each_language, logged_in_context
from tests.factories import PlayerFactory, event_with_players, make_organizer
from tournaments.models import Player, Rating, RatingList, RatingSource

pytestmark = pytest.mark.django_db(transaction=True)


def _(language: str, message: str) -> str:
    with translation.override(language):
        return gettext(message)


@pytest.mark.parametrize("language", each_language("fr"))
def test_an_organizer_merges_a_duplicate(live_server, browser, language):
    olga = make_organizer("olga")
    event = event_with_players(olga, players=3)
    kept = event.registrations.order_by("pairing_number").first().player
    twice = PlayerFactory(
        last_name=kept.last_name.upper(), first_name=kept.first_name, national_id="N42"
    )
    listing = RatingList.objects.create(
        source=RatingSource.KNDB, published=datetime.date(2026, 6, 1)
    )
    Rating.objects.create(rating_list=listing, player=twice, rating=1950)

    context = logged_in_context(browser, live_server, olga, locale=language)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/admin/tournaments/player/")
    assert_fits(page, shot=f"merge-{language}-players")
    page.get_by_role("link", name=_(language, "Possible duplicates")).click()
    rows = page.locator("#duplicates tbody tr")
    expect(rows).to_have_count(1)  # waits for the new page
    assert _(language, "same name and birth year") in rows.inner_text()
    assert_fits(page, shot=f"merge-{language}-duplicates")

    rows.get_by_role("link").click()
    fields = page.locator("#merge-fields").inner_text()
    assert kept.last_name in fields and twice.last_name in fields and "N42" in fields
    assert event.name in fields
    moves = page.locator("#merge-moves li")
    assert moves.count() == 1 and moves.inner_text().endswith(": 1")
    assert Player.objects.filter(pk=twice.pk).exists()  # the preview writes nothing
    assert_fits(page, shot=f"merge-{language}-preview")

    page.get_by_role("button", name=_(language, "Merge the two players")).click()
    assert page.locator("ul.messagelist").inner_text().strip() == _(
        language, "%(remove)s was merged into %(keep)s."
    ) % {"remove": twice, "keep": kept}
    assert_fits(page, shot=f"merge-{language}-merged")
    kept.refresh_from_db()
    assert not Player.objects.filter(pk=twice.pk).exists()
    assert Rating.objects.get().player == kept and kept.national_id == "N42"
    assert event.registrations.filter(player=kept).exists()
    context.close()
