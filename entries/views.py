"""The public pages of the entries: the entry form (one person, or several for a logged-in
club secretary), the list of entries without private data, and the page of the link that
withdraws an entry. They call entries.services; a refused entry is shown on its form with
the field named."""

from typing import cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.forms import BaseForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_safe

from entries.errors import EntryStateError
from entries.forms import EntryForm, EntryFormSet
from entries.links import WithdrawLinkError, withdraw_link_entry
from entries.selectors import entry_settings_get, public_entries, rules_open
from entries.services import (
    EntriesRefused,
    entries_submit,
    entry_submit,
    entry_withdraw,
    withdraw_refusal,
)
from entries.throttles import EntryThrottle
from tournaments.access import visible_event
from tournaments.models import Event


def _author(request: HttpRequest) -> AbstractBaseUser | None:
    return request.user if isinstance(request.user, AbstractBaseUser) else None


def _refusal_on(form: BaseForm, error: ValidationError) -> None:
    """The service's refusal on the form, on the field it names where the form has it."""
    for field, texts in error.message_dict.items():
        form.add_error(field if field in form.fields else None, texts)


def _context(event: Event, **values: object) -> dict:
    rules = entry_settings_get(event)
    return {
        "event": event,
        "rules": rules,
        "open": rules is not None and rules_open(rules),
        "section": "entries",
        **values,
    }


def enter(request: HttpRequest, slug: str) -> HttpResponse:
    """One person's entry; a pending (or waiting) entry leads to the list of entries."""
    event = visible_event(request.user, slug)
    form = EntryForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if not EntryThrottle().allow_request(request, None):
            messages.error(request, _("Too many entries from your address: try again later."))
            status = 429
        elif form.is_valid():
            try:
                entry = entry_submit(event=event, fields=form.entry_fields(), user=_author(request))
            except ValidationError as exc:
                _refusal_on(form, exc)
            else:
                messages.success(
                    request,
                    _("%(entry)s: your entry is %(status)s. The organizers will answer it.")
                    % {"entry": entry, "status": entry.get_status_display()},
                )
                return redirect("entries:list", slug=event.slug)
        status = 400 if status == 200 else status
    return render(request, "entries/enter.html", _context(event, form=form), status=status)


@login_required
def enter_several(request: HttpRequest, slug: str) -> HttpResponse:
    """A club secretary's list: up to SECRETARY_ROWS people at once, all entered or none."""
    event = visible_event(request.user, slug)
    formset = EntryFormSet(request.POST or None)
    status = 200
    if request.method == "POST":
        if formset.is_valid():
            filled = [(form, form.entry_fields()) for form in formset if form.has_changed()]
            try:
                entries = entries_submit(
                    event=event,
                    rows=[fields for _form, fields in filled],
                    user=cast(AbstractBaseUser, request.user),  # login_required
                )
            except EntriesRefused as exc:
                _refusal_on(filled[exc.row - 1][0], exc.error)
            else:
                messages.success(
                    request,
                    ngettext(
                        "%(count)s entry sent; the organizers will answer it.",
                        "%(count)s entries sent; the organizers will answer them.",
                        len(entries),
                    )
                    % {"count": len(entries)},
                )
                return redirect("entries:list", slug=event.slug)
        status = 400
    return render(
        request, "entries/enter_several.html", _context(event, formset=formset), status=status
    )


@require_safe
def entry_list(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's entries: name, club, federation, rating and status only."""
    event = visible_event(request.user, slug)
    return render(request, "entries/list.html", _context(event, entries=public_entries(event)))


#: The history's change reason of a withdrawal by the link of the entrant's receipt.
WITHDRAWN_BY_LINK = "withdrawn by the entrant's link"


def _withdraw_page(request: HttpRequest, status: int = 200, **values: object) -> HttpResponse:
    event = values.get("event")
    base = "public/event_base.html" if event else "base.html"
    context = {"base": base, "section": "entries", **values}
    return render(request, "entries/withdraw.html", context, status=status)


@require_http_methods(["GET", "POST"])
def withdraw(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """The link of an entrant's receipt (entries.links): the page names the event and the
    entrant and asks to confirm; its button withdraws the entry (a GET changes nothing, so
    that a mail reader's look at the link does not). A link that is not valid, or an entry
    that can no longer be withdrawn so, is told and nothing changes."""
    try:
        entry = withdraw_link_entry(token)
    except WithdrawLinkError as error:
        return _withdraw_page(request, error.status, refusal=str(error))
    if entry.event.slug != slug:
        refusal = _("This link is not a valid withdrawal link: check that it was copied whole.")
        return _withdraw_page(request, 404, refusal=refusal)
    refusal = withdraw_refusal(entry)
    if not refusal and request.method == "POST":
        try:
            entry = entry_withdraw(entry=entry, user=_author(request), reason=WITHDRAWN_BY_LINK)
        except EntryStateError as error:  # withdrawn or answered meanwhile
            refusal = str(error)
        else:
            messages.success(
                request,
                _("%(entry)s: your entry to %(event)s is withdrawn. The organizers are told.")
                % {"entry": entry, "event": entry.event},
            )
            return redirect("entries:list", slug=entry.event.slug)
    if refusal:
        return _withdraw_page(request, 400, refusal=refusal, event=entry.event)
    return _withdraw_page(request, entry=entry, event=entry.event)
