"""Writes of the entries: an entry sent (by the person, or several by a club secretary), the
entrant's withdrawal of it, the organizer's answer (accept, refuse, put on the waiting
list), his changes (the registry's player chosen, the amounts due and paid). Each write is
one transaction: a refused one leaves the database as it was.

An entry's limits are the event's entry settings: the dates, the places (once the event is
full an entry waits on the list, or is refused without one), the rating range (the
registry's rating when the entry is matched to a player, else the one typed) and the age
range (on the event's first day). A refused entry raises a ValidationError naming the field.
"""

import logging
from collections.abc import Mapping, Sequence
from decimal import Decimal
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from simple_history.utils import update_change_reason

from entries.errors import EntryStateError
from entries.models import ACTIVE_STATUSES, Entry, EntrySettings, EntryStatus
from entries.selectors import (
    AmbiguousIds,
    age_on,
    is_full,
    places_taken,
    player_by_ids,
    rules_open,
)
from tournaments.models import Event, Player, Registration
from tournaments.services.history import recorded_by
from tournaments.services.players import player_create
from tournaments.services.registrations import registration_add
from tournaments.task_names import TaskQueueError, task_queue

logger = logging.getLogger(__name__)

#: The fields a person types in an entry.
ENTRY_FIELDS = (
    "first_name",
    "last_name",
    "federation",
    "fmjd_id",
    "national_id",
    "rating",
    "club",
    "birth_date",
    "email",
    "phone",
)

#: What an organizer may change on an entry.
ORGANIZER_FIELDS = ("player", "amount_due", "amount_paid")


class EntriesRefused(Exception):
    """An entry of a club secretary's list is refused: `row` (from 1) and its error."""

    def __init__(self, row: int, error: ValidationError) -> None:
        super().__init__(f"{row}: {error}")
        self.row = row
        self.error = error


def _settings(event: Event) -> EntrySettings:
    rules = EntrySettings.objects.filter(event=event).first()
    if rules is None:
        raise ValidationError({"event": _("%(event)s takes no entries online.") % {"event": event}})
    return rules


def _when(moment) -> str:
    return formats.date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT")


def _check_dates(rules: EntrySettings) -> None:
    if rules_open(rules):
        return
    if timezone.now() < rules.opens_at:
        message = _("Entries to %(event)s open on %(when)s.")
        when = rules.opens_at
    else:
        message = _("Entries to %(event)s closed on %(when)s.")
        when = rules.closes_at
    raise ValidationError({"event": message % {"event": rules.event, "when": _when(when)}})


def _check_rating(rules: EntrySettings, rating: int, player: Player | None) -> None:
    source = _("the rating list's") if player is not None else _("the rating given")
    if rules.min_rating is not None and rating < rules.min_rating:
        raise ValidationError(
            {
                "rating": _("%(event)s is for ratings from %(min)s; %(source)s is %(rating)s.")
                % {
                    "event": rules.event,
                    "min": rules.min_rating,
                    "source": source,
                    "rating": rating,
                }
            }
        )
    if rules.max_rating is not None and rating > rules.max_rating:
        raise ValidationError(
            {
                "rating": _("%(event)s is for ratings up to %(max)s; %(source)s is %(rating)s.")
                % {
                    "event": rules.event,
                    "max": rules.max_rating,
                    "source": source,
                    "rating": rating,
                }
            }
        )


def _check_age(rules: EntrySettings, entry: Entry) -> None:
    if rules.min_age is None and rules.max_age is None:
        return
    if entry.birth_date is None:
        raise ValidationError(
            {
                "birth_date": _("%(event)s has age limits: give the birth date.")
                % {"event": rules.event}
            }
        )
    age = age_on(entry.birth_date, rules.event.start_date)
    too_young = rules.min_age is not None and age < rules.min_age
    too_old = rules.max_age is not None and age > rules.max_age
    if too_young or too_old:
        raise ValidationError(
            {
                "birth_date": _(
                    "%(event)s is for players aged %(min)s to %(max)s on its first day; this "
                    "player is %(age)s."
                )
                % {
                    "event": rules.event,
                    "min": rules.min_age if rules.min_age is not None else 0,
                    "max": rules.max_age if rules.max_age is not None else "—",
                    "age": age,
                }
            }
        )


def _check_duplicate(event: Event, entry: Entry) -> None:
    """The same player entered twice (by the registry's player, or by an id), or a player
    already registered."""
    active = Entry.objects.filter(event=event, status__in=ACTIVE_STATUSES)
    for field in ("fmjd_id", "national_id"):
        value = getattr(entry, field)
        lookup = (
            {field: value} if field == "fmjd_id" else {field: value, "federation": entry.federation}
        )
        if value and active.filter(**lookup).exists():
            raise ValidationError(
                {field: _("An entry with this id is already in %(event)s.") % {"event": event}}
            )
    if entry.player is None:
        return
    field = "fmjd_id" if entry.fmjd_id else "national_id"
    if active.filter(player=entry.player).exists():
        raise ValidationError(
            {
                field: _("%(player)s has already entered %(event)s.")
                % {"player": entry.player, "event": event}
            }
        )
    if Registration.objects.filter(event=event, player=entry.player).exists():
        raise ValidationError(
            {
                field: _("%(player)s is already registered in %(event)s.")
                % {"player": entry.player, "event": event}
            }
        )


def _match(entry: Entry) -> Player | None:
    if entry.national_id and not entry.federation:
        raise ValidationError(
            {"federation": _("A national id is read within its federation: give the federation.")}
        )
    try:
        return player_by_ids(
            fmjd_id=entry.fmjd_id, national_id=entry.national_id, federation=entry.federation
        )
    except AmbiguousIds as exc:
        raise ValidationError(
            {exc.field: _("The FMJD id and the national id are those of two different players.")}
        ) from exc


def _mail(task: str, entry_id: int, *args: object) -> None:
    """Queue the mail task `task` (entries.tasks) of entry `entry_id`; a broker out of reach
    is logged, the entry stays written."""
    try:
        task_queue(task, entry_id, *args)
    except TaskQueueError as exc:
        logger.warning("entry %s: %s %s", entry_id, task, exc)


def _submit(event: Event, fields: Mapping[str, Any], user: AbstractBaseUser | None) -> Entry:
    unknown = set(fields) - set(ENTRY_FIELDS)
    if unknown:
        raise ValidationError({name: _("Not a field of an entry.") for name in sorted(unknown)})
    rules = _settings(event)
    _check_dates(rules)
    entry = Entry(
        event=event,
        entered_by_id=user.pk if user is not None else None,
        amount_due=rules.fee,
        **fields,
    )
    entry.full_clean(exclude=["event", "player", "registration", "entered_by"])
    entry.player = _match(entry)
    _check_duplicate(event, entry)
    _check_rating(rules, entry.player.rating if entry.player else entry.rating, entry.player)
    _check_age(rules, entry)
    if is_full(rules):
        if not rules.waiting_list:
            raise ValidationError(
                {
                    "event": _("%(event)s is full (%(max)s players).")
                    % {"event": event, "max": rules.max_players}
                }
            )
        entry.status = EntryStatus.WAITLISTED
    recorded_by(entry, user).save()
    transaction.on_commit(partial(_mail, "entries.tasks.entry_notify_task", entry.pk))
    if entry.email:
        # The entrant's receipt, with the link that withdraws the entry, in his language.
        language = translation.get_language() or settings.LANGUAGE_CODE
        transaction.on_commit(
            partial(_mail, "entries.tasks.entry_receipt_task", entry.pk, language)
        )
    return entry


@transaction.atomic
def entry_submit(
    *, event: Event, fields: Mapping[str, Any], user: AbstractBaseUser | None
) -> Entry:
    """Enter one person in `event` (`fields`: ENTRY_FIELDS, as typed): pending, or on the
    waiting list once the event is full; its organizers are told by mail after the commit,
    and so is the person entered when he gave an e-mail (a receipt with the link that
    withdraws the entry: entries.links). `user` is who sent it (None: an anonymous
    visitor)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    return _submit(event, fields, user)


@transaction.atomic
def entries_submit(
    *, event: Event, rows: Sequence[Mapping[str, Any]], user: AbstractBaseUser
) -> list[Entry]:
    """A club secretary's entries: all of them, or none (EntriesRefused names the row). Each
    person entered with an e-mail gets his own receipt and withdrawal link, as by himself."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    entries = []
    for number, fields in enumerate(rows, start=1):
        try:
            entries.append(_submit(event, fields, user))
        except ValidationError as exc:
            raise EntriesRefused(number, exc) from exc
    return entries


def _locked(entry: Entry) -> Entry:
    return (
        Entry.objects.select_for_update(of=("self",))
        .select_related("event", "player")
        .get(pk=entry.pk)
    )


def _refuse_change(entry: Entry, allowed: Sequence[str], message: str) -> None:
    """EntryStateError with `message` (naming %(entry)s and %(status)s) unless the entry's
    status is one of `allowed`."""
    if entry.status not in allowed:
        raise EntryStateError(message % {"entry": entry, "status": entry.get_status_display()})


def _new_player_fields(entry: Entry) -> dict[str, Any]:
    return {name: getattr(entry, name) for name in ENTRY_FIELDS}


@transaction.atomic
def entry_accept(*, entry: Entry, user: AbstractBaseUser) -> Registration:
    """Accept a pending or waiting entry: its player (the one matched or chosen, else a new
    player of the registry made from the entry) is registered in the event through
    tournaments' registration_add, in the same transaction. A waiting entry needs a free
    place."""
    Event.objects.select_for_update().get(pk=entry.event_id)
    entry = _locked(entry)
    _refuse_change(
        entry,
        (EntryStatus.PENDING, EntryStatus.WAITLISTED),
        _("%(entry)s: the entry is %(status)s, it can no longer be accepted."),
    )
    rules = _settings(entry.event)
    if entry.status == EntryStatus.WAITLISTED and is_full(rules):
        raise EntryStateError(
            _(
                "%(event)s is full (%(taken)s of %(max)s places): %(entry)s stays on the "
                "waiting list."
            )
            % {
                "event": entry.event,
                "taken": places_taken(entry.event),
                "max": rules.max_players,
                "entry": entry,
            }
        )
    player = entry.player or _match(entry) or player_create(_new_player_fields(entry), user=user)
    registration = registration_add(event=entry.event, player=player, user=user)
    entry.player = player
    entry.registration = registration
    entry.status = EntryStatus.ACCEPTED
    recorded_by(entry, user).save()
    return registration


@transaction.atomic
def entry_refuse(*, entry: Entry, user: AbstractBaseUser) -> Entry:
    """Refuse a pending or waiting entry (an accepted one is a registration: withdraw it)."""
    entry = _locked(entry)
    _refuse_change(
        entry,
        (EntryStatus.PENDING, EntryStatus.WAITLISTED),
        _("%(entry)s: the entry is %(status)s, it can no longer be refused."),
    )
    entry.status = EntryStatus.REFUSED
    recorded_by(entry, user).save()
    return entry


def withdraw_refusal(entry: Entry) -> str:
    """Why the entrant cannot withdraw `entry` himself ("" when he can: it is pending or on
    the waiting list)."""
    refusals = {
        EntryStatus.ACCEPTED: _(
            "%(entry)s is registered in %(event)s: to withdraw, ask its organizers."
        ),
        EntryStatus.REFUSED: _("%(entry)s: the entry to %(event)s was refused, it holds no place."),
        EntryStatus.WITHDRAWN: _("%(entry)s: the entry to %(event)s is already withdrawn."),
    }
    message = refusals.get(EntryStatus(entry.status))
    return message % {"entry": entry, "event": entry.event} if message else ""


@transaction.atomic
def entry_withdraw(*, entry: Entry, user: AbstractBaseUser | None, reason: str = "") -> Entry:
    """The entrant withdraws his pending or waiting entry (by the link of his receipt:
    entries.links): it holds no place any more, is no longer listed, and its event's
    organizers are told by mail after the commit. An accepted entry is a registration: only
    the organizers withdraw the player. `user` is who did it (None: an anonymous visitor),
    `reason` how (the history's change reason)."""
    entry = _locked(entry)
    refusal = withdraw_refusal(entry)
    if refusal:
        raise EntryStateError(refusal)
    entry.status = EntryStatus.WITHDRAWN
    recorded_by(entry, user).save()
    if reason:
        update_change_reason(entry, reason[:100])
    transaction.on_commit(partial(_mail, "entries.tasks.entry_withdrawn_notify_task", entry.pk))
    return entry


@transaction.atomic
def entry_waitlist(*, entry: Entry, user: AbstractBaseUser) -> Entry:
    """Put a pending entry on the waiting list."""
    entry = _locked(entry)
    _refuse_change(
        entry,
        (EntryStatus.PENDING,),
        _("%(entry)s: the entry is %(status)s, it can no longer be put on the waiting list."),
    )
    entry.status = EntryStatus.WAITLISTED
    recorded_by(entry, user).save()
    return entry


@transaction.atomic
def entry_change(*, entry: Entry, fields: Mapping[str, Any], user: AbstractBaseUser) -> Entry:
    """The organizer's changes (ORGANIZER_FIELDS): the registry's player the entry is for
    (chosen among the possible matches, until it is accepted) and the amounts due and
    paid."""
    entry = _locked(entry)
    unknown = set(fields) - set(ORGANIZER_FIELDS)
    if unknown:
        raise ValidationError(
            {name: _("The organizer does not change this field.") for name in sorted(unknown)}
        )
    if (
        "player" in fields
        and fields["player"] != entry.player
        and entry.status == EntryStatus.ACCEPTED
    ):
        raise ValidationError({"player": _("The entry is accepted: its player is registered.")})
    for name, value in fields.items():
        setattr(entry, name, value)
    entry.full_clean(exclude=["registration", "entered_by"])
    recorded_by(entry, user).save()
    return entry


def entry_payment_record(*, entry: Entry, amount_paid: Decimal, user: AbstractBaseUser) -> Entry:
    """Record what the entrant has paid so far."""
    return entry_change(entry=entry, fields={"amount_paid": amount_paid}, user=user)


@transaction.atomic
def entry_settings_save(*, rules: EntrySettings, user: AbstractBaseUser) -> EntrySettings:
    """Save an event's entry settings (the admin's form) after their checks."""
    rules.full_clean()
    recorded_by(rules, user).save()
    return rules
