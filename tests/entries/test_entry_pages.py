"""The entries' pages and admin: the entry form leads to the public list, which shows no
private field; a refusal is shown on its field; the organizer answers with one action of
the list, which reaches only his own events' entries; the settings of another organizer's
event cannot be made."""

import datetime
from decimal import Decimal

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from entries.models import Entry, EntrySettings, EntryStatus
from entries.selectors import hall_rows
from entries.services import entry_accept, entry_payment_record, entry_submit
from tests.factories import make_organizer, open_for_entries

pytestmark = pytest.mark.django_db

ANNA = {
    "first_name": "Anna",
    "last_name": "de Vries",
    "club": "DC Utrecht",
    "federation": "NED",
    "national_id": "NL-4711",
    "rating": "1800",
    "birth_date": "2001-02-03",
    "email": "anna@example.org",
    "phone": "+31 6 1234 5678",
}


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def organizer():
    return make_organizer("organizer")


@pytest.fixture
def event(organizer):
    return open_for_entries(organizer, min_rating=1000)


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_an_entry_leads_to_the_list_without_private_fields(event):
    client = Client()
    answer = client.post(reverse("entries:enter", args=[event.slug]), ANNA, follow=True)
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "de Vries, Anna" in page and "DC Utrecht" in page
    assert "pending" in page
    for private in ("anna@example.org", "1234 5678", "NL-4711", "2001"):
        assert private not in page, private


def test_a_refusal_is_shown_on_its_field(event):
    answer = Client().post(reverse("entries:enter", args=[event.slug]), {**ANNA, "rating": "900"})
    assert answer.status_code == 400
    assert answer.context["form"].errors["rating"]
    assert not Entry.objects.exists()


def test_the_event_page_shows_the_entries_panel(event):
    page = Client().get(reverse("public:event_home", args=[event.slug])).content.decode()
    assert reverse("entries:enter", args=[event.slug]) in page


def test_a_secretary_list_is_for_logged_in_users(event, organizer):
    url = reverse("entries:enter_several", args=[event.slug])
    assert Client().get(url).status_code == 302
    data = {
        "form-TOTAL_FORMS": "2",
        "form-INITIAL_FORMS": "0",
        **{f"form-0-{k}": v for k, v in ANNA.items()},
        **{f"form-1-{k}": v for k, v in {**ANNA, "first_name": "Bob", "national_id": ""}.items()},
    }
    secretary = make_organizer("secretary")
    answer = logged_in(secretary).post(url, data)
    assert answer.status_code == 302
    assert Entry.objects.filter(entered_by=secretary).count() == 2


def _action(client: Client, action: str, entries: list[Entry]):
    return client.post(
        reverse("admin:entries_entry_changelist"),
        {"action": action, ACTION_CHECKBOX_NAME: [str(e.pk) for e in entries]},
    )


def test_the_organizer_accepts_only_his_own_entries(event, organizer):
    mine = entry_submit(
        event=event, fields={"first_name": "A", "last_name": "B", "rating": 1500}, user=None
    )
    other = make_organizer("other")
    theirs_event = open_for_entries(other)
    theirs = entry_submit(
        event=theirs_event, fields={"first_name": "C", "last_name": "D"}, user=None
    )
    _action(logged_in(other), "accept", [mine])
    mine.refresh_from_db()
    assert mine.status == EntryStatus.PENDING
    _action(logged_in(organizer), "accept", [mine, theirs])
    mine.refresh_from_db()
    theirs.refresh_from_db()
    assert mine.status == EntryStatus.ACCEPTED
    assert event.registrations.filter(player=mine.player).exists()
    assert theirs.status == EntryStatus.PENDING


def test_the_list_and_its_filters_show_only_his_events(event, organizer):
    entry_submit(
        event=event, fields={"first_name": "A", "last_name": "Mine", "rating": 1500}, user=None
    )
    other = make_organizer("other")
    theirs = open_for_entries(other, fee=5)
    entry_submit(event=theirs, fields={"first_name": "C", "last_name": "Theirs"}, user=None)
    page = logged_in(organizer).get(reverse("admin:entries_entry_changelist"))
    text = page.content.decode()
    assert "Mine" in text and "Theirs" not in text and theirs.name not in text
    asked = logged_in(organizer).get(
        reverse("admin:entries_entry_changelist"), {"event__id__exact": theirs.pk}
    )
    assert "Theirs" not in asked.content.decode()


def test_settings_only_for_one_s_own_events(organizer):
    other = make_organizer("other")
    theirs = open_for_entries(other)
    EntrySettings.objects.filter(event=theirs).delete()
    now = timezone.now()
    answer = logged_in(organizer).post(
        reverse("admin:entries_entrysettings_add"),
        {
            "event": theirs.pk,
            "opens_at_0": now.date().isoformat(),
            "opens_at_1": "00:00",
            "closes_at_0": (now.date() + datetime.timedelta(days=3)).isoformat(),
            "closes_at_1": "00:00",
            "waiting_list": "on",
            "fee": "0",
        },
    )
    assert answer.status_code == 200  # the form again: the event is not among his choices
    assert not EntrySettings.objects.filter(event=theirs).exists()


@pytest.mark.parametrize(
    "name", ["admin:entries_entry_participants", "admin:entries_entry_check_in"]
)
def test_printed_lists_for_the_organizer_only(event, organizer, name):
    entry = entry_submit(
        event=event, fields={"first_name": "Пётр", "last_name": "Волков", "rating": 1500}, user=None
    )
    entry_accept(entry=entry, user=organizer)
    entry_payment_record(entry=entry, amount_paid=Decimal("5"), user=organizer)
    url = reverse(name, args=[event.pk])
    answer = logged_in(organizer).get(url)
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/pdf"
    assert answer.content.startswith(b"%PDF")
    other = make_organizer("other")
    assert logged_in(other).get(url).status_code == 404
    assert Client().get(url).status_code == 302  # the admin's login


def test_the_check_in_list_reads_by_name_with_the_amounts(event, organizer):
    for first, last in (("Zoe", "Zwart"), ("Adam", "Aalders")):
        entry = entry_submit(
            event=event, fields={"first_name": first, "last_name": last, "rating": 1500}, user=None
        )
        entry_accept(entry=entry, user=organizer)
    rows = hall_rows(event, by_rating=False)
    assert [row.name for row in rows] == ["Aalders, Adam", "Zwart, Zoe"]
    assert rows[0].amount_due == Decimal("0") and rows[0].amount_paid == Decimal("0")
