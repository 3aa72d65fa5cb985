"""The players CSV import: a preview of every line (created, changed field by field, unchanged,
refused), then, once the organizer confirms, the whole file written in one transaction.

The file: a header row naming the columns (CSV_COLUMNS, or their labels in English or French:
"Nom", "Prénom", "Date de naissance"; :func:`column_of`), then one player per line, separated
by commas or semicolons (the separator the header uses), in UTF-8 (with or without a byte-order
mark) or else Windows-1252 / Latin-1 (what spreadsheet programs write in western Europe).
Only last_name and first_name are required. A line whose fmjd_id (or, without one, national_id
with federation) matches a player updates that player: the columns absent from the file, and
the empty cells, leave his values as they are; nothing is ever erased by an import.
Each physical line is read on its own, so a broken line (an unclosed quotation mark) is refused
with its own number and never takes the following lines with it; a refused line names every
problem it has, not the first one only.
"""

import base64
import datetime
import hashlib
from dataclasses import dataclass, field
from functools import cache

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import IntegrityError, transaction
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.access import PRIVATE_FIELDS, player_access, player_refusal
from tournaments.models import Player
from tournaments.services.csv_import import (
    Header,
    decode_upload,
    header_key,
    header_read,
    header_require,
    line_values,
    numbered_lines,
)
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
#: Header names a spreadsheet may use beside the field labels (any case, accents aside).
COLUMN_ALIASES = {
    "surname": "last_name",
    "given name": "first_name",
    "elo": "rating",
    "classement": "rating",
    "e mail": "email",
    "mail": "email",
    "telephone": "phone",
    "date of birth": "birth_date",
    "ne le": "birth_date",
    "licence": "national_id",
    "land": "federation",
    "vereniging": "club",
    "telefoon": "phone",
    "geboren": "birth_date",
    "bondsnummer": "national_id",
    "lidnummer": "national_id",
    "licentie": "national_id",
    "телефон": "phone",
    "страна": "federation",
}


def column_of(name: str) -> str:
    """The column a header cell names: its code (``last_name``), its label in any of the
    site's languages ("Last name", "Nom", "Prénom", "Date de naissance") or an alias
    (COLUMN_ALIASES); the cell folded as it is when it names none (an unknown column).

    >>> column_of("Prénom"), column_of("DATE DE NAISSANCE"), column_of("Surname")
    ('first_name', 'birth_date', 'last_name')
    """
    return _column_names().get(header_key(name), header_key(name))


def field_label(name: str) -> str:
    """The label of the Player field ``name`` in the active language."""
    return str(getattr(Player._meta.get_field(name), "verbose_name", name))


@cache
def _column_names() -> dict[str, str]:
    names = {header_key(alias): column for alias, column in COLUMN_ALIASES.items()}
    for column in CSV_COLUMNS:
        names[header_key(column)] = column
        for language, _language_name in settings.LANGUAGES:
            with translation.override(language):
                label = field_label(column)
            names.setdefault(header_key(label), column)
    return names


#: ISO, then the day first as Dutch, French and Russian files write it.
DATE_FORMATS = ("%Y-%m-%d", "%d-%m-%Y", "%d/%m/%Y", "%d.%m.%Y")

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
    a player `user` may not change (tournaments.access), or give private fields of a player
    whose private fields `user` may not read, is refused. Raises ImportFormatError
    when the file as a whole cannot be read (empty, no header, a required column missing)."""
    text, encoding = decode_upload(data)
    numbered = numbered_lines(text)
    read = header_read(numbered, column=column_of)
    header, separator = read.columns, read.separator
    header_require(
        read, [name for name in REQUIRED_COLUMNS if name not in header], known=CSV_COLUMNS
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
        plan.lines.append(_plan_line(number, line, read, seen, user=user))
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


def _plan_line(
    number: int,
    line: str,
    header: Header,
    seen: dict[tuple[str, str], int],
    *,
    user: AbstractBaseUser | None,
) -> ImportLine:
    cells = line_values(line, header)
    if isinstance(cells, str):
        return ImportLine(number, REFUSED, error=cells)
    given = {name: cell for name, cell in cells.items() if name in CSV_COLUMNS and cell}
    result = ImportLine(number, REFUSED, player=_name(given))
    # Every problem of the line is reported at once, not the first one only.
    values, problems = _values(given)
    key = _key(values)
    if key is not None and key in seen:
        problems.append(_("It names the same player as line %(line)d.") % {"line": seen[key]})
    existing = _existing(values)
    if existing is not None and user is not None:
        access = player_access(user, existing)
        if not access.change:
            problems.append(player_refusal(existing, access))
        private = [name for name in values if name in PRIVATE_FIELDS]
        if private and not access.see_private:
            # The preview would show the stored values, and "unchanged" would confirm a guess.
            problems.append(
                _(
                    "%(player)s's private fields are not yours to read: leave %(columns)s empty "
                    "on this line."
                )
                % {"player": existing, "columns": ", ".join(private)}
            )
    player = Player.objects.get(pk=existing.pk) if existing else Player()
    for name, value in values.items():
        setattr(player, name, value)
    try:
        player.full_clean()
    except ValidationError as exc:
        problems.append(_describe(exc))
    if problems:
        result.error = " ".join(problems)
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


def _values(given: dict[str, str]) -> tuple[dict[str, object], list[str]]:
    """The line's values read (a number, a date), and what could not be read (those cells
    are left out of the values)."""
    values: dict[str, object] = dict(given)
    problems: list[str] = []
    if "rating" in given:
        try:
            values["rating"] = int(given["rating"])
        except ValueError:
            del values["rating"]
            problems.append(
                _("rating: %(value)r is not a whole number.") % {"value": given["rating"]}
            )
    if "birth_date" in given:
        try:
            values["birth_date"] = _date(given["birth_date"])
        except ValueError as exc:
            del values["birth_date"]
            problems.append(str(exc))
    for name in ("federation", "title"):
        if name in given:
            values[name] = given[name].upper()
    return values, problems


def _date(text: str) -> datetime.date:
    for pattern in DATE_FORMATS:
        try:
            return datetime.datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    raise ValueError(
        _("birth_date: %(value)r is not a date (YYYY-MM-DD, DD-MM-YYYY or DD/MM/YYYY).")
        % {"value": text}
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
    return FieldChange(name, field_label(name), _shown(old), _shown(new))


def _describe(exc: Exception) -> str:
    if isinstance(exc, ValidationError) and hasattr(exc, "message_dict"):
        return " ".join(
            " ".join(str(message) for message in messages)
            if name == NON_FIELD_ERRORS
            else f"{name}: {' '.join(str(message) for message in messages)}"
            for name, messages in exc.message_dict.items()
        )
    return " ".join(str(message) for message in getattr(exc, "messages", [str(exc)]))
