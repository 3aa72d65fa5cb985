"""The Content-Security-Policy (tournaments.site.csp) holds on every kind of page, in Chromium:
the public pages (the event with its live documents, standings, a round, a player, the game
viewer stepping through a game), the login and password reset pages, the dispute desk, the
API docs (Swagger UI drawn from its own script), and the admin (its index, an event's form
with the documents panel, a round's results, the players import, the registration page).
Each page sends the policy, reports no violation (the browser's securitypolicyviolation
events and console), shows its own text, and fits 390 px and 1366 px without a server
error."""

import pytest

from games.services.records import record_save
from tests.browser.layout import assert_fits
from tournaments.models import Game

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long Passphrase 42"
PDN = '[Event "?"]\n[Result "2-0"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n'

#: Collects the violations the page reports, before any of its scripts runs.
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(event.violatedDirective + " " + (event.blockedURI || "inline"));
});
"""


class Visit:
    """Opens pages and checks each: the policy sent, no violation, no server error, fits."""

    def __init__(self, page, base: str) -> None:
        self.page, self.base, self.console = page, base, []
        page.add_init_script(LISTEN)
        page.on(
            "console",
            lambda message: (
                self.console.append(message.text)
                if "Content Security Policy" in message.text
                else None
            ),
        )

    def check(self, path: str, text: str, shot: str, *, wait_for: str | None = None) -> None:
        response = self.page.goto(f"{self.base}{path}")
        assert response.status == 200, (path, response.status)
        assert "script-src 'self'" in response.headers["content-security-policy"]
        if wait_for:
            self.page.wait_for_selector(wait_for)
        self.page.wait_for_load_state("networkidle")
        assert text in self.page.locator("body").inner_text(), path
        assert_fits(self.page, shot=f"csp-{shot}")
        violations = self.page.evaluate("window.__violations")
        assert violations == [] and self.console == [], (path, violations, self.console)


def test_every_kind_of_page_works_under_the_policy(live_server, page, swiss, organizer):
    organizer.is_superuser = True
    organizer.set_password(PASSWORD)
    organizer.save()
    game = Game.objects.filter(pairing__round__event=swiss, pairing__round__number=1).first()
    record_save(game=game, pdn=PDN, user=organizer)
    round_ = swiss.rounds.get(number=2)
    visit = Visit(page, live_server.url)

    visit.check("/events/", swiss.name, "events")
    visit.check(f"/events/{swiss.slug}/", "Printable documents", "event")
    visit.check(f"/events/{swiss.slug}/standings/", "Standings after round 2", "standings")
    visit.check(f"/events/{swiss.slug}/rounds/1/", "Round 1", "round")
    visit.check(f"/events/{swiss.slug}/players/1/", "Round", "player")
    visit.check(f"/events/{swiss.slug}/games/{game.pk}/", "Forward", "game")
    page.keyboard.press("ArrowRight")  # the viewer's script steps through the game
    page.wait_for_url("**ply=1**")
    assert page.evaluate("window.__violations") == []
    visit.check("/accounts/login/", "Forgotten your password?", "login")
    visit.check("/accounts/password_reset/", "Email", "password-reset")
    visit.check("/api/docs/", "Damier API", "api-docs", wait_for=".swagger-ui .info")

    visit.check("/admin/login/", "Username", "admin-login")
    page.fill("#id_username", organizer.username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    visit.check("/admin/", "Rounds", "admin-index")
    visit.check(f"/admin/tournaments/event/{swiss.pk}/change/", "Printed documents", "admin-event")
    visit.check(
        f"/admin/tournaments/round/{round_.pk}/results/", "Keys in a result box", "admin-results"
    )
    visit.check("/admin/tournaments/player/import/", "CSV", "admin-import")
    visit.check(f"/admin/tournaments/event/{swiss.pk}/register/", "Search", "admin-register")
    visit.check("/desk/", "desk", "desk")
