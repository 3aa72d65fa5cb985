"""A player who forgot their password, on a phone: from the login page asks for a link,
receives it by mail, follows it, chooses a new password and logs in with it, reaching the
dispute desk. A used link is refused with a way to ask again. Every page: its own text, no
server error, no horizontal scroll at 390 px and 1366 px."""

import re

import pytest

from tests.browser.layout import assert_fits
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

NEW = "another long Passphrase 7"


def test_a_forgotten_password_is_reset_by_the_link_in_the_mail(live_server, page, mailoutbox):
    player = UserFactory(username="olga", is_staff=False, email="olga@example.org")
    player.set_password("an old forgotten one")
    player.save()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_role("link", name="Forgotten your password?").click()
    assert page.get_by_role("heading", level=1).inner_text() == "Password reset"
    assert_fits(page, shot="damier-journeys/reset-form")
    page.get_by_label("Email address").fill("olga@example.org")
    page.get_by_role("button", name="Send me the link").click()
    assert page.get_by_role("heading", level=1).inner_text() == "Password reset sent"
    assert_fits(page, shot="damier-journeys/reset-sent")

    assert len(mailoutbox) == 1 and mailoutbox[0].to == ["olga@example.org"]
    link = re.search(r"https?://\S+/accounts/reset/\S+/", mailoutbox[0].body).group(0)
    path = link.split("/accounts/", 1)[1]
    page.goto(f"{live_server.url}/accounts/{path}")
    assert page.get_by_role("heading", level=1).inner_text() == "Choose a new password"
    assert_fits(page, shot="damier-journeys/reset-choose")
    page.get_by_label("New password", exact=True).fill(NEW)
    page.get_by_label("New password again").fill(NEW)
    page.get_by_role("button", name="Change my password").click()
    assert page.get_by_role("heading", level=1).inner_text() == "Password changed"
    assert_fits(page, shot="damier-journeys/reset-done")

    page.get_by_role("link", name="Log in").last.click()
    page.get_by_label("User name").fill("olga")
    page.get_by_label("Password").fill(NEW)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/desk/")
    assert_fits(page)

    page.goto(f"{live_server.url}/accounts/{path}")  # the link again: already used
    assert "already been used or is too old" in page.locator("main").inner_text()
    page.get_by_role("link", name="Ask for a new one.").click()
    assert page.get_by_role("heading", level=1).inner_text() == "Password reset"
