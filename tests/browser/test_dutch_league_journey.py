"""A KNDB-style club league in Dutch, in Chromium, from a secretary's files to the printed
standings, without a workaround: the organizer (browser in Dutch) imports the players from the
secretary's file (Dutch headers, DD-MM-YYYY birth dates, Windows-1252) after its preview,
registers them in the league, imports the teams (Dutch headers, ja/nee for reserves) after its
preview; on the team round page he schedules round 1, marks a team that did not show up (asked
first), pairs the boards and publishes the round; he enters the other match's results on the
round's result sheet, corrects one board, gives the absent team a one-match-point penalty with
its reason; then a visitor's phone sees the team standings with the penalty, and the team
standings PDF, downloaded through the event page's link once rebuilt, prints the same figures.
Admin pages: no server error, no horizontal scroll at 1366 px (nor 390 px); public pages at
390 px (tests/browser/layout.py); screenshots in DAMIER_SHOTS."""

import io
import re

import pytest
from pypdf import PdfReader

from tests.browser.layout import Walk, assert_fits, logged_in_context
from tests.factories import event_made, make_organizer
from tournaments.models import Game, GameResult, Player, System
from tournaments.teams.models import Team, TeamCompetition, TeamMatch

pytestmark = pytest.mark.django_db(transaction=True)

#: The secretary's players file: (last name, first name, birth date DD-MM-YYYY).
PLAYERS = (
    ("de Haan", "Jan", "05-03-1990"),
    ("van 't Hof", "Pieter", "17-11-1985"),
    ("Bakker", "Sanne", "02-07-2001"),
    ("van der Veen", "Klaas", "23-09-1978"),
    ("Mulder", "Eline", "30-01-1995"),
    ("de Jong", "Henk", "11-12-1969"),
    ("Visser", "Anouk", "08-05-2003"),
    ("Smit", "Joost", "19-08-1988"),
    ("Meijer", "Fenna", "27-04-1999"),
)
#: The teams file: team, order, player (index in PLAYERS), reserve (ja/nee).
TEAMS = (
    ("Damlust", 1, 0, "nee"),
    ("Damlust", 2, 1, "nee"),
    ("Damlust", 3, 8, "ja"),
    ("Het Noorden", 1, 2, "nee"),
    ("Het Noorden", 2, 3, "nee"),
    ("Ons Genoegen", 1, 4, "nee"),
    ("Ons Genoegen", 2, 5, "nee"),
    ("Fryslân", 1, 6, "nee"),
    ("Fryslân", 2, 7, "nee"),
)
REASON = "Niet opgekomen zonder bericht (reglement art. 12)"


def _team_standings_pdf(browser, base: str, slug: str) -> str:
    """The team standings PDF's text, downloaded by a visitor's phone through the link of the
    event page's documents, once its status says it is built (the link answers "being
    generated" until then); the page fits 390 px."""
    visitor = browser.new_context(locale="nl-NL", viewport={"width": 390, "height": 844})
    try:
        phone = visitor.new_page()
        phone.set_default_timeout(15_000)
        phone.goto(f"{base}/events/{slug}/")
        documents = phone.locator("section.documents")
        assert documents.locator("h2").inner_text() == "Af te drukken documenten"
        link = documents.locator("li[data-kind=teamstanding] a")
        assert link.inner_text() == "Teamstand (PDF)"
        address = base + link.get_attribute("href")
        answer = phone.request.get(address)
        if answer.status == 503:  # never built yet: the request started it
            phone.wait_for_function(
                "url => fetch(url).then(r => r.json())"
                ".then(s => s.teamstanding && s.teamstanding.status === 'done')",
                arg=f"{base}/events/{slug}/documents/status.json",
                polling=500,
            )
            answer = phone.request.get(address)
        status = phone.request.get(f"{base}/events/{slug}/documents/status.json").json()
        assert status["teamstanding"]["status"] == "done", status
        phone.reload()
        assert documents.locator("li[data-kind=teamstanding] span").inner_text() == ""
        assert_fits(phone, shot="nl-league-home")
        assert answer.status == 200 and answer.headers["content-type"] == "application/pdf"
        reader = PdfReader(io.BytesIO(answer.body()))
        return "\n".join(page.extract_text() for page in reader.pages)
    finally:
        visitor.close()


def _cells(row) -> list[str]:
    return [cell.strip() for cell in row.locator("td").all_inner_texts()]


def _printed(text: str, team: str) -> tuple[str, str]:
    """A team's MP and BP in the team standings PDF's text (one cell a line: rank, team,
    MP, BP, adjustment)."""
    lines = [line.strip() for line in text.splitlines()]
    at = lines.index(team)
    return lines[at + 1], lines[at + 2]


def test_a_dutch_league_from_the_secretarys_files_to_the_printed_standings(
    live_server, browser, tmp_path
):
    organizer = make_organizer("secretaris-sjoerd")
    event = event_made(
        organizer,
        system=System.ROUND_ROBIN,
        name="Clubcompetitie Friesland",
        published=True,
        language="nl",  # the language of its printed documents, chosen by the organizer
    )
    competition = TeamCompetition.objects.create(event=event, boards=2)
    players_file = tmp_path / "spelers.csv"
    players_file.write_bytes(
        "\r\n".join(
            ["Achternaam;Voornaam;Bond;Geboortedatum"]
            + [f"{last};{first};NED;{born}" for last, first, born in PLAYERS]
        ).encode("cp1252")
    )
    teams_file = tmp_path / "teams.csv"
    teams_file.write_bytes(
        "\r\n".join(
            ["Ploeg;Volgorde;Achternaam;Voornaam;Invaller"]
            + [
                f"{team};{order};{PLAYERS[i][0]};{PLAYERS[i][1]};{reserve}"
                for team, order, i, reserve in TEAMS
            ]
        ).encode("cp1252")
    )

    context = logged_in_context(browser, live_server, organizer, locale="nl-NL")
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        walk = Walk(page, live_server.url)

        # The players file: a preview, nothing written yet, then the confirmation.
        walk.go("/admin/tournaments/player/", "nl-league-01-players")
        page.get_by_role("link", name="CSV importeren").click()
        assert page.locator("h1").inner_text() == "Spelers importeren uit een CSV-bestand"
        page.set_input_files("#id_file", str(players_file))
        page.get_by_role("button", name="Voorbeeld van de import").click()
        walk.check("nl-league-02-players-preview")
        assert "9 spelers worden aangemaakt" in page.locator("#import-summary").inner_text()
        assert not Player.objects.exists()
        page.get_by_role("button", name="De import bevestigen").click()
        walk.check("nl-league-03-players-imported")
        assert "Import voltooid" in page.locator("ul.messagelist").inner_text()
        haan = Player.objects.get(last_name="de Haan")
        assert haan.birth_date.isoformat() == "1990-03-05"

        # Every player registered in the league from the players list.
        page.locator("#action-toggle").check()
        page.select_option("select[name=action]", "register_in_event")
        page.get_by_role("button", name="Uitvoeren").click()
        walk.check("nl-league-04-register")
        page.select_option("#id_event", label=event.name)
        page.get_by_role("button", name="Inschrijven").click()
        walk.check("nl-league-05-registered")
        assert (
            f"9 spelers ingeschreven in {event.name}" in page.locator("ul.messagelist").inner_text()
        )

        # The teams file: Dutch headers, ja/nee; a preview, then the confirmation.
        walk.go("/admin/tournaments/team/", "nl-league-06-teams")
        page.get_by_role("link", name="CSV importeren").click()
        assert page.locator("h1").inner_text() == "Teams importeren uit een CSV-bestand"
        page.select_option("#id_event", label=event.name)
        page.set_input_files("#id_file", str(teams_file))
        page.get_by_role("button", name="Voorbeeld van de import").click()
        walk.check("nl-league-07-teams-preview")
        assert "4 teams worden aangemaakt" in page.locator("#import-summary").inner_text()
        assert not Team.objects.filter(event=event).exists()
        page.get_by_role("button", name="De import bevestigen").click()
        walk.check("nl-league-08-teams-imported")
        assert "Import voltooid: 4 teams" in page.locator("ul.messagelist").inner_text()
        assert page.locator("#result_list tbody tr").count() == 4
        damlust = Team.objects.get(event=event, name="Damlust")
        assert [(m.order, m.reserve) for m in damlust.members.order_by("order")] == [
            (1, False),
            (2, False),
            (3, True),
        ]

        # Round 1 from the team round page: schedule, a no-show (asked first), pair, publish.
        round_page = f"/admin/tournaments/teamcompetition/{competition.pk}/round/"
        walk.go(round_page, "nl-league-09-team-round")
        assert "schedule the first one" not in page.content()
        page.get_by_role("button", name="Volgende ronde plannen").click()
        walk.check("nl-league-10-scheduled")
        assert "Teamronde 1" in page.locator("h1").inner_text()
        absent_match, played_match = TeamMatch.objects.filter(
            round__event=event, round__number=1
        ).order_by("number")
        absent = absent_match.team_b
        section = page.locator(f"#match-{absent_match.number}")
        section.get_by_role("button", name=f"{absent.name} niet opgekomen…").click()
        walk.check("nl-league-11-no-show-question")
        assert (
            f"omdat {absent.name} niet is opgekomen?"
            in page.locator("#confirm-question").inner_text()
        )
        page.get_by_role("button", name="Wedstrijd reglementair beslissen").click()
        walk.check("nl-league-12-no-show")
        assert "is niet opgekomen" in page.locator("ul.messagelist").inner_text()
        page.get_by_role("button", name="Borden indelen").click()
        walk.check("nl-league-13-paired")
        page.get_by_role("link", name="Ronde nakijken en publiceren").click()
        walk.check("nl-league-14-round")
        page.get_by_role("button", name="Publiceren").click()
        walk.check("nl-league-15-published")

        # The result sheet: the played match's two boards (the absent team's are forfeits).
        walk.go(round_page, "nl-league-16-team-round-published")
        no_show_boards = page.locator(f"#match-{absent_match.number} table.team-round-boards")
        assert all(
            "reglementair" in row for row in no_show_boards.locator("tbody tr").all_inner_texts()
        )
        page.get_by_role("link", name="Uitslagen invoeren").click()
        walk.check("nl-league-17-result-sheet")
        games = list(
            Game.objects.filter(pairing__team_board__match=played_match).order_by(
                "pairing__team_board__number"
            )
        )
        assert len(games) == 2 and page.locator("#results select.result").count() == 2
        forfeits = page.locator("#results td.bye").all_inner_texts()
        assert forfeits == ["reglementair", "reglementair"]  # the absent team's boards
        assert "volpuntsbye" not in page.locator("#results").inner_text()
        page.select_option(f"#id_result-{games[0].pk}", GameResult.WHITE_WIN)
        page.select_option(f"#id_result-{games[1].pk}", GameResult.DRAW)
        page.get_by_role("button", name="Opslaan").click()
        walk.check("nl-league-18-results-saved")
        assert "2 uitslagen opgeslagen" in page.locator("ul.messagelist").inner_text()
        # Printed now, the standings of the first results: the board 2 draw, no penalty.
        printed_before = _team_standings_pdf(browser, live_server.url, event.slug)
        assert "Teamstand" in printed_before and "Team standings" not in printed_before
        assert _printed(printed_before, absent.name) == ("0", "0")
        assert _printed(printed_before, played_match.team_a.name) == ("2", "3")
        assert REASON not in printed_before
        # The second board's draw was a win for the black player: corrected on the same sheet.
        page.select_option(f"#id_result-{games[1].pk}", GameResult.BLACK_WIN)
        page.get_by_role("button", name="Opslaan").click()
        walk.check("nl-league-19-result-corrected")
        assert "1 uitslag opgeslagen" in page.locator("ul.messagelist").inner_text()
        games[1].refresh_from_db()
        assert games[1].result == GameResult.BLACK_WIN

        # The penalty: −1 match point with its reason, on the absent team's page.
        walk.go(f"/admin/tournaments/team/{absent.pk}/change/", "nl-league-20-team")
        adjustments = page.locator("#adjustments-group")
        adjustments.locator(".add-row a", has_text="Nog een Teamcorrectie toevoegen").click()
        page.fill("#id_adjustments-0-match_points", "-1")
        page.fill("#id_adjustments-0-reason", REASON)
        page.locator("input[name=_save]").click()
        walk.check("nl-league-21-penalty-saved")
        assert "errornote" not in page.content()
        assert absent.adjustments.get().reason == REASON
    finally:
        context.close()

    visitor = browser.new_context(locale="nl-NL", viewport={"width": 390, "height": 844})
    try:
        phone = visitor.new_page()
        phone.set_default_timeout(15_000)
        phone.goto(f"{live_server.url}/events/{event.slug}/teams/")
        assert phone.locator("h1").inner_text() == "Teamstand"
        rows = phone.locator("#team-standings tbody tr")
        assert rows.count() == 4
        by_team = {}
        for index in range(4):
            cells = _cells(rows.nth(index))
            by_team[re.sub(r"\s*\(.*\)$", "", cells[1])] = cells
        shown = by_team[absent.name]
        # Rank, team, played, MP, BP: the absent team lost its match and has a −1 penalty.
        assert "-1 MP gecorrigeerd" in shown[1]
        assert (shown[3], shown[4]) == ("-1", "0")
        # The correction: the match is won 4-0 (board 1 white, board 2 black: the same team).
        assert sorted(
            (by_team[team.name][3], by_team[team.name][4])
            for team in (played_match.team_a, played_match.team_b)
        ) == [("0", "0"), ("2", "4")]
        assert by_team[absent_match.team_a.name][3:5] == ["2", "4"]  # two forfeit wins
        adjustments = phone.locator("#adjustments").inner_text()
        assert f"{absent.name}: {REASON} (-1 matchpunten)" in adjustments
        assert_fits(phone, shot="nl-league-standings")

        # The printed standings, rebuilt after the correction and the penalty, say the same.
        printed = _team_standings_pdf(browser, live_server.url, event.slug)
        for team, cells in by_team.items():
            assert _printed(printed, team) == (cells[3], cells[4]), team
        assert _printed(printed, absent.name) == ("-1", "0")
        assert REASON in printed
    finally:
        visitor.close()
