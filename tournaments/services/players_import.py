"""The players CSV import: a preview of every line (created, changed field by field, unchanged,
refused), then, once the organizer confirms, the whole file written in one transaction.

The file: a header row naming the columns (CSV_COLUMNS), then one player per line, separated
by commas or semicolons (the separator the header uses), in UTF-8 (with or without a byte-order
mark) or else Windows-1252 / Latin-1 (what spreadsheet programs write in western Europe).
Only last_name and first_name are required. A line whose fmjd_id (or, without one, national_id
with federation) matches a player updates that player: the columns absent from the file, and
the empty cells, leave his values as they are; nothing is ever erased by an import.
Each physical line is read on its own, so a broken line (an unclosed quotation mark) is refused
with its own number and never takes the following lines with it.
"""

import base64
import csv
import datetime
import hashlib
import re
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.access import player_access, player_refusal
from tournaments.models import Player
from tournaments.services.errors import ImportFormatError, TournamentError
from tournaments.services.history import recorded_by

CSV_COLUMNS = (
    "last_name",
    "first_name",
    "federation",
    "fmjd_id",
    "national_id",
    "rating",
    "title",
    "club",
    "email",
    "phone",
    "birth_date",
)
REQUIRED_COLUMNS = ("last_name", "first_name")
#: Separators recognised in the header row, the most frequent one wins (comma when none).
SEPARATORS = (",", ";", "\t")
DATE_FORMATS = ("%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y")

CREATE, UPDATE, UNCHANGED, REFUSED = "create", "update", "unchanged", "refused"


class ImportChangedError(TournamentError):
    """The players changed between the preview and the confirmation: nothing was written."""

    default_code = "import_changed_error"


@dataclass(frozen=True)
class FieldChange:
    column: str
    label: str
    old: str
    new: str


@dataclass
class ImportLine:
    number: int
    action: str
    player: str = ""
    player_id: int | None = None
    changes: list[FieldChange] = field(default_factory=list)
    error: str = ""
    values: dict[str, object] = field(default_factory=dict)


@dataclass
class ImportPlan:
    """What the file would do, line by line; `data` is the file itself (kept for the
    confirmation), `digest` fingerprints the plan so a confirmation applies what was shown."""

    data: bytes
    encoding: str
    separator: str
    columns: list[str]
    unknown_columns: list[str]
    lines: list[ImportLine]

    def count(self, action: str) -> int:
        return sum(1 for line in self.lines if line.action == action)

    @property
    def writes(self) -> int:
        return self.count(CREATE) + self.count(UPDATE)

    @property
    def digest(self) -> str:
        shown = [
            (line.number, line.action, line.player_id, line.changes, line.error)
            for line in self.lines
        ]
        return hashlib.sha256(repr((self.data, shown)).encode()).hexdigest()

    @property
    def encoded(self) -> str:
        return base64.b64encode(self.data).decode("ascii")

    @property
    def separator_name(self) -> str:
        return {",": _("comma"), ";": _("semicolon"), "\t": _("tab")}[self.separator]


def import_plan(data: bytes, *, user: AbstractBaseUser | None = None) -> ImportPlan:
    """Read the file and say what each line would do; writes nothing. A line that would change
    a player `user` may not change (tournaments.access) is refused. Raises ImportFormatError
    when the file as a whole cannot be read (empty, no header, a required column missing)."""
    text, encoding = decode_upload(data)
    physical = re.split(r"\r\n|\r|\n", text)
    numbered = [(number, line) for number, line in enumerate(physical, 1) if line.strip()]
    if not numbered:
        raise ImportFormatError(_("The file is empty: it needs a header row naming the columns."))
    header_number, header_line = numbered[0]
    separator = max(SEPARATORS, key=header_line.count) if header_line else ","
    if not any(mark in header_line for mark in SEPARATORS):
        separator = ","
    try:
        header = [name.strip().lower() for name in _cells(header_line, separator)]
    except csv.Error:
        raise ImportFormatError(
            _("Line %(line)d (the header): its quotation marks do not match.")
            % {"line": header_number}
        ) from None
    missing = [name for name in REQUIRED_COLUMNS if name not in header]
    if missing:
        raise ImportFormatError(
            _(
                "The header row (line %(line)d) lacks the column(s) %(missing)s. "
                "Known columns: %(known)s."
            )
            % {
                "line": header_number,
                "missing": ", ".join(missing),
                "known": ", ".join(CSV_COLUMNS),
            }
        )
    repeated = sorted({name for name in header if name and header.count(name) > 1})
    if repeated:
        raise ImportFormatError(
            _("The header row names the column(s) %(columns)s twice.")
            % {"columns": ", ".join(repeated)}
        )
    unknown = [name for name in header if name not in CSV_COLUMNS]
    plan = ImportPlan(
        data=data,
        encoding=encoding,
        separator=separator,
        columns=[name for name in header if name in CSV_COLUMNS],
        unknown_columns=unknown,
        lines=[],
    )
    seen: dict[tuple[str, str], int] = {}
    for number, line in numbered[1:]:
        plan.lines.append(_plan_line(number, line, separator, header, seen, user=user))
    return plan


def import_apply(data: bytes, *, digest: str, user: AbstractBaseUser | None) -> ImportPlan:
    """Write what the preview of `data` showed, in one transaction. Refused, and nothing
    written, when the preview no longer holds (a player changed since, `digest` differs)."""
    with transaction.atomic():
        plan = import_plan(data, user=user)
        if plan.digest != digest:
            raise ImportChangedError(
                _(
                    "The players changed since the preview was made; nothing was imported. "
                    "Check the new preview below, then confirm again."
                )
            )
        for line in plan.lines:
            if line.action not in (CREATE, UPDATE):
                continue
            if line.player_id is None:
                player = Player()
            else:
                player = Player.objects.select_for_update().get(pk=line.player_id)
            for name, value in line.values.items():
                setattr(player, name, value)
            try:
                player.full_clean()
                recorded_by(player, user).save()
            except (ValidationError, IntegrityError) as exc:
                raise ImportChangedError(
                    _("Line %(line)d could not be written (%(error)s); nothing was imported.")
                    % {"line": line.number, "error": _describe(exc)}
                ) from None
    return plan


def import_summary(plan: ImportPlan) -> str:
    """One sentence: the players created and updated by a confirmed import."""
    created = ngettext("%(count)d player created", "%(count)d players created", plan.count(CREATE))
    updated = ngettext("%(count)d player updated", "%(count)d players updated", plan.count(UPDATE))
    return _("Import done: %(created)s, %(updated)s.") % {
        "created": created % {"count": plan.count(CREATE)},
        "updated": updated % {"count": plan.count(UPDATE)},
    }


def decode_upload(data: bytes) -> tuple[str, str]:
    """The text of an uploaded file and the encoding it was read in: UTF-8 (with or without a
    byte-order mark), else Windows-1252, else Latin-1."""
    try:
        return data.decode("utf-8-sig"), "UTF-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "Windows-1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "Latin-1"


def _cells(line: str, separator: str) -> list[str]:
    return next(csv.reader([line], delimiter=separator, strict=True), [])


def _plan_line(
    number: int,
    line: str,
    separator: str,
    header: list[str],
    seen: dict[tuple[str, str], int],
    *,
    user: AbstractBaseUser | None,
) -> ImportLine:
    try:
        cells = _cells(line, separator)
    except csv.Error:
        return ImportLine(
            number,
            REFUSED,
            error=_(
                "Its quotation marks do not match: a quoted value must be closed by a "
                "quotation mark followed by the separator."
            ),
        )
    if len(cells) != len(header):
        return ImportLine(
            number,
            REFUSED,
            error=_("It has %(cells)d values where the header names %(columns)d columns.")
            % {"cells": len(cells), "columns": len(header)},
        )
    given = {
        name: cell.strip()
        for name, cell in zip(header, cells, strict=True)
        if name in CSV_COLUMNS and cell.strip()
    }
    result = ImportLine(number, REFUSED, player=_name(given))
    try:
        values = _values(given)
    except ValueError as exc:
        result.error = str(exc)
        return result
    key = _key(values)
    if key is not None and key in seen:
        result.error = _("It names the same player as line %(line)d.") % {"line": seen[key]}
        return result
    existing = _existing(values)
    if existing is not None and user is not None:
        access = player_access(user, existing)
        if not access.change:
            result.error = player_refusal(existing, access)
            return result
    player = Player.objects.get(pk=existing.pk) if existing else Player()
    for name, value in values.items():
        setattr(player, name, value)
    try:
        player.full_clean()
    except ValidationError as exc:
        result.error = _describe(exc)
        return result
    if key is not None:
        seen[key] = number
    result.values = values
    if existing is None:
        result.action = CREATE
        result.changes = [_change(name, None, value) for name, value in values.items()]
        return result
    result.player_id = existing.pk
    result.player = str(existing)
    result.changes = [
        _change(name, getattr(existing, name), value)
        for name, value in values.items()
        if getattr(existing, name) != value
    ]
    result.action = UPDATE if result.changes else UNCHANGED
    return result


def _values(given: dict[str, str]) -> dict[str, object]:
    values: dict[str, object] = dict(given)
    if "rating" in given:
        try:
            values["rating"] = int(given["rating"])
        except ValueError:
            raise ValueError(
                _("rating: %(value)r is not a whole number.") % {"value": given["rating"]}
            ) from None
    if "birth_date" in given:
        values["birth_date"] = _date(given["birth_date"])
    for name in ("federation", "title"):
        if name in given:
            values[name] = given[name].upper()
    return values


def _date(text: str) -> datetime.date:
    for pattern in DATE_FORMATS:
        try:
            return datetime.datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    raise ValueError(
        _("birth_date: %(value)r is not a date (YYYY-MM-DD or DD/MM/YYYY).") % {"value": text}
    )


def _key(values: dict[str, object]) -> tuple[str, str] | None:
    if values.get("fmjd_id"):
        return ("fmjd", str(values["fmjd_id"]))
    if values.get("national_id") and values.get("federation"):
        return ("national", f"{values['federation']}/{values['national_id']}")
    return None


def _existing(values: dict[str, object]) -> Player | None:
    if values.get("fmjd_id"):
        return Player.objects.filter(fmjd_id=values["fmjd_id"]).first()
    if values.get("national_id") and values.get("federation"):
        return Player.objects.filter(
            national_id=values["national_id"], federation=values["federation"]
        ).first()
    return None


def _name(given: dict[str, str]) -> str:
    return ", ".join(part for part in (given.get("last_name"), given.get("first_name")) if part)


def _shown(value: object) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, datetime.date):
        return value.isoformat()
    return str(value)


def _change(name: str, old: object, new: object) -> FieldChange:
    label = str(Player._meta.get_field(name).verbose_name)
    return FieldChange(name, label, _shown(old), _shown(new))


def _describe(exc: Exception) -> str:
    if isinstance(exc, ValidationError) and hasattr(exc, "message_dict"):
        return " ".join(
            " ".join(str(message) for message in messages)
            if name == NON_FIELD_ERRORS
            else f"{name}: {' '.join(str(message) for message in messages)}"
            for name, messages in exc.message_dict.items()
        )
    return " ".join(str(message) for message in getattr(exc, "messages", [str(exc)]))
