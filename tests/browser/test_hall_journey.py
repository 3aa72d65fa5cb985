"""The playing hall in each language: a player checks in on his 390 px phone and sees the
confirmation naming him and the round, and the event's rule that a player not checked in
is not paired; the organizer opens the event's check-in page from
its admin page, sees the one player missing and marks him absent in one action, pairs the
round, and the draft names him on a zero-point bye; the round published, the hall's TV
(1920 px) shows the boards, then the players by name, with a QR code. Another player checks
in on the hall's tablet the organizer opens: he finds his name and types his PIN. No server
error, no horizontal scroll at 390 and 1366 px on every page. Screenshots (DAMIER_SHOTS):
hall-<language>-*."""

import pytest
from django.utils import translation
from django.utils.translation import gettext, ngettext
from playwright.sync_api import expect

from hall.models import CheckInMode, CheckInRule
from hall.selectors import kiosk_pin
from hall.services import check_in_record
from hall.views import SCREEN_SECONDS
from tests.browser.layout import assert_fits, each_language, logged_in_context, screenshot
from tests.factories import UserFactory, event_with_players, make_organizer
from tournaments.models import Game, Round
from tournaments.selectors.names import player_name
from tournaments.services import results, rounds

pytestmark = pytest.mark.django_db(transaction=True)

#: Collects the Content-Security-Policy violations the page reports.
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(event.violatedDirective + " " + (event.blockedURI || "inline"));
});
"""


def _(language: str, message: str, **values) -> str:
    with translation.override(language):
        return gettext(message) % values if values else gettext(message)


@pytest.fixture
def hall():
    """A Swiss of 7 whose round 1 is played, asking for a check-in before each round and
    leaving out the players not checked in; the first player has a login, four others have
    checked in for round 2, the sixth will check in on the hall's tablet and the last is
    missing."""
    organizer = make_organizer("organizer-hall")
    event = event_with_players(organizer, players=7)
    round_ = rounds.round_publish(
        round=rounds.round_pair(event=event, user=organizer), user=organizer
    )
    for game in Game.objects.filter(pairing__round=round_):
        results.result_record(game=game, result="1-0", user=organizer)
    rounds.round_complete(round=round_, user=organizer)
    CheckInRule.objects.create(event=event, mode=CheckInMode.EACH_ROUND, missing_absent=True)
    players = list(event.registrations.order_by("pairing_number"))
    player = UserFactory(username="player-hall", is_staff=False)
    players[0].player.user = player
    players[0].player.save()
    for registration in players[1:5]:
        check_in_record(registration=registration, round_number=2, user=organizer)
    return event, organizer, player, players[0], players[5], players[6]


@pytest.mark.parametrize("language", each_language("fr"))
def test_check_in_then_pairing_then_the_hall_screen(live_server, browser, hall, language):
    event, organizer, player, mine, late, missing = hall
    base = live_server.url

    phone = logged_in_context(browser, live_server, player, locale=language, width=390)
    try:
        page = phone.new_page()
        page.goto(f"{base}/events/{event.slug}/")
        page.locator("#check-in").click()
        button = page.locator("#check-in-button")
        assert button.inner_text() == _(language, "I am here for round %(number)s", number=2)
        assert page.locator("#check-in-deadline").inner_text() == _(
            language,
            "A player who has not checked in when the round is paired is not paired for it.",
        )
        assert_fits(page, shot=f"hall-{language}-phone-before")
        button.click()
        confirmation = page.locator("#check-in-confirmation").inner_text()
        assert confirmation == _(
            language,
            "%(name)s, you are checked in for round %(number)s.",
            name=player_name(mine),
            number=2,
        )
        assert_fits(page, shot=f"hall-{language}-phone-confirmed")
    finally:
        phone.close()

    desk = logged_in_context(browser, live_server, organizer, locale=language)
    try:
        page = desk.new_page()
        page.goto(f"{base}/admin/tournaments/event/{event.pk}/change/")
        page.locator("#check-in-admin").click()
        expect(page.locator("#check-in-list tr.missing")).to_have_count(2)
        page.add_init_script(LISTEN)
        page.locator("#open-kiosk").click()
        page.fill("#kiosk-search", late.player.last_name)
        expect(page.locator("#kiosk-players li:visible")).to_have_count(1)
        assert_fits(page, shot=f"hall-{language}-kiosk")
        assert page.evaluate("window.__violations") == []
        page.get_by_role("link", name=player_name(late)).click()
        page.fill("#kiosk-pin", "0000" if kiosk_pin(late) != "0000" else "1111")
        page.locator("#kiosk-confirm").click()
        error = _(language, "This PIN is not the one on your check-in slip.")
        assert page.locator("#kiosk-error").inner_text() == error
        page.fill("#kiosk-pin", kiosk_pin(late))
        page.locator("#kiosk-confirm").click()
        assert page.locator("#kiosk-messages").inner_text() == _(
            language,
            "%(name)s is checked in for round %(number)s.",
            name=player_name(late),
            number=2,
        )
        assert_fits(page, shot=f"hall-{language}-kiosk-done")
        page.goto(f"{base}/admin/hall/checkinrule/{event.check_in_rule.pk}/round/")
        missing_rows = page.locator("#check-in-list tr.missing")
        assert missing_rows.count() == 1
        assert player_name(missing) in missing_rows.inner_text()
        assert page.locator("#check-in-rule").inner_text() == _(
            language,
            "When the round is paired, the players marked absent and those still missing are "
            "left out: in a Swiss each holds a zero-point bye, in a round robin his game is "
            "lost by forfeit.",
        )
        assert_fits(page, shot=f"hall-{language}-admin-missing")
        with translation.override(language):
            label = ngettext(
                "Mark the %(count)s missing player absent",
                "Mark the %(count)s missing players absent",
                1,
            ) % {"count": 1}
        page.get_by_role("button", name=label).click()
        expect(page.locator("#check-in-list tr.missing")).to_have_count(0)
        assert player_name(missing) in page.locator("#check-in-list tr.absent").inner_text()

        page.goto(f"{base}/admin/tournaments/event/{event.pk}/change/")
        page.get_by_role("button", name=_(language, "Pair next round")).click()
        draft = page.locator("#content").inner_text()
        assert player_name(missing) in draft
        assert _(language, "zero-point bye") in draft
        assert_fits(page, shot=f"hall-{language}-admin-draft")
    finally:
        desk.close()
    round_ = Round.objects.get(event=event, number=2)
    bye = round_.pairings.get(black__isnull=True)
    assert bye.white_id == missing.pk and bye.bye_kind == "zero"
    rounds.round_publish(round=round_, user=organizer)

    tv = browser.new_context(locale=language, viewport={"width": 1920, "height": 1080})
    try:
        page = tv.new_page()
        page.add_init_script(LISTEN)
        page.clock.install()
        page.goto(f"{base}/events/{event.slug}/screen/")
        boards = page.locator("#screen-boards")
        assert boards.is_visible()
        assert boards.locator("tbody tr").count() == 4
        assert page.locator("#screen-names").is_hidden()
        assert page.locator(".screen-qr img").is_visible()
        size = page.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('.screen-table td')).fontSize)"
        )
        assert size >= 32  # read from 3 m
        screenshot(page, f"hall-{language}-screen-1920", full_page=False)
        assert_fits(page, shot=f"hall-{language}-screen")
        page.clock.run_for(SCREEN_SECONDS * 1000)  # the next part: the players by name
        names = page.locator("#screen-names")
        screenshot(page, f"hall-{language}-screen-names-1920", full_page=False)
        assert names.is_visible() and boards.is_hidden()
        # The rows shown fit the screen, each player's board and colour on it.
        shown = names.locator("tbody tr:visible")
        bottom = shown.last.evaluate("row => row.getBoundingClientRect().bottom")
        assert shown.count() == 7 and bottom <= 1080
        assert page.evaluate("window.__violations") == []  # the CSP holds
    finally:
        tv.close()
