"""An organizer imports an FMJD rating list in Chromium (upload, preview, a name match
accepted, confirm), sets an event's rating policy, K and rating groups, pairs and completes
round 1, downloads the rating report as CSV and has its PDF generated and downloads it; then
a visitor sees the field's rating distribution, the standings of each rating group, and a
player's rating chart on a phone.
Every page: no server error, no horizontal scroll at 390 px nor at 1366 px (screenshots in
DAMIER_SHOTS: ratings-*.png)."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits
from tests.factories import PlayerFactory, event_made, make_organizer
from tournaments.models import Event, Game, GameResult, Player, RatingList, Registration
from tournaments.services import registrations, results, rounds

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long Passphrase 42"
LIST = (
    '"nr_ew","nick","last_n","first_n","country","title","rating","wtitle","wrating"\n'
    '"15000","","Boomstra","Roel","NED","GMI","2400","",""\n'
    '"16000","","Chub, de","Tamara","UKR","MI","2250","GMIF","2250"\n'
    '"17000","","Sijbrands","Ton","NED","GMI","2380","",""\n'
    '"18000","","Sall","Ndiaga","SEN","MI","2300","",""\n'
)


def test_an_organizer_imports_a_list_and_downloads_the_rating_report(live_server, page, tmp_path):
    organizer = make_organizer("olga")
    organizer.set_password(PASSWORD)
    organizer.save()
    event = event_made(
        organizer,
        name="Open de Lille",
        slug="open-de-lille",
        system="swiss",
        number_of_rounds=5,
        published=True,
    )
    for fmjd_id, last, first in (
        ("15000", "Boomstra", "Roel"),
        ("16000", "Chub, de", "Tamara"),
        ("", "Sijbrands", "Ton"),  # found by name only: proposed
        ("18000", "Sall", "Ndiaga"),
    ):
        player = PlayerFactory(fmjd_id=fmjd_id, last_name=last, first_name=first, rating=1000)
        registrations.registration_add(event=event, player=player, user=organizer)
    base = live_server.url
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{base}/admin/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()

    # The list: upload, preview (nothing written), the name match ticked, confirm.
    page.goto(f"{base}/admin/tournaments/ratinglist/")
    page.get_by_role("link", name="Import a list").click()
    assert_fits(page, shot="ratings-import")
    file = tmp_path / "fmjd-2026-06.csv"
    file.write_text(LIST, encoding="utf-8")
    page.set_input_files("#id_file", str(file))
    page.select_option("#id_source", "fmjd100")
    page.fill("#id_published", "2026-06-01")
    page.get_by_role("button", name="Preview the import").click()
    assert_fits(page, shot="ratings-preview")
    preview = page.inner_text("#import-preview")
    assert "Chub, de" in preview and "2250 (women: 2250)" in preview
    assert "name matches to accept: 1" in page.inner_text("#import-summary")
    assert not RatingList.objects.exists()
    page.locator("input[name=accept]").check()
    page.get_by_role("button", name="Confirm the import").click()
    assert_fits(page, shot="ratings-imported")
    assert "imported: 4 ratings" in page.inner_text(".messagelist")
    assert Player.objects.get(last_name="Sijbrands").fmjd_id == "17000"

    # The event's policy: the FMJD list, K = 20.
    page.goto(f"{base}/admin/tournaments/event/{event.pk}/change/")
    page.select_option("#id_rating_policy", "fmjd")
    page.fill("#id_rating_k", "20")
    page.fill("#id_rating_groups", "2300")
    page.locator("input[name=_continue]").click()
    assert_fits(page, shot="ratings-policy")
    saved = Event.objects.get(pk=event.pk)
    assert (saved.rating_policy, saved.rating_groups) == ("fmjd", [2300])

    # Round 1 freezes the list's ratings; its results are entered and the round completed.
    page.get_by_role("button", name="Pair next round").click()
    assert sorted(Registration.objects.values_list("rating", flat=True)) == [2250, 2300, 2380, 2400]
    round_ = rounds.round_publish(round=event.rounds.get(), user=organizer)
    for game in Game.objects.filter(pairing__round=round_):
        results.result_record(game=game, result=GameResult.WHITE_WIN, user=organizer)
    rounds.round_complete(round=round_, user=organizer)

    # The report, its CSV and its PDF.
    page.goto(f"{base}/admin/tournaments/event/{event.pk}/change/")
    page.locator(".object-tools").get_by_role("link", name="Rating report").click()
    assert_fits(page, shot="ratings-report")
    table = page.inner_text("#rating-report")
    assert "Boomstra, Roel" in table and "15000" in table
    assert "K = 20" in page.locator("#content").inner_text()
    with page.expect_download() as csv_download:
        page.locator("#rating-report-csv").click()
    text = Path(csv_download.value.path()).read_text(encoding="utf-8-sig")
    assert text.splitlines()[0].startswith("fmjd_id,number,name,rating,games,score,expected")
    assert len(text.splitlines()) == 5
    # The PDF is a printed document: generated by the job (in-process here), then served.
    panel = page.locator("#rating-report-pdf")
    assert "not generated yet" in panel.inner_text()
    panel.get_by_role("button", name="Generate").click()
    assert "Ready: rating report." in page.inner_text(".messagelist")
    assert "Generated" in panel.inner_text()
    assert_fits(page, shot="ratings-report-pdf")
    # The browser shows a PDF inline: its link is fetched with the organizer's session.
    href = panel.get_by_role("link", name="Download").get_attribute("href")
    pdf = page.request.get(f"{base}{href}")
    assert pdf.ok and pdf.headers["content-type"] == "application/pdf"
    assert 'filename="open-de-lille-ratingreport.pdf"' in pdf.headers["content-disposition"]
    assert pdf.body()[:4] == b"%PDF"

    # A visitor: the field's ratings on the event page, the rating groups' standings.
    page.goto(f"{base}/events/open-de-lille/")
    figure = page.locator("#rating-distribution")
    assert figure.locator("svg").is_visible()
    assert "Ratings at start: 4 rated players, average 2332" in figure.inner_text()
    assert figure.locator("rect").count() == 3  # 2200, 2300 and 2400
    assert_fits(page, shot="ratings-distribution")
    page.goto(f"{base}/events/open-de-lille/standings/")
    assert page.inner_text("#rating-group-1 caption") == "Rating group < 2300"
    assert "Chub, de, Tamara" in page.inner_text("#rating-group-1")
    assert page.inner_text("#rating-group-2 caption") == "Rating group >= 2300"
    assert page.locator("#rating-group-2 tbody tr").count() == 3
    assert_fits(page, shot="ratings-groups")

    # A player's public page charts his lists, on a phone too.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{base}/events/open-de-lille/players/1/")
    assert page.locator("#rating-history svg").is_visible()
    assert "Rating history (FMJD 100-square)" in page.inner_text("#rating-history")
    assert_fits(page, shot="ratings-chart")


def test_a_queued_import_shows_its_progress_then_its_preview(
    live_server, page, tmp_path, monkeypatch
):
    """With a real broker the upload answers before the job runs: the page shows the job's
    progress bar, and its script (allowed by the Content-Security-Policy) reloads the page
    with the preview once the job is done."""
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
    page.goto(f"{base}/admin/tournaments/ratinglist/import/")
    file = tmp_path / "fmjd-2026-06.csv"
    file.write_text(LIST, encoding="utf-8")
    page.set_input_files("#id_file", str(file))
    page.select_option("#id_source", "fmjd100")
    page.fill("#id_published", "2026-06-01")
    page.get_by_role("button", name="Preview the import").click()
    expect(page.locator("#import-job progress")).to_have_count(1)
    assert page.locator("#import-preview").count() == 0
    job = ImportJob.objects.get()
    assert page.url.endswith(f"/admin/tournaments/ratinglist/import/{job.pk}/")
    assert_fits(page, shot="ratings-import-job")
    import_jobs.import_job_run(job_id=job.pk)
    page.wait_for_selector("#import-preview", timeout=15000)
    assert "Chub, de" in page.inner_text("#import-preview")
    assert not errors and not RatingList.objects.exists()


def test_a_job_whose_worker_died_and_a_preview_that_expired_say_so(
    live_server, page, tmp_path, monkeypatch, settings
):
    """The page following a job whose worker died (here, past the stale delay: SQLite
    cannot tell otherwise), already queued again once, stops following it and shows why it
    failed, on its own; a preview left unconfirmed past its delay says it expired."""
    import datetime

    from django.utils import timezone

    from tournaments.imports import services as import_jobs
    from tournaments.imports.models import ImportJob
    from tournaments.site.job_liveness import IMPORT_JOBS, job_lock

    monkeypatch.setattr(import_jobs, "_enqueue", lambda job_id: None)  # a worker, later
    organizer = make_organizer("olga")
    organizer.set_password(PASSWORD)
    organizer.save()
    base = live_server.url
    page.goto(f"{base}/admin/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    file = tmp_path / "fmjd-2026-06.csv"
    file.write_text(LIST, encoding="utf-8")

    def upload() -> ImportJob:
        page.goto(f"{base}/admin/tournaments/ratinglist/import/")
        page.set_input_files("#id_file", str(file))
        page.select_option("#id_source", "fmjd100")
        page.fill("#id_published", "2026-06-01")
        page.get_by_role("button", name="Preview the import").click()
        return ImportJob.objects.latest("pk")

    job = upload()
    ImportJob.objects.filter(pk=job.pk).update(
        status="running", started_at=timezone.now(), recoveries=1
    )
    # A live worker holds its job's lock (PostgreSQL tells a live job by it; SQLite by time).
    with job_lock(job.pk, namespace=IMPORT_JOBS):
        page.reload()
        expect(page.locator("#import-job progress")).to_have_count(1)
    long_ago = timezone.now() - datetime.timedelta(seconds=settings.IMPORT_STALE_SECONDS + 60)
    ImportJob.objects.filter(pk=job.pk).update(started_at=long_ago)  # its worker died
    page.wait_for_selector("#import-job-error", timeout=15000)
    assert "The worker stopped while it read the file for its preview" in page.inner_text(
        "#import-job-error"
    )
    assert page.locator("#import-job").count() == 0
    assert_fits(page, shot="ratings-import-lost")

    job = upload()
    import_jobs.import_job_run(job_id=job.pk)
    long_ago = timezone.now() - datetime.timedelta(seconds=settings.IMPORT_PREVIEW_SECONDS + 60)
    ImportJob.objects.filter(pk=job.pk).update(finished_at=long_ago)
    page.reload()
    assert "expired before it was confirmed" in page.inner_text("#import-job-expired")
    assert page.locator("#import-confirm").count() == 0
    assert_fits(page, shot="ratings-import-expired")
    assert not RatingList.objects.exists()
