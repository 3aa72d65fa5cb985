"""A club league in Chromium: a visitor on a 390 px phone reads the team standings (the
penalty with its reason), a team's page (roster, board results, matches) and the matches
board by board, in English and in French; an
organizer opens a match of the scheduled round, puts a reserve in for an absent first board,
saves the lineup and pairs the round's boards. Every page: no server error, no horizontal
scroll at 390 px nor at 1366 px (tests/browser/layout.py); screenshots in /tmp."""

import random

import pytest

from tests.browser.layout import assert_fits
from tests.factories import make_organizer
from tournaments import demo
from tournaments.teams.models import LineupEntry, TeamMatch
from tournaments.teams.services import roster

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long Passphrase 42"


@pytest.fixture
def league():
    organizer = make_organizer("captain-olga")
    organizer.set_password(PASSWORD)
    organizer.save()
    players = demo._players(random.Random(demo.SEED))
    return demo.team_league(organizer, players, random.Random(1)), organizer


def test_a_visitor_on_a_phone_reads_the_team_standings(live_server, page, browser, league):
    event, _organizer = league
    page.goto(f"{live_server.url}/events/{event.slug}/")
    page.get_by_role("link", name="Team standings").click()
    assert page.get_by_role("heading", level=1).inner_text() == "Team standings"
    rows = page.locator("#team-standings tbody tr")
    assert rows.count() == 6
    assert "Ineligible player fielded in round 1" in page.locator("#adjustments").inner_text()
    assert_fits(page, shot="teams-standings")
    leader = page.locator("#team-standings tbody tr").first.locator("a")
    name = leader.inner_text()
    leader.click()
    assert page.get_by_role("heading", level=1).inner_text() == name
    assert page.locator("#team-players tbody tr").count() >= 8
    assert page.locator("#team-match-list tbody tr").count() == 3
    assert_fits(page, shot="teams-team-page")
    page.get_by_role("link", name="Team matches").first.click()
    assert page.locator("section#round-3 table.team-match").count() == 3
    assert "ff" in page.locator("section#round-3").inner_text()
    assert_fits(page, shot="teams-matches")

    french = browser.new_context(locale="fr-FR", viewport={"width": 390, "height": 844})
    try:
        phone = french.new_page()
        phone.goto(f"{live_server.url}/events/{event.slug}/teams/")
        assert phone.get_by_role("heading", level=1).inner_text() == "Classement par équipes"
        assert "points de match" in phone.locator("#adjustments").inner_text()
        assert_fits(phone, shot="teams-standings-fr")
    finally:
        french.close()


def test_an_organizer_enters_a_lineup_with_a_reserve_and_pairs(live_server, page, league):
    event, _organizer = league
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "captain-olga")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()

    match = TeamMatch.objects.filter(round__event=event, round__number=4).order_by("number")
    first = next(m for m in match if 1 in (m.team_a.number, m.team_b.number))
    team = first.team_a if first.team_a.number == 1 else first.team_b
    reserve = roster(team)[8]
    page.goto(f"{live_server.url}/admin/tournaments/teammatch/?round__number=4")
    assert_fits(page, shot="teams-admin-matches")
    page.get_by_role("link", name=str(first)).click()
    assert_fits(page, shot="teams-admin-lineup")
    form = page.locator("form.team-lineup").filter(has_text=team.name)
    form.locator(f"#id_team{team.pk}-board_1").select_option(str(reserve.pk))
    form.get_by_role("button", name=f"Save the lineup of {team.name}").click()
    assert f"Lineup of {team.name} saved." in page.locator("ul.messagelist").inner_text()
    assert LineupEntry.objects.get(match=first, team=team, board=1).member == reserve

    # The same reserve twice is refused with the board named, and nothing changes.
    form = page.locator("form.team-lineup").filter(has_text=team.name)
    form.locator(f"#id_team{team.pk}-board_2").select_option(str(reserve.pk))
    form.get_by_role("button", name=f"Save the lineup of {team.name}").click()
    assert "Board 2:" in page.locator("ul.messagelist").inner_text()
    assert "is already in the lineup" in page.locator("ul.messagelist").inner_text()
    assert_fits(page, shot="teams-admin-refusal")

    page.goto(f"{live_server.url}/admin/tournaments/teammatch/?round__number=4")
    page.locator("#action-toggle").check()
    page.select_option("select[name=action]", "pair_boards")
    page.locator("button[name=index]").click()
    assert "paired." in page.locator("ul.messagelist").inner_text()
    assert first.boards.count() == 8
    page.goto(f"{live_server.url}/admin/tournaments/teammatch/{first.pk}/change/")
    assert "the lineups are frozen" in page.locator("#content-main").inner_text()
    assert_fits(page, shot="teams-admin-paired")
