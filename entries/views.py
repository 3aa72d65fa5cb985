"""The public pages of the entries: the entry form (one person, or several for a logged-in
club secretary) and the list of entries without private data. They call entries.services;
a refused entry is shown on its form with the field named."""

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
from django.views.decorators.http import require_safe

from entries.forms import EntryForm, EntryFormSet
from entries.selectors import entry_settings_get, public_entries, rules_open
from entries.services import EntriesRefused, entries_submit, entry_submit
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
