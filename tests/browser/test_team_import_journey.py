"""An organizer imports the teams of a league from a CSV file in Chromium: the teams page's
"Import CSV", the event and the file, a preview where a line is refused naming its line and
field and nothing is written yet, the confirmation, the teams listed with their rosters. Every
page: no server error, no horizontal scroll at 390 px nor at 1366 px; screenshots in
DAMIER_SHOTS."""

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits
from tests.factories import event_with_players, make_organizer
from tournaments.models import System
from tournaments.teams.models import Team, TeamCompetition

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long Passphrase 42"


def test_an_organizer_imports_teams_after_a_preview(live_server, page, tmp_path):
    organizer = make_organizer("league-lea")
    organizer.set_password(PASSWORD)
    organizer.save()
    event = event_with_players(organizer, players=5, system=System.ROUND_ROBIN)
    TeamCompetition.objects.create(event=event, boards=2)
    players = [r.player for r in event.registrations.order_by("pk").select_related("player")]
    lines = ["Équipe;Ordre;Nom;Prénom;Réserve"]
    for team, order, player, reserve in (
        ("Damiers de Lille", 1, players[0], "non"),
        ("Damiers de Lille", 2, players[1], "non"),
        ("Damiers de Lille", 3, players[2], "oui"),
        ("Pions d'Amiens", 1, players[3], ""),
        ("Pions d'Amiens", "deux", players[4], ""),
    ):
        lines.append(f"{team};{order};{player.last_name};{player.first_name};{reserve}")
    csv_file = tmp_path / "equipes.csv"
    csv_file.write_bytes("\n".join(lines).encode("utf-8"))

    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "league-lea")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/admin/tournaments/team/")
    page.get_by_role("link", name="Import CSV").click()
    assert page.get_by_role("heading", level=1).inner_text() == "Import teams from a CSV file"
    assert_fits(page, shot="teams-import-form")
    page.select_option("#id_event", label=event.name)
    page.set_input_files("#id_file", str(csv_file))
    page.get_by_role("button", name="Preview the import").click()

    summary = page.locator("#import-summary").inner_text()
    assert "2 teams will be created" in summary and "1 line refused" in summary
    refused = page.locator("#import-preview tr.import-line-refused").inner_text()
    assert "6" in refused and "order: 'deux' is not a whole number from 1." in refused
    assert not Team.objects.filter(event=event).exists()
    assert_fits(page, shot="teams-import-preview")

    page.get_by_role("button", name="Confirm the import").click()
    message = page.locator("ul.messagelist").inner_text()
    assert "Import done: 2 teams created, 4 players placed." in message
    assert page.locator("#result_list tbody tr").count() == 2
    assert_fits(page, shot="teams-import-done")
    page.get_by_role("link", name="Damiers de Lille").click()
    expect(page.locator("#members-group tr.has_original")).to_have_count(3)
    lille = Team.objects.get(event=event, name="Damiers de Lille")
    assert list(lille.members.order_by("order").values_list("reserve", flat=True)) == [
        False,
        False,
        True,
    ]
    assert_fits(page, shot="teams-import-team")
