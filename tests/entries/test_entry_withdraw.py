"""An entrant withdraws his own entry: the receipt mailed on entry carries a signed link
(entries.links) whose page asks first; the withdrawal (entries.services.entry_withdraw)
frees the place, hides the entry from the public list, tells the organizers and is recorded
in the history. An accepted or refused entry is not withdrawn so; a link tampered with, of
another event, sent to an e-mail the entry no longer has, already used, or of an event that
is over changes nothing and says why."""

import datetime
import re

import pytest
from django.core import mail, signing
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.services import mail_off_token
from entries.errors import EntryStateError
from entries.links import WithdrawLinkError, withdraw_link_entry, withdraw_token
from entries.models import Entry, EntryStatus
from entries.selectors import places_taken, public_entries
from entries.services import (
    entries_submit,
    entry_accept,
    entry_refuse,
    entry_submit,
    entry_withdraw,
)
from tests.factories import PlayerFactory, make_organizer, open_for_entries
from tournaments.models import Event

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://\S+/entries/withdraw/\S+/")


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def organizer():
    user = make_organizer("organizer")
    user.email = "organizer@example.org"
    user.save()
    return user


def coming(event: Event) -> Event:
    """``event`` moved to next month: its withdrawal links have not expired."""
    start = timezone.localdate() + datetime.timedelta(days=30)
    Event.objects.filter(pk=event.pk).update(
        start_date=start, end_date=start + datetime.timedelta(days=4)
    )
    event.refresh_from_db()
    return event


@pytest.fixture
def event(organizer):
    return coming(open_for_entries(organizer))


def person(**fields) -> dict:
    return {
        "first_name": "Anna",
        "last_name": "de Vries",
        "rating": 1800,
        "email": "anna@example.org",
        **fields,
    }


def url(entry: Entry, token: str | None = None) -> str:
    return reverse("entries:withdraw", args=[entry.event.slug, token or withdraw_token(entry)])


def mailed_entries(body: str) -> list[Entry]:
    """The entries the withdrawal links of a mail lead to: read from their tokens, which hold
    the second they were signed (a token made again later differs)."""
    return [withdraw_link_entry(link.rstrip("/").rsplit("/", 1)[1]) for link in LINK.findall(body)]


# The service.


@pytest.mark.parametrize("waitlisted", [False, True])
def test_a_pending_or_waiting_entry_is_withdrawn_and_recorded(
    event, organizer, waitlisted, django_capture_on_commit_callbacks
):
    entry = entry_submit(event=event, fields=person(), user=None)
    if waitlisted:
        Entry.objects.filter(pk=entry.pk).update(status=EntryStatus.WAITLISTED)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        entry_withdraw(entry=entry, user=None, reason="by the link")
    entry.refresh_from_db()
    assert entry.status == EntryStatus.WITHDRAWN
    last = entry.history.first()
    assert last.status == EntryStatus.WITHDRAWN
    assert last.history_user is None and last.history_change_reason == "by the link"
    assert [m.to for m in mail.outbox] == [["organizer@example.org"]]
    assert "de Vries, Anna" in mail.outbox[0].subject
    assert "withdrawn" in mail.outbox[0].body
    assert public_entries(event) == []


def test_who_withdrew_is_recorded(event, organizer):
    entry = entry_submit(event=event, fields=person(), user=None)
    entry_withdraw(entry=entry, user=organizer)
    assert entry.history.first().history_user == organizer


@pytest.mark.parametrize("answer", [entry_accept, entry_refuse])
def test_an_accepted_or_refused_entry_is_not_withdrawn(event, organizer, answer):
    entry = entry_submit(event=event, fields=person(), user=None)
    answer(entry=entry, user=organizer)
    entry.refresh_from_db()
    before = entry.status
    with pytest.raises(EntryStateError) as excinfo:
        entry_withdraw(entry=entry, user=None)
    entry.refresh_from_db()
    assert entry.status == before
    if answer is entry_accept:
        assert "ask its organizers" in str(excinfo.value)
        assert event.registrations.count() == 1


def test_a_withdrawal_frees_the_place(organizer):
    event = coming(open_for_entries(organizer, max_players=1))
    first = entry_submit(event=event, fields=person(), user=None)
    waiting = entry_submit(event=event, fields=person(first_name="Bob"), user=None)
    assert waiting.status == EntryStatus.WAITLISTED
    assert places_taken(event) == 1
    entry_withdraw(entry=first, user=None)
    assert places_taken(event) == 0
    later = entry_submit(event=event, fields=person(first_name="Cleo"), user=None)
    assert later.status == EntryStatus.PENDING
    # The person who withdrew may enter again: a withdrawn entry is no duplicate.
    entry_withdraw(entry=later, user=None)
    assert entry_submit(event=event, fields=person(), user=None).status == EntryStatus.PENDING


def test_a_player_withdrawn_may_enter_again_by_his_id(event):
    player = PlayerFactory(fmjd_id="16001", rating=1700)
    entry = entry_submit(event=event, fields=person(fmjd_id=player.fmjd_id), user=None)
    entry_withdraw(entry=entry, user=None)
    again = entry_submit(event=event, fields=person(fmjd_id=player.fmjd_id), user=None)
    assert again.player == player and again.status == EntryStatus.PENDING


# The link.


def test_the_link_names_its_entry(event):
    entry = entry_submit(event=event, fields=person(), user=None)
    assert withdraw_link_entry(withdraw_token(entry)) == entry


def test_a_tampered_link_or_another_signature_is_refused(event):
    entry = entry_submit(event=event, fields=person(), user=None)
    token = withdraw_token(entry)
    other = entry_submit(event=event, fields=person(first_name="Bob"), user=None)
    signature = token.split(":", 1)[1]
    forged = [
        token[:-1] + ("A" if token[-1] != "A" else "B"),
        withdraw_token(other).split(":", 1)[0] + ":" + signature,  # another entry's payload
        signing.dumps({"e": other.pk, "m": "0" * 20}),  # no salt
        signing.dumps({"e": other.pk}, salt="accounts.invitation"),
        mail_off_token(PlayerFactory()),
        "",
        "not-a-token",
    ]
    for bad in forged:
        with pytest.raises(WithdrawLinkError) as excinfo:
            withdraw_link_entry(bad)
        assert excinfo.value.status == 400, bad


def test_the_link_dies_with_the_e_mail_the_entry_or_the_event(event):
    entry = entry_submit(event=event, fields=person(), user=None)
    token = withdraw_token(entry)
    Entry.objects.filter(pk=entry.pk).update(email="anna@elsewhere.org")
    with pytest.raises(WithdrawLinkError, match="e-mail"):
        withdraw_link_entry(token)
    Entry.objects.filter(pk=entry.pk).update(email="anna@example.org")
    assert withdraw_link_entry(token) == entry
    yesterday = timezone.localdate() - datetime.timedelta(days=1)
    Event.objects.filter(pk=event.pk).update(start_date=yesterday, end_date=yesterday)
    with pytest.raises(WithdrawLinkError, match="over"):
        withdraw_link_entry(token)
    Entry.objects.filter(pk=entry.pk).delete()
    with pytest.raises(WithdrawLinkError) as excinfo:
        withdraw_link_entry(token)
    assert excinfo.value.status == 404


# The mail on entry.


def test_the_entrant_gets_his_link_by_mail(event, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        entry = entry_submit(event=event, fields=person(), user=None)
    assert sorted(m.to[0] for m in mail.outbox) == ["anna@example.org", "organizer@example.org"]
    receipt = next(m for m in mail.outbox if m.to == ["anna@example.org"])
    assert event.name in receipt.subject
    assert "de Vries, Anna" in receipt.body
    link = LINK.search(receipt.body)
    assert link is not None
    assert f"/events/{event.slug}/entries/withdraw/" in link.group(0)
    assert mailed_entries(receipt.body) == [entry]
    page = Client().get(url(entry))
    assert page.status_code == 200 and page.context["entry"] == entry


def test_no_e_mail_no_receipt(event, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        entry_submit(event=event, fields=person(email=""), user=None)
    assert [m.to for m in mail.outbox] == [["organizer@example.org"]]


def test_a_secretary_s_people_each_get_their_own_link(
    event, organizer, django_capture_on_commit_callbacks
):
    rows = [person(), person(first_name="Bob", email="bob@example.org"), person(email="")]
    rows[2]["first_name"] = "Cleo"
    with django_capture_on_commit_callbacks(execute=True):
        entries = entries_submit(event=event, rows=rows, user=organizer)
    receipts = {m.to[0]: m.body for m in mail.outbox if m.to != ["organizer@example.org"]}
    assert sorted(receipts) == ["anna@example.org", "bob@example.org"]
    assert mailed_entries(receipts["anna@example.org"]) == [entries[0]]
    assert mailed_entries(receipts["bob@example.org"]) == [entries[1]]


def test_the_receipt_is_in_the_language_of_the_entry_page(
    event, django_capture_on_commit_callbacks
):
    fields = {key: str(value) for key, value in person().items()}
    with django_capture_on_commit_callbacks(execute=True):
        answer = Client().post(
            reverse("entries:enter", args=[event.slug]), fields, HTTP_ACCEPT_LANGUAGE="fr"
        )
    assert answer.status_code == 302
    receipt = next(m for m in mail.outbox if m.to == ["anna@example.org"])
    assert receipt.subject.startswith("Votre inscription")
    assert "retirez votre inscription" in receipt.body


@pytest.mark.parametrize("language", ["fr", "nl", "ru"])
def test_the_page_in_each_language(event, language):
    entry = entry_submit(event=event, fields=person(), user=None)
    page = Client().get(url(entry), HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    text = page.content.decode()
    assert f'lang="{language}"' in text
    assert "Withdraw" not in text, language  # every string of the page translated


def test_the_api_entry_gets_its_receipt_too(event, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        answer = Client().post(
            f"/api/events/{event.slug}/entries/", person(), content_type="application/json"
        )
    assert answer.status_code == 201
    entry = Entry.objects.get(pk=answer.json()["id"])
    receipt = next(m for m in mail.outbox if m.to == ["anna@example.org"])
    assert mailed_entries(receipt.body) == [entry]
    assert "withdraw" not in str(answer.json())  # the link goes to the e-mail only


# The page.


def test_the_page_asks_then_withdraws(event, django_capture_on_commit_callbacks):
    entry = entry_submit(event=event, fields=person(), user=None)
    client = Client()
    page = client.get(url(entry))
    text = page.content.decode()
    assert page.status_code == 200
    assert event.name in text and "de Vries, Anna" in text and 'id="withdraw-form"' in text
    entry.refresh_from_db()
    assert entry.status == EntryStatus.PENDING  # a look at the link changes nothing
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(url(entry), follow=True)
    assert answer.redirect_chain[-1][0] == reverse("entries:list", args=[event.slug])
    entry.refresh_from_db()
    assert entry.status == EntryStatus.WITHDRAWN
    listed = answer.content.decode()
    assert "is withdrawn" in listed and 'id="entries-table"' not in listed
    assert [m.to for m in mail.outbox] == [["organizer@example.org"]]
    # The same link again: told, nothing changes.
    again = client.post(url(entry))
    assert again.status_code == 400
    assert "already withdrawn" in again.content.decode()
    assert entry.history.count() == 2


def test_a_post_without_the_csrf_token_is_refused(event):
    entry = entry_submit(event=event, fields=person(), user=None)
    answer = Client(enforce_csrf_checks=True).post(url(entry))
    assert answer.status_code == 403
    entry.refresh_from_db()
    assert entry.status == EntryStatus.PENDING


def test_an_accepted_entry_s_link_says_to_ask_the_organizers(event, organizer):
    entry = entry_submit(event=event, fields=person(), user=None)
    token = withdraw_token(entry)
    entry_accept(entry=entry, user=organizer)
    for method in ("get", "post"):
        answer = getattr(Client(), method)(url(entry, token))
        assert answer.status_code == 400
        text = answer.content.decode()
        assert "is registered in" in text and "ask its organizers" in text
        assert 'id="withdraw-form"' not in text
    entry.refresh_from_db()
    assert entry.status == EntryStatus.ACCEPTED


def test_a_link_under_another_event_is_not_found(event, organizer):
    entry = entry_submit(event=event, fields=person(), user=None)
    other = coming(open_for_entries(organizer))
    path = reverse("entries:withdraw", args=[other.slug, withdraw_token(entry)])
    answer = Client().post(path)
    assert answer.status_code == 404
    entry.refresh_from_db()
    assert entry.status == EntryStatus.PENDING


@pytest.mark.parametrize(
    "token",
    [
        "x",
        "..",
        "a" * 3000,
        "eyJlIjoxfQ:1vXyZ:AAAA",
        "%00",
        "Ъ" * 20,
        "<script>alert(1)</script>",
        "'; DROP TABLE entries_entry; --",
    ],
)
def test_hostile_links_change_nothing(event, token):
    entry = entry_submit(event=event, fields=person(), user=None)
    path = f"/events/{event.slug}/entries/withdraw/{token}/"
    for method in ("get", "post"):
        answer = getattr(Client(), method)(path)
        assert answer.status_code in (400, 404), (token, answer.status_code)
        assert "<script>alert" not in answer.content.decode()
    entry.refresh_from_db()
    assert entry.status == EntryStatus.PENDING


def test_other_methods_are_not_allowed(event):
    entry = entry_submit(event=event, fields=person(), user=None)
    for method in ("put", "delete", "patch"):
        assert getattr(Client(), method)(url(entry)).status_code == 405
    entry.refresh_from_db()
    assert entry.status == EntryStatus.PENDING


def test_the_admin_lists_and_filters_withdrawn_entries(event, organizer):
    kept = entry_submit(event=event, fields=person(first_name="Kept", email=""), user=None)
    gone = entry_submit(event=event, fields=person(first_name="Gone"), user=None)
    entry_withdraw(entry=gone, user=None)
    client = Client()
    client.force_login(organizer)
    changelist = reverse("admin:entries_entry_changelist")
    everything = client.get(changelist).content.decode()
    assert "Gone" in everything and "Kept" in everything and "withdrawn" in everything
    filtered = client.get(changelist, {"status__exact": "withdrawn"}).content.decode()
    assert "Gone" in filtered and "Kept" not in filtered
    assert kept.status == EntryStatus.PENDING
