"""A Dutch club league in Chromium, as a KNDB secretary runs it: a visitor's phone finds the
league's teams and their standing, the team rules and the team documents on its home page;
the organizer goes from the event's page to the team round page, marks a team that did not
show up (asked first, in one action), pairs the round there, publishes it, and the public
team matches show the forfeit; then he undoes it from the same page. Every page in Dutch: no
server error, no horizontal scroll at 390 px nor at 1366 px (tests/browser/layout.py);
screenshots in DAMIER_SHOTS."""

import pytest
from playwright.sync_api import expect

from tests.browser.layout import Walk, assert_fits, logged_in_context
from tests.factories import demo_league, make_organizer
from tournaments import demo
from tournaments.models import Game, GameResult
from tournaments.teams.models import TeamMatch

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def league():
    organizer = make_organizer("secretaris-sjoerd")
    return demo_league(organizer), organizer


def test_the_league_home_page_names_its_teams_in_dutch(live_server, browser, league):
    event, _organizer = league
    context = browser.new_context(locale="nl-NL", viewport={"width": 390, "height": 844})
    try:
        phone = context.new_page()
        phone.goto(f"{live_server.url}/events/{event.slug}/")
        assert phone.locator("h2#teams").inner_text() == "Teams"
        rows = phone.locator("table.team-standings-summary tbody tr")
        assert rows.count() == 6
        names = " ".join(rows.all_inner_texts())
        assert all(club in names for club in demo.CLUBS)
        rules = phone.locator("main").inner_text() if phone.locator("main").count() else ""
        text = rules or phone.locator("body").inner_text()
        assert "Matchpunten: het team met meer bordpunten" in text
        assert "docs/rules/tournaments.md §7.3" in text
        assert "Each pairing" not in text and "Elke paring speelt" not in text
        documents = phone.locator("section.documents").inner_text()
        assert "Teamstand (PDF)" in documents and "Kruistabel van de teams (PDF)" in documents
        assert "Kruistabel (PDF)" not in documents
        assert_fits(phone, shot="league-home-nl")
        rows.first.locator("a").click()
        expect(phone.locator("#team-players tbody tr").nth(7)).to_be_attached()
        assert_fits(phone, shot="league-team-nl")
        # The "swipe sideways" hint shows only above a table wider than the phone.
        for path, hint in (
            ("team-crosstable/", "#team-crosstable-hint"),
            ("rounds/1/", "#pairings-hint"),
        ):
            phone.goto(f"{live_server.url}/events/{event.slug}/{path}")
            wide = phone.evaluate(
                f"(() => {{ const f = document.querySelector('{hint}').nextElementSibling;"
                " return f.scrollWidth > f.clientWidth + 1; })()"
            )
            assert phone.locator(hint).is_visible() == wide, path
    finally:
        context.close()


def test_a_team_no_show_in_one_action_from_the_team_round_page(live_server, browser, league):
    event, organizer = league
    context = logged_in_context(browser, live_server, organizer, locale="nl-NL")
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        walk = Walk(page, live_server.url)
        walk.go(f"/admin/tournaments/event/{event.pk}/change/", "league-nl-event")
        assert page.get_by_role("button", name="Volgende ronde indelen").count() == 0
        page.get_by_role("link", name="Teamronde: opstellingen, indeling, uitslagen").click()
        walk.check("league-nl-team-round")
        assert "Teamronde 4" in page.locator("h1").inner_text()
        match = TeamMatch.objects.filter(round__event=event, round__number=4).order_by("number")[0]
        absent = match.team_b
        section = page.locator(f"#match-{match.number}")
        assert section.locator("form.team-lineup").count() == 2
        section.get_by_role("button", name=f"{absent.name} niet opgekomen…").click()
        walk.check("league-nl-no-show-question")
        assert (
            f"omdat {absent.name} niet is opgekomen?"
            in page.locator("#confirm-question").inner_text()
        )
        page.get_by_role("button", name="Wedstrijd reglementair beslissen").click()
        walk.check("league-nl-no-show-done")
        assert "is niet opgekomen" in page.locator("ul.messagelist").inner_text()
        section = page.locator(f"#match-{match.number}")
        assert section.locator("form.team-lineup").count() == 1  # the present team's only
        # Undone from the same page: the team is expected again, its lineup form is back.
        section.get_by_role("button", name="Ongedaan maken: beide teams worden verwacht").click()
        walk.check("league-nl-undone")
        assert "beide teams worden weer verwacht" in page.locator("ul.messagelist").inner_text()
        section = page.locator(f"#match-{match.number}")
        assert section.locator("form.team-lineup").count() == 2
        assert not TeamMatch.objects.get(pk=match.pk).no_show_id
        section.get_by_role("button", name=f"{absent.name} niet opgekomen…").click()
        page.get_by_role("button", name="Wedstrijd reglementair beslissen").click()
        page.wait_for_load_state()
        page.get_by_role("button", name="Borden indelen").click()
        walk.check("league-nl-paired")
        assert match.boards.count() == 8
        page.get_by_role("link", name="Ronde nakijken en publiceren").click()
        page.get_by_role("button", name="Publiceren").click()
        page.wait_for_load_state()
        walk.go(f"/admin/tournaments/teamcompetition/{event.team_competition.pk}/round/", "t")
        walk.check("league-nl-published")
        boards = page.locator(f"#match-{match.number} table.team-round-boards tbody tr")
        assert boards.count() == 8
        assert all("—" in row and "reglementair" in row for row in boards.all_inner_texts())

        visitor = context.browser.new_context(
            locale="nl-NL", viewport={"width": 390, "height": 844}
        )
        try:
            phone = visitor.new_page()
            phone.goto(f"{live_server.url}/events/{event.slug}/team-matches/")
            round_4 = phone.locator("section#round-4").inner_text()
            assert f"{absent.name} is niet opgekomen: reglementair verloren." in round_4
            assert_fits(phone, shot="league-nl-no-show-public")
        finally:
            visitor.close()

        # Paired without the absent team: no undo is offered any more.
        assert (
            page.locator(f"#match-{match.number}")
            .get_by_role("button", name="Ongedaan maken: beide teams worden verwacht")
            .count()
            == 0
        )
        assert (
            not Game.objects.filter(pairing__team_board__match=match)
            .exclude(result=GameResult.PENDING)
            .exists()
        )  # the present players' wins are empty boards, not games
    finally:
        context.close()
