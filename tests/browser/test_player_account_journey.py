"""A player, in each language offered, claims his account from the organizer's invitation on
his phone (390 px), lands on his page /me/ with the result he is to report, follows it to the
report page, turns the rounds' mails off there; the stop link of a mail says it is done.
Every page: no server error, no horizontal scroll at 390 px nor at 1366 px. Screenshots
(DAMIER_SHOTS) account-<language>-*.png."""

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from accounts.models import MailChoice
from accounts.services import invitation_token, mail_off_token
from tests.browser.layout import assert_fits, each_language
from tests.factories import UserFactory
from tests.games.conftest import published_round
from tournaments.models import Game

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "Kp7-claimed-account"


def _(language: str, message: str) -> str:
    with translation.override(language):
        return gettext(message)


@pytest.mark.parametrize("language", each_language("ru"))
def test_a_player_claims_his_account_and_reports_from_his_page(live_server, browser, language):
    round_ = published_round(UserFactory(username="hall-organizer"), UserFactory(), players=2)
    game = Game.objects.select_related("white__player").get(pairing__round=round_)
    player = game.white.player
    player.user = None
    player.save()
    context = browser.new_context(locale=language, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    shot = f"account-{language}"

    page.goto(live_server.url + reverse("accounts:claim", args=[invitation_token(player)]))
    assert str(player) in page.locator("main").inner_text()
    assert_fits(page, shot=f"{shot}-claim")
    page.fill("#id_username", "claimed")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.locator("main button[type=submit]").click()
    expect(page.locator("#to-report a")).to_have_count(1)
    assert (
        _(language, "Your account is ready: this is your page.")
        in page.locator(".messages").inner_text()
    )
    assert round_.event.name in page.locator("#my-events").inner_text()
    assert_fits(page, shot=f"{shot}-me")

    page.locator("#mail-choice input[type=checkbox]").uncheck()
    page.locator("#mail-choice button").click()
    expect(page.locator(".messages")).to_contain_text(_(language, "Your choice of mails is saved."))
    assert MailChoice.objects.get(player=player).round_mail is False

    page.locator("#to-report a").click()
    expect(page.locator(".report-choices button")).to_have_count(3)
    assert_fits(page, shot=f"{shot}-report")

    page.goto(live_server.url + reverse("accounts:mail_off", args=[mail_off_token(player)]))
    assert_fits(page, shot=f"{shot}-mail-off")
    page.locator("#mail-off button").click()
    expect(page.locator("#mail-off-done")).to_be_visible()
    assert_fits(page, shot=f"{shot}-mail-off-done")
    context.close()
