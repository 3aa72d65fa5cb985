"""An organizer, from an empty database, runs a Swiss from the admin in Chromium: creates the
event (a draft no visitor sees) and publishes it, adds a player with the admin form, imports
a semicolon Latin-1 CSV that also changes an existing player (preview, then confirm),
registers the players from the event's page, pairs, enters results by keyboard (a forfeit
and a draw among them), completes the round, pairs round 2, hand-edits a board into a
rematch and confirms the publication over the warning, unpublishes and pairs the round
again, adds a late entry and a withdrawal (one from round 9 of 5 refused), types two game
records, then downloads every PDF of the event page, the TRF and the PDN, and reads what is
in them. Every page: no server error, no horizontal scroll at 390 px nor at 1366 px."""

import io
import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.browser.layout import Walk, assert_fits
from tests.factories import make_organizer
from tournaments.models import Event, Game, GameResult, Player, Round, RoundStatus

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long Passphrase 42"
#: A game record as typed (players filled in per game): its Result tag is replaced by the
#: official result on export.
RECORD = (
    '[Event "Open de Paris"]\n[White "{white}"]\n[Black "{black}"]\n[Result "2-0"]\n\n'
    "1. 32-28 19-23 2. 28x19 14x23 2-0\n"
)

CSV = (
    "last_name;first_name;federation;fmjd_id;rating;club\n"
    "Héron;Zoë;FRA;20001;2210;Brétigny\n"
    "Lefèvre;Cécile;FRA;20002;2150;Saint-Maur\n"
    "Sijbrands;Ton;NED;20003;2400;Amsterdam\n"
    "Wiersma;Harm;NED;20004;2380;Leeuwarden\n"
    "Sall;Ndiaga;SEN;20005;2300;Dakar\n"
    "Boomstra;Roel;NED;30000;2410;Hoogeveen\n"
)


def test_an_organizer_runs_a_swiss_from_an_empty_database(live_server, page, tmp_path):
    organizer = make_organizer("olga")
    organizer.set_password(PASSWORD)
    organizer.save()
    Player.objects.create(
        last_name="Boomstra", first_name="Roel", fmjd_id="30000", rating=2390, federation="NED"
    )
    walk = Walk(page, live_server.url)
    page.set_viewport_size({"width": 1366, "height": 900})

    walk.go("/admin/login/", "login")
    page.fill("#id_username", "olga")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    walk.check("index")
    assert "Damier administration" in page.title()

    # The event, from the admin's add form.
    walk.go("/admin/tournaments/event/add/", "event-add")
    page.fill("#id_name", "Open de Paris")
    page.select_option("#id_variant", "international")
    page.fill("#id_start_date", "2026-07-01")
    page.fill("#id_end_date", "2026-07-05")
    page.select_option("#id_system", "swiss")
    page.fill("#id_number_of_rounds", "5")
    page.locator("input[name=_save]").click()
    walk.check("event-saved")
    event = Event.objects.get(name="Open de Paris")
    assert event.slug == "open-de-paris"  # made from the name

    # A draft until published: a visitor finds neither the event nor its page; its
    # organizer previews the page under the draft banner, then publishes the event.
    assert not event.published
    visitor = page.context.browser.new_page(locale="en-GB", viewport={"width": 390, "height": 844})
    public = f"{live_server.url}/events/open-de-paris/"
    assert visitor.goto(public).status == 404
    assert_fits(visitor)
    visitor.goto(f"{live_server.url}/events/")
    assert "Open de Paris" not in visitor.locator("main").inner_text()
    assert_fits(visitor)
    walk.go("/events/open-de-paris/", "event-preview")
    assert "Draft: not public yet." in page.inner_text("#draft-notice")
    walk.go(f"/admin/tournaments/event/{event.pk}/change/", "event-draft")
    assert "Draft: not public yet." in page.inner_text("#event-draft-note")
    page.get_by_role("button", name="Publish event").click()
    walk.check("event-published")
    assert "Open de Paris is published" in page.inner_text(".messagelist")
    assert page.locator("#event-draft-note").count() == 0
    # Unpublishing asks first (followers would lose the pages); cancelled, nothing changes.
    page.locator(".object-tools").get_by_role("link", name="Unpublish").click()
    walk.check("event-unpublish-confirm")
    assert "Unpublish Open de Paris?" in page.inner_text("#confirm-question")
    assert "following it lose them" in page.inner_text("#confirm-items")
    page.get_by_role("link", name="Cancel").click()
    walk.check("event-unpublish-cancelled")
    event.refresh_from_db()
    assert event.published
    assert visitor.goto(public).status == 200
    assert visitor.get_by_role("heading", level=1).inner_text() == "Open de Paris"
    assert visitor.locator("#draft-notice").count() == 0
    assert_fits(visitor)
    visitor.goto(f"{live_server.url}/events/")
    assert "Open de Paris" in visitor.locator("main").inner_text()
    assert_fits(visitor)
    visitor.context.close()

    # A player with the admin's add form (it used to crash).
    walk.go("/admin/tournaments/player/add/", "player-add")
    page.fill("#id_last_name", "Baljakin")
    page.fill("#id_first_name", "Aleksandr")
    page.fill("#id_rating", "2350")
    page.locator("input[name=_save]").click()
    walk.check("player-saved")
    assert "was added successfully" in page.inner_text(".messagelist")

    # The CSV: semicolons, Latin-1, one line changing Boomstra's rating and club.
    walk.go("/admin/tournaments/player/import/", "import")
    file = tmp_path / "joueurs.csv"
    file.write_bytes(CSV.encode("latin-1"))
    page.set_input_files("#id_file", str(file))
    page.get_by_role("button", name="Preview the import").click()
    # The upload answers with its job's page (the preview ran as a job, here in-process).
    assert re.search(r"/admin/tournaments/player/import/\d+/$", page.url)
    walk.check("import-preview")
    summary = page.inner_text("#import-summary")
    assert "5 players will be created" in summary and "1 player will be changed" in summary
    preview = page.inner_text("#import-preview")
    assert "Héron, Zoë" in preview and "2390 → 2410" in preview
    assert not Player.objects.filter(last_name="Héron").exists()
    page.get_by_role("button", name="Confirm the import").click()
    walk.check("import-done")
    assert "Import done: 5 players created, 1 player updated." in page.inner_text(".messagelist")
    assert Player.objects.get(fmjd_id="30000").rating == 2410

    # Register the seven players from the event's own page.
    walk.go(f"/admin/tournaments/event/{event.pk}/change/", "event")
    page.get_by_role("link", name="Register players").click()
    walk.check("register")
    page.fill("#register-q", "Kuznetsov")  # nobody by that name
    page.get_by_role("button", name="Search").click()
    expect(page.locator("#register-players")).to_contain_text("No player to register")
    walk.check("register-search")
    page.fill("#register-q", "")
    page.get_by_role("button", name="Search").click()
    # The search reloads the page: the seven boxes are the new page's, not the old one's.
    boxes = page.locator("#register-players input[type=checkbox]")
    expect(boxes).to_have_count(7)
    for box in boxes.all():
        box.check()
    page.get_by_role("button", name="Register the ticked players").click()
    walk.check("registered")
    assert "7 players registered in Open de Paris." in page.inner_text(".messagelist")
    assert event.registrations.count() == 7

    # Round 1: pair, publish, results by keyboard (a forfeit and a draw), complete.
    page.get_by_role("button", name="Pair next round").click()
    walk.check("round-1-draft")
    page.get_by_role("button", name="Publish").click()
    walk.check("round-1-published")
    round_1 = Round.objects.get(event=event, number=1)
    assert round_1.status == RoundStatus.PUBLISHED
    page.get_by_role("link", name="Enter results").click()
    walk.check("results")
    for key in ("1", "+", "5"):  # the first pending select has the focus
        page.keyboard.press(key)
    page.get_by_role("button", name="Save").click()
    walk.check("results-saved")
    results = list(
        Game.objects.filter(pairing__round=round_1)
        .order_by("pairing__board")
        .values_list("result", flat=True)
    )
    assert results == [GameResult.WHITE_WIN, GameResult.WHITE_FORFEIT_WIN, GameResult.DRAW]
    walk.go(f"/admin/tournaments/round/{round_1.pk}/change/", "round-1")
    page.get_by_role("button", name="Complete round").click()
    walk.check("complete-confirm")
    assert "Its results become final" in page.inner_text("#confirm-question")
    page.get_by_role("button", name="Complete the round").click()
    walk.check("round-1-completed")
    round_1.refresh_from_db()
    assert round_1.status == RoundStatus.COMPLETED

    # Round 2: a hand edit into a rematch, publish over the warning after confirming.
    walk.go(f"/admin/tournaments/event/{event.pk}/change/", "event")
    page.get_by_role("button", name="Pair next round").click()
    walk.check("round-2-draft")
    round_2 = Round.objects.get(event=event, number=2)
    old = round_1.pairings.get(board=1)
    board = round_2.pairings.get(board=1)
    walk.go(f"/admin/tournaments/pairing/{board.pk}/change/", "hand-edit")
    page.select_option("#id_white", str(old.white_id))
    page.select_option("#id_black", str(old.black_id))
    page.get_by_role("button", name="Save").click()
    walk.check("hand-edited")
    page.goto(f"{live_server.url}/admin/tournaments/round/{round_2.pk}/change/")
    page.get_by_role("button", name="Publish").click()
    walk.check("publish-confirm")
    assert "no rematch" in page.inner_text("#confirm-items")
    page.get_by_role("button", name="Publish anyway").click()
    walk.check("round-2-published")
    round_2.refresh_from_db()
    assert round_2.status == RoundStatus.PUBLISHED

    # Take it back: unpublish, pair again (the hand edit is replaced), publish.
    page.get_by_role("button", name="Unpublish").click()
    walk.check("unpublished")
    assert "is a draft again" in page.inner_text(".messagelist")
    page.get_by_role("button", name="Pair again").click()
    walk.check("paired-again")
    assert "paired again" in page.inner_text(".messagelist")
    assert not round_2.pairings.filter(manual=True).exists()
    page.get_by_role("button", name="Publish").click()
    walk.check("round-2-republished")
    round_2.refresh_from_db()
    assert round_2.status == RoundStatus.PUBLISHED

    # A late entry and a withdrawal.
    late = Player.objects.create(last_name="Postma", first_name="Erik", rating=2200)
    assert late.pk
    walk.go(f"/admin/tournaments/registration/add/?event={event.pk}", "late-entry")
    page.locator("#id_player + .select2 .select2-selection").click()  # the autocomplete
    page.locator(".select2-search__field").fill("Postma")
    page.locator(".select2-results__option", has_text="Postma").click()
    page.locator("input[name=_save]").click()
    walk.check("late-entry-saved")
    entry = event.registrations.get(player=late)
    assert entry.joined_round == 3
    withdrawn = event.registrations.get(player__last_name="Sall")
    walk.go(f"/admin/tournaments/registration/{withdrawn.pk}/change/", "registration")
    label = page.locator(".object-tools form.inline-tool label").first
    assert label.evaluate("e => getComputedStyle(e).color") != "rgb(255, 255, 255)"
    page.locator("input[name=from_round]").fill("9")
    page.get_by_role("button", name="Withdraw").click()
    walk.check("withdraw-refused")
    assert "there is no round 9" in page.inner_text(".messagelist")
    page.locator("input[name=from_round]").fill("3")
    page.get_by_role("button", name="Withdraw").click()
    walk.check("withdraw-preview")
    assert "Not paired from round 3 on" in page.inner_text("#confirm-items")
    page.get_by_role("button", name="Withdraw").click()
    walk.check("withdrawn")
    withdrawn.refresh_from_db()
    assert withdrawn.withdrawn_from_round == 3

    # Two records typed in the admin, both tagged 2-0: the export writes the official
    # results (board 1 won by white, board 3 drawn).
    for board in (1, 3):
        game = Game.objects.get(pairing__round=round_1, pairing__board=board)
        walk.go(reverse("admin:tournaments_game_record", args=(game.pk,)), f"record-{board}")
        white, black = game.white.player, game.black.player
        page.fill(
            "#id_pdn",
            RECORD.format(
                white=f"{white.last_name}, {white.first_name}",
                black=f"{black.last_name}, {black.first_name}",
            ),
        )
        page.get_by_role("button", name="Save the record").click()
        walk.check(f"record-{board}-saved")

    # Standings, every PDF of the event page, the TRF and the games' PDN.
    walk.go(f"/admin/tournaments/event/{event.pk}/standings/", "standings")
    walk.go(f"/admin/tournaments/event/{event.pk}/change/", "event-documents")
    kinds = page.locator(".documents-panel tr[data-kind]").evaluate_all(
        "rows => rows.map(row => row.dataset.kind)"
    )
    assert sorted(kinds) == ["crosstable", "ratingreport", "standings"]
    registered = list(
        event.registrations.order_by("pairing_number").values_list("player__last_name", flat=True)
    )
    for kind in kinds:
        row = page.locator(f".documents-panel tr[data-kind={kind}]")
        row.get_by_role("button", name="Generate").click()
        walk.check(f"document-{kind}")
        row = page.locator(f".documents-panel tr[data-kind={kind}]")
        href = row.get_by_role("link", name="Download").get_attribute("href")
        response = page.request.get(live_server.url + href)
        assert response.status == 200 and response.body().startswith(b"%PDF")
        pdf = PdfReader(io.BytesIO(response.body()))
        assert len(pdf.pages) >= 1
        text = " ".join(p.extract_text() for p in pdf.pages)
        assert "Open de Paris" in text, kind
        missing = [name for name in registered if name not in text]
        assert not missing, f"{kind} PDF lacks {missing}"

    trf = page.get_by_role("link", name="TRF export").get_attribute("href")
    response = page.request.get(live_server.url + trf)
    assert response.status == 200 and "012 Open de Paris" in response.text()
    players = [line for line in response.text().splitlines() if line.startswith("001 ")]
    assert len(players) == len(registered) == 8
    for number, name in enumerate(registered, start=1):
        line = next(line for line in players if int(line[4:8]) == number)
        assert name in line, (number, line)

    pdn = page.get_by_role("link", name="PDN export").get_attribute("href")
    response = page.request.get(live_server.url + pdn)
    assert response.status == 200
    assert response.headers["content-type"].startswith("application/x-pdn")
    text = response.text()
    # Boards 1 and 3 as recorded; board 2, a forfeit, as tags without moves (pdn.md §3.2).
    assert text.count('[Event "Open de Paris"]') == 3
    assert text.count('[Termination "forfeit"]') == 1
    assert text.count('[Result "2-0"]') == 2 and text.count('[Result "1-1"]') == 1
    for board in (1, 3):
        game = Game.objects.get(pairing__round=round_1, pairing__board=board)
        assert f'[White "{game.white.player.last_name}' in text
        assert f'[Black "{game.black.player.last_name}' in text
    assert "32-28" in text


def test_a_queued_players_import_shows_its_progress_then_its_preview(
    live_server, page, tmp_path, monkeypatch
):
    """With a real broker the upload answers before the job runs: the page follows the
    job's progress bar, then shows the preview once the job is done; its confirmation
    follows the import job in turn, then leads to the players' list."""
    from tournaments.imports import services as import_jobs
    from tournaments.imports.models import ImportJob

    monkeypatch.setattr(import_jobs, "_enqueue", lambda job_id: None)  # a worker, later
    organizer = make_organizer("olga")
    organizer.set_password(PASSWORD)
    organizer.save()
    errors: list[str] = []
    page.on("response", lambda answer: answer.status >= 400 and errors.append(answer.url))
    base = live_server.url
    page.goto(f"{base}/admin/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{base}/admin/tournaments/player/import/")
    file = tmp_path / "joueurs.csv"
    file.write_bytes(CSV.encode("latin-1"))
    page.set_input_files("#id_file", str(file))
    page.get_by_role("button", name="Preview the import").click()
    expect(page.locator("#import-job progress")).to_have_count(1)
    assert page.locator("#import-preview").count() == 0
    job = ImportJob.objects.get()
    assert page.url.endswith(f"/admin/tournaments/player/import/{job.pk}/")
    assert_fits(page, shot="players-import-job")
    import_jobs.import_job_run(job_id=job.pk)
    page.wait_for_selector("#import-preview", timeout=15000)
    assert "Héron, Zoë" in page.inner_text("#import-preview")
    assert not Player.objects.exists()
    page.get_by_role("button", name="Confirm the import").click()
    expect(page.locator("#import-job progress")).to_have_count(1)
    import_jobs.import_job_run(job_id=job.pk)
    page.wait_for_selector(".messagelist", timeout=15000)
    assert "Import done: 6 players created" in page.inner_text(".messagelist")
    assert page.url.endswith("/admin/tournaments/player/")
    assert Player.objects.count() == 6 and not errors
