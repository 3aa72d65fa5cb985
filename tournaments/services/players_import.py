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

The players the lines name are read for the whole file at once (by FMJD id, then national id
and federation, with the user's rights on them: tournaments.access.players_access), so a
preview costs a few queries whatever its length. Large files are previewed and written by
import jobs (tournaments.imports, kind PLAYERS_IMPORT): `players_job_preview` and
`players_job_apply`.
"""

import base64
import copy
import datetime
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import IntegrityError, transaction
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.access import PRIVATE_FIELDS, PlayerAccess, player_refusal, players_access
from tournaments.models import Player
from tournaments.names import person_order
from tournaments.services.csv_import import (
    decode_upload,
    header_key,
    header_read,
    header_require,
    line_values,
    numbered_lines,
)
from tournaments.services.errors import ImportFormatError, TournamentError
from tournaments.services.history import recorded_by

if TYPE_CHECKING:
    from tournaments.imports.models import ImportJob

#: ``progress(done, total)``: lines done out of lines in all (tournaments.imports).
Progress = Callable[[int, int], None]
#: The players import's kind of import job (tournaments.imports).
PLAYERS_IMPORT = "players"
#: Lines read (or written) between two reports of the progress to an import job.
PROGRESS_EVERY = 500
#: Identifiers a query names at most (SQLite's limit of parameters is 32,766).
_CHUNK = 10_000

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


def import_plan(
    data: bytes,
    *,
    user: AbstractBaseUser | None = None,
    progress: Progress | None = None,
) -> ImportPlan:
    """Read the file and say what each line would do; writes nothing. A line that would change
    a player `user` may not change (tournaments.access), or give private fields of a player
    whose private fields `user` may not read, is refused. Raises ImportFormatError
    when the file as a whole cannot be read (empty, no header, a required column missing).
    The players named are read for the whole file in a few queries (`_PlayerIndex`);
    `progress` is told the lines read every PROGRESS_EVERY lines."""
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
    cells = [(number, line_values(line, read)) for number, line in numbered[1:]]
    index = _PlayerIndex.of(cells, user=user)
    seen: dict[tuple[str, str], int] = {}
    total = len(cells)
    for done, (number, given) in enumerate(cells, start=1):
        plan.lines.append(_plan_line(number, given, index, seen, user=user))
        if progress is not None and (done % PROGRESS_EVERY == 0 or done == total):
            progress(done, total)
    return plan


@dataclass
class _PlayerIndex:
    """The players the lines of a file name, read for the whole file in a few queries: by
    FMJD id, by national id and federation, and the user's rights on each."""

    by_fmjd: dict[str, Player]
    by_national: dict[tuple[str, str], Player]
    access: dict[int, PlayerAccess]

    @classmethod
    def of(
        cls, cells: list[tuple[int, dict[str, str] | str]], *, user: AbstractBaseUser | None
    ) -> "_PlayerIndex":
        fmjd_ids: set[str] = set()
        national_ids: set[str] = set()
        for _number, given in cells:
            if isinstance(given, str):
                continue
            if given.get("fmjd_id"):
                fmjd_ids.add(given["fmjd_id"])
            elif given.get("national_id") and given.get("federation"):
                national_ids.add(given["national_id"])
        index = cls({}, {}, {})
        players = Player.objects.order_by(*person_order(), "pk")
        for chunk in _chunks(sorted(fmjd_ids)):
            for player in players.filter(fmjd_id__in=chunk):
                index.by_fmjd.setdefault(player.fmjd_id, player)
        for chunk in _chunks(sorted(national_ids)):
            for player in players.filter(national_id__in=chunk):
                index.by_national.setdefault((player.national_id, player.federation), player)
        if user is not None:
            found = [*index.by_fmjd.values(), *index.by_national.values()]
            index.access = players_access(user, found)
        return index

    def existing(self, values: dict[str, object]) -> Player | None:
        """The player a line's values name (as the database holds him), None for a new one."""
        if values.get("fmjd_id"):
            return self.by_fmjd.get(str(values["fmjd_id"]))
        if values.get("national_id") and values.get("federation"):
            return self.by_national.get((str(values["national_id"]), str(values["federation"])))
        return None


def _chunks(names: list[str]) -> list[list[str]]:
    return [names[start : start + _CHUNK] for start in range(0, len(names), _CHUNK)]


def import_apply(
    data: bytes,
    *,
    digest: str,
    user: AbstractBaseUser | None,
    progress: Progress | None = None,
) -> ImportPlan:
    """Write what the preview of `data` showed, in one transaction, each player through his
    history (recorded_by `user`). Refused, and nothing written, when the preview no longer
    holds (a player changed since, `digest` differs). The players changed are locked in one
    query per many thousands; `progress` is told the lines read again, then written (each
    line counts twice in its total)."""

    def read(done: int, total: int) -> None:
        if progress is not None:
            progress(done, 2 * total)

    with transaction.atomic():
        plan = import_plan(data, user=user, progress=read)
        if plan.digest != digest:
            raise ImportChangedError(
                _(
                    "The players changed since the preview was made; nothing was imported. "
                    "Check the new preview below, then confirm again."
                )
            )
        total = len(plan.lines)
        changed = sorted(line.player_id for line in plan.lines if line.player_id is not None)
        locked: dict[int, Player] = {}
        for chunk in _chunks(changed):  # type: ignore[arg-type]
            locked.update(Player.objects.select_for_update().in_bulk(chunk))
        for done, line in enumerate(plan.lines, start=1):
            if progress is not None and (done % PROGRESS_EVERY == 0 or done == total):
                progress(total + done, 2 * total)
            if line.action not in (CREATE, UPDATE):
                continue
            player = Player() if line.player_id is None else locked[line.player_id]
            for name, value in line.values.items():
                setattr(player, name, value)
            try:
                # The FMJD id's uniqueness is the database's to check (an IntegrityError).
                player.full_clean(validate_unique=False, validate_constraints=False)
                recorded_by(player, user).save()
            except (ValidationError, IntegrityError) as exc:
                raise ImportChangedError(
                    _("Line %(line)d could not be written (%(error)s); nothing was imported.")
                    % {"line": line.number, "error": _describe(exc)}
                ) from None
    return plan


def import_summary(plan: ImportPlan) -> str:
    """One sentence: the players created and updated by a confirmed import."""
    return import_summary_of(created=plan.count(CREATE), updated=plan.count(UPDATE))


def import_summary_of(*, created: int, updated: int) -> str:
    """One sentence: `created` players created and `updated` updated by an import."""
    created_text = ngettext("%(count)d player created", "%(count)d players created", created)
    updated_text = ngettext("%(count)d player updated", "%(count)d players updated", updated)
    return _("Import done: %(created)s, %(updated)s.") % {
        "created": created_text % {"count": created},
        "updated": updated_text % {"count": updated},
    }


def import_preview_json(plan: ImportPlan) -> dict[str, Any]:
    """The preview as the import job keeps it for its page: how the file was read, the
    counts, the lines as shown, and the digest a confirmation must carry."""
    return {
        "digest": plan.digest,
        "encoding": plan.encoding,
        "separator_name": plan.separator_name,
        "unknown_columns": plan.unknown_columns,
        "writes": plan.writes,
        "counts": {action: plan.count(action) for action in (CREATE, UPDATE, UNCHANGED, REFUSED)},
        "lines": [line_json(line) for line in plan.lines],
    }


def line_json(line: ImportLine) -> dict[str, Any]:
    """A preview's line as an import job keeps it (the players and the rating lists alike)."""
    return {
        "number": line.number,
        "action": line.action,
        "player": line.player,
        "error": line.error,
        "changes": [
            {"label": change.label, "old": change.old, "new": change.new} for change in line.changes
        ],
    }


def players_job_preview(job: "ImportJob", data: bytes, progress: Progress) -> dict[str, Any]:
    """The preview job of a players file (tournaments.imports), with the rights of who
    uploaded it."""
    return import_preview_json(import_plan(data, user=job.requested_by, progress=progress))


def players_job_apply(job: "ImportJob", data: bytes, progress: Progress) -> dict[str, Any]:
    """The apply job of a confirmed players file: the players written, counted."""
    plan = import_apply(
        data, digest=job.parameters["digest"], user=job.requested_by, progress=progress
    )
    return {"created": plan.count(CREATE), "updated": plan.count(UPDATE)}


def _plan_line(
    number: int,
    cells: dict[str, str] | str,
    index: _PlayerIndex,
    seen: dict[tuple[str, str], int],
    *,
    user: AbstractBaseUser | None,
) -> ImportLine:
    if isinstance(cells, str):
        return ImportLine(number, REFUSED, error=cells)
    given = {name: cell for name, cell in cells.items() if name in CSV_COLUMNS and cell}
    result = ImportLine(number, REFUSED, player=_name(given))
    # Every problem of the line is reported at once, not the first one only.
    values, problems = _values(given)
    key = _key(values)
    if key is not None and key in seen:
        problems.append(_("It names the same player as line %(line)d.") % {"line": seen[key]})
    existing = index.existing(values)
    if existing is not None and user is not None:
        access = index.access[existing.pk]
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
    player = copy.copy(existing) if existing else Player()
    for name, value in values.items():
        setattr(player, name, value)
    try:
        # No query per line for uniqueness: the only unique value an import writes is the
        # FMJD id, and a line giving one names its holder (the index); the database checks
        # it again when the line is written.
        player.full_clean(validate_unique=False, validate_constraints=False)
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
