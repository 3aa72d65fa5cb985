"""An organizer takes an event home and brings it back, in Chromium: downloads the event's
archive from its admin page, then imports it from the list of events: the preview says that
the slug is taken and how each player is matched, nothing is written until the import is
confirmed under a new slug, and the imported event opens as a draft. A team league travels
the same way, its teams, team matches and lineups counted in the preview. Every page: no
server error, no horizontal scroll at 390 px nor at 1366 px."""

import io
import json
import zipfile

import pytest

from games.services.records import record_save
from tests.browser.layout import assert_fits, screenshot
from tests.factories import make_organizer, played_event, played_team_league
from tournaments.documents.models import Document
from tournaments.documents.services import document_build
from tournaments.models import Event, Game, Player

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long Passphrase 42"

PDN = '[Event "?"]\n[Result "2-0"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n'


def _shot(page, name: str) -> None:
    for width in (390, 1366):
        page.set_viewport_size({"width": width, "height": 900})
        screenshot(page, f"archive-{name}-{width}")


def test_an_organizer_downloads_an_event_and_imports_it(live_server, page, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    organizer = make_organizer("olga")
    organizer.set_password(PASSWORD)
    organizer.save()
    event, round_ = played_event(organizer, players=6)
    for number, player in enumerate(Player.objects.order_by("pk"), 1):
        player.fmjd_id = f"4000{number}"
        player.save()
    record_save(game=Game.objects.filter(pairing__round=round_).first(), pdn=PDN, user=organizer)
    document_build(document_id=Document.objects.create(event=event, kind="standings").pk)
    errors: list[str] = []
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 500 else None)

    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()

    # Download: the tool of the event's page.
    page.goto(f"{live_server.url}/admin/tournaments/event/{event.pk}/change/")
    assert_fits(page)
    with page.expect_download() as download:
        page.locator("#event-archive").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name == f"{event.slug}-archive.zip"
    names = zipfile.ZipFile(io.BytesIO(saved.read_bytes())).namelist()
    assert {"manifest.json", "rounds.json", "documents/standings.pdf"} <= set(names)
    assert any(name.startswith("records/") for name in names)
    players = json.loads(zipfile.ZipFile(saved).read("players.json"))
    assert len(players) == 6 and all("email" in p for p in players)

    # Import: from the list of events, a preview first.
    page.goto(f"{live_server.url}/admin/tournaments/event/")
    page.locator("#event-archive-import").click()
    assert_fits(page)
    _shot(page, "upload")
    page.set_input_files("#id_file", str(saved))
    page.get_by_role("button", name="Preview the import").click()
    page.wait_for_load_state()
    preview = page.locator("#archive-preview").inner_text()
    assert "nothing has been written yet" in preview
    assert f"The slug {event.slug} is taken" in preview
    assert preview.count("matched by FMJD id") == 6
    assert Event.objects.count() == 1, "the preview wrote an event"
    assert_fits(page)
    _shot(page, "preview")

    # The slug offered is free; confirming imports the event as a draft.
    assert page.input_value("#id_slug") == f"{event.slug}-2"
    page.fill("#id_slug", "open-brought-home")
    page.get_by_role("button", name="Confirm the import").click()
    page.wait_for_load_state()
    assert "is imported as a draft" in page.locator(".messagelist").first.inner_text()
    imported = Event.objects.get(slug="open-brought-home")
    assert page.url.endswith(f"/admin/tournaments/event/{imported.pk}/change/")
    assert not imported.published and imported.registrations.count() == 6
    assert Document.objects.get(event=imported).has_file
    assert_fits(page)
    _shot(page, "imported")
    assert not errors, errors


def test_a_team_league_travels_with_its_teams(live_server, page, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    event, organizer = played_team_league()
    organizer.set_password(PASSWORD)
    organizer.save()
    errors: list[str] = []
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 500 else None)

    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", organizer.username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()

    page.goto(f"{live_server.url}/admin/tournaments/event/{event.pk}/change/")
    with page.expect_download() as download:
        page.locator("#event-archive").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    teams = json.loads(zipfile.ZipFile(saved).read("teams.json"))
    assert [t["name"] for t in teams["teams"]] == ["Team 1", "Team 2", "Team 3", "Team 4"]

    page.goto(f"{live_server.url}/admin/tournaments/event/")
    page.locator("#event-archive-import").click()
    page.set_input_files("#id_file", str(saved))
    page.get_by_role("button", name="Preview the import").click()
    page.wait_for_load_state()
    counts = page.locator("#archive-counts").inner_text()
    for line in ("Teams\t4", "Team matches\t2", "Lineup entries\t2", "Team adjustments\t1"):
        assert line in counts, counts
    assert_fits(page)
    _shot(page, "team-preview")

    page.fill("#id_slug", "league-brought-home")
    page.get_by_role("button", name="Confirm the import").click()
    page.wait_for_load_state()
    assert "is imported as a draft" in page.locator(".messagelist").first.inner_text()
    imported = Event.objects.get(slug="league-brought-home")
    assert imported.teams.count() == 4 and imported.team_competition.boards == 2
    assert_fits(page)
    assert not errors, errors
