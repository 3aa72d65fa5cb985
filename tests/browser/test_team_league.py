"""A club league in Chromium: a visitor on a 390 px phone reads the team standings (the
penalty with its reason), a team's page (roster, board results, matches) and the matches
board by board, in English and in French; an
organizer opens a match of the scheduled round, puts a reserve in for an absent first board,
saves the lineup and pairs the round's boards; an organizer runs a league from an empty
database (the event, its team competition, the players and teams imported after a preview,
a lineup with a reserve, the pairing, results by board, a penalty, the publication) that a
visitor's phone then follows; a captain logs in, replaces an absentee by a reserve, is
refused another team's lineups, finds his lineup frozen once the round is paired, and
reaches it again from his desk page. Every page: no server error, no horizontal scroll at
390 px nor at 1366 px (tests/browser/layout.py); screenshots in DAMIER_SHOTS."""

from decimal import Decimal

import pytest
from django.db.models import Q
from playwright.sync_api import expect

from tests.browser.layout import Walk, assert_fits
from tests.factories import UserFactory, demo_league, make_organizer
from tournaments.models import Event, Game, GameResult, Round, RoundStatus
from tournaments.teams.models import LineupEntry, Team, TeamAdjustment, TeamCompetition, TeamMatch
from tournaments.teams.selectors import team_matches, team_standings_get
from tournaments.teams.services import roster, team_round_pair

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long Passphrase 42"


@pytest.fixture
def league():
    organizer = make_organizer("captain-olga")
    organizer.set_password(PASSWORD)
    organizer.save()
    return demo_league(organizer), organizer


def test_a_visitor_on_a_phone_reads_the_team_standings(live_server, page, browser, league):
    event, _organizer = league
    page.goto(f"{live_server.url}/events/{event.slug}/")
    page.get_by_role("link", name="Team standings", exact=True).first.click()
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
    expect(page.locator("section#round-3 table.team-match")).to_have_count(3)
    assert "ff" in page.locator("section#round-3").inner_text()
    assert_fits(page, shot="teams-matches")
    page.get_by_role("link", name="Team crosstable").first.click()
    assert page.get_by_role("heading", level=1).inner_text() == "Team crosstable"
    crosstable = page.locator("#team-crosstable tbody tr")
    assert crosstable.count() == 6
    assert crosstable.first.locator("th a").inner_text() == name  # standings order
    assert_fits(page, shot="teams-crosstable")

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


PLAYERS_CSV = "last_name,first_name,federation,rating\n" + "".join(
    f"{last},{first},FRA,{2300 - 10 * index}\n"
    for index, (last, first) in enumerate(
        (
            ("Arnaud", "Luc"),
            ("Blanc", "Claire"),
            ("Caron", "Julien"),
            ("Durand", "Pierre"),
            ("Étienne", "Marc"),
            ("Fabre", "Anne"),
            ("Girard", "Thomas"),
            ("Hugo", "Léa"),
            ("Imbert", "Paul"),
            ("Jacob", "Inès"),
            ("Klein", "Hugo"),
            ("Lambert", "Zoé"),
        )
    )
)
#: Four teams of two boards and a reserve, in the players' order.
TEAMS_CSV = "team,order,last_name,first_name,reserve\n" + "".join(
    f"{team},{order},{line.split(',')[0]},{line.split(',')[1]},{'yes' if order == 3 else 'no'}\n"
    for index, line in enumerate(PLAYERS_CSV.splitlines()[1:])
    for team, order in [
        (("Damiers de Lille", "Pions d'Amiens", "Dames de Dakar", "Het Noorden")[index // 3],
         index % 3 + 1)
    ]
)  # fmt: skip


def test_an_organizer_runs_a_league_from_an_empty_database(live_server, page, browser, tmp_path):
    organizer = make_organizer("league-louise")
    organizer.set_password(PASSWORD)
    organizer.save()
    assert not Event.objects.exists() and not Team.objects.exists()
    walk = Walk(page, live_server.url)
    page.set_viewport_size({"width": 1366, "height": 900})
    walk.go("/admin/login/", "league-login")
    page.fill("#id_username", "league-louise")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    walk.check("league-index")

    # The event, then its team competition: two boards a match.
    walk.go("/admin/tournaments/event/add/", "league-event-add")
    page.fill("#id_name", "Interclubs Nord")
    page.select_option("#id_variant", "international")
    page.fill("#id_start_date", "2026-09-01")
    page.fill("#id_end_date", "2026-12-01")
    page.select_option("#id_system", "rr")
    page.locator("input[name=_save]").click()
    walk.check("league-event-saved")
    event = Event.objects.get(name="Interclubs Nord")
    assert not event.published
    walk.go("/admin/tournaments/teamcompetition/add/", "league-competition-add")
    page.select_option("#id_event", label="Interclubs Nord")
    page.fill("#id_boards", "2")
    page.locator("input[name=_save]").click()
    walk.check("league-competition-saved")
    assert TeamCompetition.objects.get(event=event).boards == 2

    # The twelve players: imported after a preview, then registered from the event's page.
    walk.go("/admin/tournaments/player/import/", "league-players-import")
    players_file = tmp_path / "joueurs.csv"
    players_file.write_text(PLAYERS_CSV, encoding="utf-8")
    page.set_input_files("#id_file", str(players_file))
    page.get_by_role("button", name="Preview the import").click()
    walk.check("league-players-preview")
    assert "12 players will be created" in page.inner_text("#import-summary")
    page.get_by_role("button", name="Confirm the import").click()
    walk.check("league-players-imported")
    walk.go(f"/admin/tournaments/event/{event.pk}/change/", "league-event")
    page.get_by_role("link", name="Register players").click()
    walk.check("league-register")
    for box in page.locator("#register-players input[type=checkbox]").all():
        box.check()
    page.get_by_role("button", name="Register the ticked players").click()
    walk.check("league-registered")
    assert event.registrations.count() == 12

    # The teams: a CSV with its preview, nothing written before the confirmation.
    walk.go("/admin/tournaments/team/", "league-teams")
    page.get_by_role("link", name="Import CSV").click()
    walk.check("league-teams-import")
    teams_file = tmp_path / "equipes.csv"
    teams_file.write_text(TEAMS_CSV, encoding="utf-8")
    page.select_option("#id_event", label="Interclubs Nord")
    page.set_input_files("#id_file", str(teams_file))
    page.get_by_role("button", name="Preview the import").click()
    walk.check("league-teams-preview")
    assert "4 teams will be created" in page.inner_text("#import-summary")
    assert not Team.objects.filter(event=event).exists()
    page.get_by_role("button", name="Confirm the import").click()
    walk.check("league-teams-imported")
    assert "Import done: 4 teams created, 12 players placed." in page.inner_text(".messagelist")

    # Round 1 scheduled from the competition's list: Lille (1) meets Het Noorden (4).
    walk.go("/admin/tournaments/teamcompetition/", "league-competitions")
    page.locator("#action-toggle").check()
    page.select_option("select[name=action]", "schedule_next_round")
    page.locator("button[name=index]").click()
    walk.check("league-scheduled")
    assert "round 1 scheduled" in page.inner_text(".messagelist")
    lille = Team.objects.get(event=event, name="Damiers de Lille")
    match = TeamMatch.objects.get(round__event=event, round__number=1, team_a=lille)
    _arnaud, blanc, caron = roster(lille)

    # Arnaud (board 1) is absent: Blanc moves up, the reserve Caron plays board 2.
    walk.go("/admin/tournaments/teammatch/?round__number=1", "league-matches")
    page.get_by_role("link", name=str(match)).click()
    walk.check("league-lineup")
    form = page.locator("form.team-lineup").filter(has_text=lille.name)
    form.locator(f"#id_team{lille.pk}-board_1").select_option(str(blanc.pk))
    form.locator(f"#id_team{lille.pk}-board_2").select_option(str(caron.pk))
    form.get_by_role("button", name=f"Save the lineup of {lille.name}").click()
    walk.check("league-lineup-saved")
    assert f"Lineup of {lille.name} saved." in page.inner_text(".messagelist")

    # Pair the round's boards, then publish the round.
    walk.go("/admin/tournaments/teammatch/?round__number=1", "league-matches-again")
    page.locator("#action-toggle").check()
    page.select_option("select[name=action]", "pair_boards")
    page.locator("button[name=index]").click()
    walk.check("league-paired")
    assert "paired." in page.inner_text(".messagelist")
    round_1 = Round.objects.get(event=event, number=1)
    assert match.boards.get(number=1).pairing.white.player == blanc.registration.player
    walk.go(f"/admin/tournaments/round/{round_1.pk}/change/", "league-round")
    page.get_by_role("button", name="Publish").click()
    walk.check("league-round-published")
    round_1.refresh_from_db()
    assert round_1.status == RoundStatus.PUBLISHED

    # The results, board by board, by keyboard: 1-0, draw, 0-1, 1-0.
    page.get_by_role("link", name="Enter results").click()
    walk.check("league-results")
    for key in ("1", "5", "0", "1"):
        page.keyboard.press(key)
    page.get_by_role("button", name="Save").click()
    walk.check("league-results-saved")
    results = list(
        Game.objects.filter(pairing__round=round_1)
        .order_by("pairing__board")
        .values_list("result", flat=True)
    )
    assert results == [
        GameResult.WHITE_WIN,
        GameResult.DRAW,
        GameResult.BLACK_WIN,
        GameResult.WHITE_WIN,
    ]
    assert all(m.finished for m in team_matches(event))

    # A penalty: two match points off Het Noorden, with its reason.
    noorden = Team.objects.get(event=event, name="Het Noorden")
    walk.go(f"/admin/tournaments/team/{noorden.pk}/change/", "league-team")
    page.locator("#adjustments-group").get_by_text("Add another Team adjustment").click()
    page.fill("#id_adjustments-0-match_points", "-2")
    page.fill("#id_adjustments-0-reason", "Lineup handed in late (league rules)")
    page.locator("input[name=_save]").click()
    walk.check("league-penalty")
    assert TeamAdjustment.objects.get(team=noorden).match_points == Decimal(-2)

    # Published, and followed on a phone.
    walk.go(f"/admin/tournaments/event/{event.pk}/change/", "league-publish")
    page.get_by_role("button", name="Publish event").click()
    walk.check("league-published")
    assert "Interclubs Nord is published" in page.inner_text(".messagelist")
    phone = browser.new_context(locale="en-GB", viewport={"width": 390, "height": 844})
    try:
        visitor = phone.new_page()
        visitor.goto(f"{live_server.url}/events/")
        visitor.get_by_role("link", name="Interclubs Nord").click()
        visitor.get_by_role("link", name="Team standings", exact=True).first.click()
        assert visitor.get_by_role("heading", level=1).inner_text() == "Team standings"
        rows = visitor.locator("#team-standings tbody tr")
        assert rows.count() == 4
        # Lille beat Het Noorden 3-1 (Blanc's win, a draw); Dakar beat Amiens 4-0.
        standings = {s.name: s.row for s in team_standings_get(event)}
        assert (standings["Het Noorden"].match_points, standings["Het Noorden"].board_points) == (
            -2,
            1,
        )
        assert "Dames de Dakar" in rows.first.inner_text()
        assert "Lineup handed in late (league rules)" in visitor.inner_text("#adjustments")
        assert_fits(visitor, shot="league-phone-standings")
    finally:
        phone.close()


def test_a_captain_sets_his_lineup_until_the_round_is_paired(live_server, page, league):
    event, organizer = league
    # The first team has a reserve: its match of round 4, scheduled, not paired.
    match = TeamMatch.objects.get(
        Q(team_a__number=1) | Q(team_b__number=1), round__event=event, round__number=4
    )
    team, other = (
        (match.team_a, match.team_b)
        if match.team_a.number == 1
        else (
            match.team_b,
            match.team_a,
        )
    )
    captain = UserFactory(username="captain-cheikh", is_staff=False)
    captain.set_password(PASSWORD)
    captain.save()
    player = team.captain
    player.user = captain
    player.save()
    first, second, *_rest = roster(team)
    reserve = roster(team)[-1]
    assert reserve.reserve

    # From his team's page, through the site's login.
    page.goto(f"{live_server.url}/events/{event.slug}/teams/{team.number}/")
    page.get_by_role("link", name="Lineups for the captain (login)").click()
    page.fill("#id_username", "captain-cheikh")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    heading = f"Lineups of {team.name}"
    assert page.get_by_role("heading", level=1).inner_text() == heading
    assert "Paired: the lineup is frozen." in page.inner_text("#round-1")
    assert f"against {other.name}" in page.inner_text("#round-4")
    assert_fits(page, shot="captain-lineups")

    # His first board cannot come: the second moves up and the reserve plays the last board.
    form = page.locator(f"#lineup-{match.pk}")
    assert form.locator(f"#id_match{match.pk}-board_1").input_value() == str(first.pk)
    boards = event.team_competition.boards
    regulars = [m for m in roster(team) if m != first and not m.reserve]
    lineup = [*regulars[: boards - 1], reserve]
    for board, member in enumerate(lineup, start=1):
        form.locator(f"#id_match{match.pk}-board_{board}").select_option(str(member.pk))
    form.get_by_role("button", name="Save the lineup of round 4").click()
    assert "Lineup of" in page.inner_text("#lineup-messages")
    entries = LineupEntry.objects.filter(match=match, team=team).order_by("board")
    assert [e.member for e in entries] == lineup and first not in lineup
    assert page.locator(f"#id_match{match.pk}-board_1").input_value() == str(second.pk)
    assert_fits(page, shot="captain-lineup-saved")

    # Another team's lineups: refused, nothing of them shown.
    answer = page.goto(f"{live_server.url}/events/{event.slug}/teams/{other.number}/lineups/")
    assert answer.status == 403
    assert "for its captain and the event's organizers only" in page.inner_text("main")
    assert_fits(page, shot="captain-refused")

    # The organizer pairs round 4: the lineup is frozen, shown as it was paired.
    team_round_pair(round=match.round, user=organizer)
    page.goto(f"{live_server.url}/events/{event.slug}/teams/{team.number}/lineups/")
    assert page.locator(f"#lineup-{match.pk}").count() == 0
    section = page.inner_text("#round-4")
    assert "Paired: the lineup is frozen." in section
    assert str(reserve.registration.player) in section
    assert str(first.registration.player) not in section
    assert_fits(page, shot="captain-frozen")

    # His front door after logging in lists the teams he captains.
    page.goto(f"{live_server.url}/desk/")
    page.locator("#captain-teams").get_by_role("link", name=team.name).click()
    assert page.get_by_role("heading", level=1).inner_text() == heading
    assert_fits(page, shot="captain-desk")
