"""Rating lists in the admin (upload, preview, confirm) and the rating report's page, CSV
and API endpoint (its PDF: tests/documents/test_rating_report_document.py), with the
permissions of the event's other pages."""

import csv
import io
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import load_workbook

from tests.client import form_data, logged_in, message_texts
from tests.factories import make_organizer, played_event
from tournaments.export_text import csv_cell
from tournaments.forms import RatingBoundsField
from tournaments.models import ImportJob, Player, RatingList, validate_rating_bounds
from tournaments.scoring.rating_report import REPORT_FIELDS

pytestmark = pytest.mark.django_db

LIST = (
    b'"nr_ew","nick","last_n","first_n","country","title","rating","wtitle","wrating"\n'
    b'"15000","","Boomstra","Roel","NED","GMI","2400","",""\n'
    b'"16000","","Chub, de","Tamara","UKR","MI","2250","GMIF","2250"\n'
)


def upload(client, capture, data: bytes, name: str = "fmjd-2026-01.csv"):
    """Post the list: the answer is at once a redirect to its job's page, which shows the
    preview once the job (run here as the transaction commits) is done."""
    with capture(execute=True):
        answer = client.post(
            reverse("admin:tournaments_ratinglist_import"),
            {
                "file": SimpleUploadedFile(name, data),
                "source": "fmjd100",
                "published": "2026-01-01",
            },
        )
    job = ImportJob.objects.latest("pk")
    assert answer.status_code == 302
    assert answer.url == reverse("admin:tournaments_ratinglist_job", args=(job.pk,))
    return client.get(answer.url)


def confirm(client, capture, preview, **extra):
    """Confirm the preview shown: the import runs as a job, then the job's page leads to
    the list imported."""
    with capture(execute=True):
        posted = client.post(
            preview.wsgi_request.path,
            {**form_data(preview, "import-confirm"), "confirm": "1", **extra},
        )
    assert posted.status_code == 302 and posted.url == preview.wsgi_request.path
    return client.get(posted.url)


def test_an_organizer_previews_then_confirms_a_list(django_capture_on_commit_callbacks):
    client = logged_in(make_organizer("olga"))
    preview = upload(client, django_capture_on_commit_callbacks, LIST)
    page = preview.content.decode()
    assert preview.status_code == 200 and "Chub, de" in page and "2250 (women: 2250)" in page
    assert not RatingList.objects.exists()
    done = confirm(client, django_capture_on_commit_callbacks, preview)
    assert done.status_code == 302
    rating_list = RatingList.objects.get()
    assert (rating_list.file_name, rating_list.ratings.count()) == ("fmjd-2026-01.csv", 2)
    assert "2 ratings" in message_texts(done)[0]
    assert client.get(done.url).status_code == 200
    assert Player.objects.filter(fmjd_id__in=["15000", "16000"]).count() == 2


def test_a_list_of_a_date_already_imported_is_previewed_as_its_replacement_then_replaces_it(
    django_capture_on_commit_callbacks,
):
    client = logged_in(make_organizer("olga"))
    capture = django_capture_on_commit_callbacks
    first = upload(client, capture, LIST.replace(b'"2250","GMIF"', b'"22.50","GMIF"'))
    assert "not a whole number" in first.content.decode()
    confirm(client, capture, first)
    old = RatingList.objects.get()
    assert old.ratings.count() == 1
    preview = upload(client, capture, LIST)
    assert 'id="import-replaces"' in preview.content.decode()
    assert "(1 rating)" in preview.content.decode()
    done = confirm(client, capture, preview)
    assert done.status_code == 302
    assert RatingList.objects.get().ratings.count() == 2
    assert not RatingList.objects.filter(pk=old.pk).exists()


def test_a_list_lacking_a_field_is_refused_on_its_job_page(django_capture_on_commit_callbacks):
    client = logged_in(make_organizer("olga"))
    response = upload(
        client, django_capture_on_commit_callbacks, b'"nick","last_n"\n"a","b"\n', "bad.csv"
    )
    assert "The header row (line 1) lacks the field(s) nr_ew" in response.content.decode()
    assert ImportJob.objects.get().status == "failed"
    assert not RatingList.objects.exists()


def test_the_rating_report_page_and_csv():
    organizer = make_organizer("olga")
    event, _round = played_event(organizer, players=4, rating_k=20)
    client = logged_in(organizer)
    page = client.get(reverse("admin:tournaments_event_rating_report", args=(event.pk,)))
    assert page.status_code == 200 and 'id="rating-report"' in page.content.decode()
    assert "Opponents' ratings" in page.content.decode()
    answer = client.get(reverse("admin:tournaments_event_rating_report_csv", args=(event.pk,)))
    rows = list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig"))))
    assert rows[0] == list(REPORT_FIELDS) and len(rows) == 5
    winner = rows[1]
    assert (winner[4], winner[5], winner[7]) == ("1", "1", "20")


def test_the_rating_report_csv_is_written_as_the_language_writes_numbers():
    """UTF-8 with a BOM (Excel reads it in every locale); in French a decimal comma, so ``;``
    between the fields, as the site's other tables."""
    organizer = make_organizer("olga")
    event, _round = played_event(organizer, players=4, rating_k=20)
    client = logged_in(organizer)
    url = reverse("admin:tournaments_event_rating_report_csv", args=(event.pk,))
    english = client.get(url, headers={"accept-language": "en"}).content
    french = client.get(url, headers={"accept-language": "fr"}).content
    assert english.startswith(b"\xef\xbb\xbf") and french.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(french.decode("utf-8-sig")), delimiter=";"))
    assert rows[0] == list(REPORT_FIELDS) and len(rows) == 5
    expected = [row[REPORT_FIELDS.index("expected")] for row in rows[1:]]
    assert any("," in value for value in expected) and not any("." in v for v in expected)
    english_rows = list(csv.reader(io.StringIO(english.decode("utf-8-sig"))))
    numbers = [i for i, name in enumerate(REPORT_FIELDS) if name not in ("fmjd_id", "name")]
    for row, english_row in zip(rows[1:], english_rows[1:], strict=True):
        assert row[2] == english_row[2]
        assert [row[i].replace(",", ".") for i in numbers] == [english_row[i] for i in numbers]


def test_the_rating_report_xlsx_holds_the_csv_figures():
    organizer = make_organizer("olga")
    event, _round = played_event(organizer, players=4, rating_k=20)
    player = event.registrations.get(pairing_number=1).player
    player.last_name = "=HYPERLINK(1)"
    player.save()
    client = logged_in(organizer)
    page = client.get(reverse("admin:tournaments_event_rating_report", args=(event.pk,)))
    assert 'id="rating-report-xlsx"' in page.content.decode()
    args = (event.pk,)
    answer = client.get(reverse("admin:tournaments_event_rating_report_csv", args=args))
    rows = list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig"))))
    book = client.get(reverse("admin:tournaments_event_rating_report_xlsx", args=args))
    assert book["Content-Type"].endswith("spreadsheetml.sheet")
    sheet = load_workbook(io.BytesIO(book.content)).active
    assert not [cell for row in sheet.iter_rows() for cell in row if cell.data_type == "f"]
    cells = [list(row) for row in sheet.iter_rows(values_only=True)]
    assert cells[0] == rows[0] and len(cells) == len(rows) == 5
    for got, want in zip(cells[1:], rows[1:], strict=True):
        for value, text in zip(got, want, strict=True):
            if isinstance(value, int | float):
                assert Decimal(str(value)) == Decimal(text)
            else:  # the CSV guards a text a spreadsheet would run; the XLSX holds it as text
                assert csv_cell(value or "") == text
    assert any(row[2].startswith("=HYPERLINK") for row in cells[1:])
    assert any(isinstance(row[8], float) and row[8] < 0 for row in cells[1:])


def test_another_organizer_does_not_see_the_report():
    event, _round = played_event(make_organizer("olga"), players=4)
    client = logged_in(make_organizer("otto"))
    url = reverse("admin:tournaments_event_rating_report_csv", args=(event.pk,))
    assert client.get(url).status_code == 404


def test_the_api_rating_report_holds_one_row_per_player_and_checks_out():
    organizer = make_organizer("olga")
    event, _round = played_event(organizer, players=4, rating_k=10)
    rows = logged_in(organizer).get(f"/api/events/{event.slug}/rating-report/").json()["results"]
    assert len(rows) == 4
    for row in rows:
        assert set(row) >= {"number", "name", "rating", "games", "score", "expected", "k"}
        if row["games"]:
            change = 10 * (float(row["score"]) - float(row["expected"]))
            assert float(row["change"]) == pytest.approx(change)


def test_the_admin_standings_show_each_rating_group():
    organizer = make_organizer("olga")
    event, _round = played_event(organizer, players=4, rating_groups=[2385])
    page = logged_in(organizer).get(reverse("admin:tournaments_event_standings", args=(event.pk,)))
    text = page.content.decode()
    assert "Rating group &lt; 2385" in text and "Rating group &gt;= 2385" in text
    low = text[text.index('id="rating-group-1"') : text.index('id="rating-group-2"')]
    assert sum(f"<td>{r}</td>" in low for r in (2370, 2380)) == 2 and "<td>2390</td>" not in low


def test_rating_groups_must_increase():
    with pytest.raises(ValidationError, match="increasing whole numbers"):
        validate_rating_bounds([1950, 1850])


def test_the_event_form_takes_the_rating_groups_separated_by_commas():
    field = RatingBoundsField(required=False)
    assert field.clean("1850, 1950") == [1850, 1950]
    assert field.prepare_value([1850, 1950]) == "1850, 1950"
    with pytest.raises(ValidationError, match="'18x0' is not a whole number"):
        field.clean("18x0, 1950")


def test_the_report_csv_writes_names_as_data_not_formulas():
    """A name a spreadsheet would run (=..., +..., @...) or holding a line break is one cell
    of text; a negative change stays a number."""
    organizer = make_organizer("olga")
    event, _round = played_event(organizer, players=4, rating_k=20)
    player = event.registrations.get(pairing_number=1).player
    player.last_name, player.first_name = '=HYPERLINK("http://x")', "Roel\nBoomstra"
    player.save()
    client = logged_in(organizer)
    answer = client.get(reverse("admin:tournaments_event_rating_report_csv", args=(event.pk,)))
    rows = list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig"))))
    assert len(rows) == 5  # no row injected by the line break
    cells = [cell for row in rows[1:] for cell in row]
    assert not any(cell and cell[0] in "=+@" for cell in cells), rows
    assert not any("E+" in cell for cell in cells), rows  # numbers written out
    assert any(cell.startswith("'=HYPERLINK") and "\n" not in cell for cell in cells)
    assert any(cell.startswith("-") for cell in cells)  # the loser's change, a number
