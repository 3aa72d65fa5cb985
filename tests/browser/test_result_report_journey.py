"""Two players of each board report their game's result from their phones (390 px), in each
language offered: on board 1 they agree and the result is recorded; on board 2 they differ
and the dispute appears at the arbiter's desk with both claims. Every page: no server error,
no horizontal scroll at 390 px nor at 1366 px.
Screenshots (DAMIER_SHOTS): report-<language>-*.png."""

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from games.models import ReportOutcome
from tests.browser.layout import assert_fits, each_language, logged_in_context
from tests.factories import UserFactory
from tests.games.conftest import published_round
from tournaments.models import Game, GameResult

pytestmark = pytest.mark.django_db(transaction=True)


def _(language: str, message: str) -> str:
    with translation.override(language):
        return gettext(message)


def _report(browser, live_server, game, colour: str, result: str, language: str, shot: str):
    """The player of ``colour`` opens ``game``'s public page, follows the link to report and
    taps ``result``; returns the message the page shows."""
    player = (game.white if colour == "white" else game.black).player
    context = logged_in_context(browser, live_server, player.user, locale=language, width=390)
    page = context.new_page()
    page.set_default_timeout(15_000)
    event = game.pairing.round.event
    page.goto(f"{live_server.url}/events/{event.slug}/games/{game.pk}/")
    page.locator("#report-result").click()
    expect(page.locator(".report-choices button")).to_have_count(3)
    assert_fits(page, shot=f"{shot}-page")
    page.locator(f'.report-choices button[value="{result}"]').click()
    message = page.locator(".messages")
    expect(message).to_be_visible()
    assert_fits(page, shot=f"{shot}-done")
    text = message.inner_text()
    context.close()
    return text


@pytest.mark.parametrize("language", each_language("ru"))
def test_two_players_report_agree_on_one_board_and_differ_on_the_other(
    live_server, browser, language
):
    arbiter = UserFactory(username="hall-arbiter", is_staff=True)
    round_ = published_round(UserFactory(username="hall-organizer"), arbiter, players=4)
    event = round_.event
    agree, differ = Game.objects.filter(pairing__round=round_).order_by("pairing__board")
    shot = f"report-{language}"

    waiting = _report(browser, live_server, agree, "white", "1/2", language, f"{shot}-b1-white")
    assert _(language, ReportOutcome.WAITING.label) in waiting
    recorded = _report(browser, live_server, agree, "black", "1/2", language, f"{shot}-b1-black")
    assert _(language, ReportOutcome.RECORDED.label) in recorded
    assert Game.objects.get(pk=agree.pk).result == GameResult.DRAW

    _report(browser, live_server, differ, "white", "1-0", language, f"{shot}-b2-white")
    disputed = _report(browser, live_server, differ, "black", "0-1", language, f"{shot}-b2-black")
    assert _(language, ReportOutcome.DISPUTED.label) in disputed
    assert Game.objects.get(pk=differ.pk).result == GameResult.PENDING

    context = logged_in_context(browser, live_server, arbiter, locale=language, width=390)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/desk/events/{event.slug}/")
    disputes = page.locator("section[aria-labelledby=disputes-heading] tbody tr")
    expect(disputes).to_have_count(1)
    assert str(differ.white.player) in disputes.inner_text()
    assert_fits(page, shot=f"{shot}-desk")
    disputes.get_by_role("link").click()
    reports = page.locator("table.reports tbody tr")
    expect(reports).to_have_count(2)
    rows = reports.all_inner_texts()
    assert str(differ.white.player) in rows[0] and "2-0" in rows[0]
    assert str(differ.black.player) in rows[1] and "0-2" in rows[1]
    assert_fits(page, shot=f"{shot}-dispute")
    context.close()
