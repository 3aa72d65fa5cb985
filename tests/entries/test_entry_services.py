"""The entries' services: an entry matched to the registry by id only, its limits (dates,
places and the waiting list, rating, age, a duplicate) refused with the field named, the
organizer's answers, and an acceptance that registers the player or leaves nothing."""

import datetime
from decimal import Decimal

import pytest
from django.conf import settings
from django.core import mail
from django.core.exceptions import ValidationError
from django.utils import timezone

from entries.errors import EntryStateError
from entries.models import Entry, EntrySettings, EntryStatus
from entries.selectors import entries_open, possible_matches, public_entries
from entries.services import (
    EntriesRefused,
    entries_submit,
    entry_accept,
    entry_payment_record,
    entry_refuse,
    entry_submit,
    entry_waitlist,
)
from tests.factories import PlayerFactory, make_organizer, open_for_entries
from tournaments.models import Player, Registration
from tournaments.services.errors import RegistrationError

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer():
    user = make_organizer("organizer")
    user.email = "organizer@example.org"
    user.save()
    return user


def person(**fields) -> dict:
    return {"first_name": "Anna", "last_name": "de Vries", "rating": 1800, **fields}


def refused_field(excinfo) -> set[str]:
    return set(excinfo.value.message_dict)


def test_an_entry_is_pending_and_tells_the_organizers(
    organizer, django_capture_on_commit_callbacks
):
    event = open_for_entries(organizer, fee=Decimal("20"))
    with django_capture_on_commit_callbacks(execute=True):
        entry = entry_submit(event=event, fields=person(email="anna@example.org"), user=None)
    assert entry.status == EntryStatus.PENDING
    assert entry.amount_due == Decimal("20")
    assert entry.player is None
    # The organizers, then the person entered (his receipt: tests/entries/test_entry_withdraw.py).
    assert [m.to for m in mail.outbox] == [["organizer@example.org"], ["anna@example.org"]]
    assert "de Vries" in mail.outbox[0].subject
    # The organizer reads his mail away from the site: the admin's link is a whole address.
    assert f"{settings.SITE_URL}/admin/entries/entry/{entry.pk}/change/" in mail.outbox[0].body


def test_matched_by_fmjd_id_or_national_id_never_by_name(organizer):
    event = open_for_entries(organizer)
    by_fmjd = PlayerFactory(fmjd_id="16001", first_name="Anna", last_name="de Vries")
    by_national = PlayerFactory(national_id="NL-77", federation="NED")
    PlayerFactory(first_name="Jan", last_name="Pieters")
    first = entry_submit(event=event, fields=person(fmjd_id="16001"), user=None)
    second = entry_submit(
        event=event,
        fields=person(first_name="Bob", national_id="NL-77", federation="NED"),
        user=None,
    )
    third = entry_submit(
        event=event, fields=person(first_name="Jan", last_name="Pieters"), user=None
    )
    assert first.player == by_fmjd
    assert second.player == by_national
    assert third.player is None  # a name alone is never applied
    assert [p.last_name for p in possible_matches(third)] == ["Pieters"]


def test_two_ids_of_two_players_are_refused(organizer):
    event = open_for_entries(organizer)
    PlayerFactory(fmjd_id="16001")
    PlayerFactory(national_id="NL-77", federation="NED")
    with pytest.raises(ValidationError) as excinfo:
        entry_submit(
            event=event,
            fields=person(fmjd_id="16001", national_id="NL-77", federation="NED"),
            user=None,
        )
    assert refused_field(excinfo) == {"national_id"}


@pytest.mark.parametrize(
    ("limits", "fields", "field"),
    [
        ({"min_rating": 1900}, {}, "rating"),
        ({"max_rating": 1700}, {}, "rating"),
        ({"min_age": 18}, {}, "birth_date"),
        ({"max_age": 12}, {"birth_date": datetime.date(2000, 5, 1)}, "birth_date"),
        ({}, {"federation": "nl"}, "federation"),
        ({}, {"national_id": "77"}, "federation"),
        ({}, {"email": "not a mail"}, "email"),
        ({}, {"colour": "white"}, "colour"),
    ],
)
def test_a_limit_names_its_field(organizer, limits, fields, field):
    event = open_for_entries(organizer, **limits)
    with pytest.raises(ValidationError) as excinfo:
        entry_submit(event=event, fields=person(**fields), user=None)
    assert field in refused_field(excinfo)
    assert not Entry.objects.exists()


def test_the_registry_rating_is_the_one_checked(organizer):
    event = open_for_entries(organizer, max_rating=2000)
    PlayerFactory(fmjd_id="16001", rating=2300)
    with pytest.raises(ValidationError) as excinfo:
        entry_submit(event=event, fields=person(fmjd_id="16001", rating=1500), user=None)
    assert refused_field(excinfo) == {"rating"}


def test_closed_and_not_yet_open(organizer):
    event = open_for_entries(organizer)
    rules = EntrySettings.objects.get(event=event)
    rules.closes_at = timezone.now() - datetime.timedelta(minutes=1)
    rules.opens_at = rules.closes_at - datetime.timedelta(days=2)
    rules.save()
    assert not entries_open(event)
    with pytest.raises(ValidationError) as excinfo:
        entry_submit(event=event, fields=person(), user=None)
    assert refused_field(excinfo) == {"event"}
    assert "closed" in str(excinfo.value)


def test_the_same_player_twice_is_refused(organizer):
    event = open_for_entries(organizer)
    PlayerFactory(fmjd_id="16001")
    entry_submit(event=event, fields=person(fmjd_id="16001"), user=None)
    with pytest.raises(ValidationError) as excinfo:
        entry_submit(event=event, fields=person(fmjd_id="16001"), user=None)
    assert refused_field(excinfo) == {"fmjd_id"}


def test_full_means_the_waiting_list_or_a_refusal(organizer):
    event = open_for_entries(organizer, max_players=1)
    assert entry_submit(event=event, fields=person(), user=None).status == EntryStatus.PENDING
    late = entry_submit(event=event, fields=person(first_name="Bob"), user=None)
    assert late.status == EntryStatus.WAITLISTED
    EntrySettings.objects.filter(event=event).update(waiting_list=False)
    with pytest.raises(ValidationError) as excinfo:
        entry_submit(event=event, fields=person(first_name="Cleo"), user=None)
    assert refused_field(excinfo) == {"event"}


def test_accepting_registers_a_new_player_made_from_the_entry(organizer):
    event = open_for_entries(organizer)
    entry = entry_submit(event=event, fields=person(club="DC Utrecht"), user=None)
    registration = entry_accept(entry=entry, user=organizer)
    entry.refresh_from_db()
    assert entry.status == EntryStatus.ACCEPTED
    assert entry.registration == registration
    assert registration.player.club == "DC Utrecht"
    assert registration.contact_given  # the organizer entered the new player
    assert public_entries(event)[0].status == "accepted"


def test_accepting_a_matched_entry_registers_that_player(organizer):
    event = open_for_entries(organizer)
    known = PlayerFactory(fmjd_id="16001")
    entry = entry_submit(event=event, fields=person(fmjd_id="16001"), user=None)
    assert entry_accept(entry=entry, user=organizer).player == known
    assert Player.objects.count() == 1


def test_a_failed_acceptance_leaves_nothing(organizer, monkeypatch):
    """registration_add refuses: no player is created, the entry stays pending."""
    event = open_for_entries(organizer)
    entry = entry_submit(event=event, fields=person(), user=None)

    def refuse(**kwargs):
        raise RegistrationError("refused")

    monkeypatch.setattr("entries.services.registration_add", refuse)
    with pytest.raises(RegistrationError):
        entry_accept(entry=entry, user=organizer)
    entry.refresh_from_db()
    assert entry.status == EntryStatus.PENDING
    assert not Player.objects.exists()
    assert not Registration.objects.exists()


def test_answers_follow_the_status(organizer):
    event = open_for_entries(organizer, max_players=1)
    first = entry_submit(event=event, fields=person(), user=None)
    second = entry_submit(event=event, fields=person(first_name="Bob"), user=None)
    entry_accept(entry=first, user=organizer)
    with pytest.raises(EntryStateError):
        entry_refuse(entry=first, user=organizer)
    with pytest.raises(EntryStateError, match="full"):
        entry_accept(entry=second, user=organizer)  # waiting, and no free place
    assert entry_refuse(entry=second, user=organizer).status == EntryStatus.REFUSED
    with pytest.raises(EntryStateError):
        entry_waitlist(entry=second, user=organizer)


def test_payments_are_recorded(organizer):
    event = open_for_entries(organizer, fee=Decimal("25"))
    entry = entry_submit(event=event, fields=person(), user=None)
    entry = entry_payment_record(entry=entry, amount_paid=Decimal("10"), user=organizer)
    assert entry.amount_owed == Decimal("15")
    with pytest.raises(ValidationError) as excinfo:
        entry_payment_record(entry=entry, amount_paid=Decimal("-1"), user=organizer)
    assert refused_field(excinfo) == {"amount_paid"}


def test_a_secretary_enters_all_or_none(organizer):
    event = open_for_entries(organizer, min_rating=1500)
    secretary = make_organizer("secretary")
    with pytest.raises(EntriesRefused) as excinfo:
        entries_submit(
            event=event,
            rows=[person(), person(first_name="Bob", rating=1200)],
            user=secretary,
        )
    assert excinfo.value.row == 2
    assert not Entry.objects.exists()
    entries = entries_submit(event=event, rows=[person(), person(first_name="Bob")], user=secretary)
    assert [e.entered_by for e in entries] == [secretary, secretary]
