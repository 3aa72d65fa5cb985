"""Turning an archive's JSON rows into model rows, each checked as the admin's forms would
check it (Model.full_clean) and saved as the importing user's change, any fault an
ArchiveError naming the archive, the file and the entry; and what the import created
(:class:`ImportReport`). The import's loaders (games.archive.load, games.archive.load_teams)
build on :class:`RowLoader`.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, models, transaction
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from games import archive as fmt
from games.archive.check import Archive
from games.archive.matching import PlayerMatch
from games.services.errors import ArchiveError
from tournaments.models import Event, Registration, Round
from tournaments.services.history import recorded_by


@dataclass
class ImportReport:
    """What an import created (or, for a preview, would create)."""

    event: Event | None = None
    counts: dict[str, int] = field(default_factory=dict)
    players: list[PlayerMatch] = field(default_factory=list)
    decks_created: list[str] = field(default_factory=list)
    #: The games whose findings here differ from the archive's.
    differing: list[str] = field(default_factory=list)
    people: dict[str, list[str]] = field(default_factory=dict)

    def add(self, label: str, count: int = 1) -> None:
        self.counts[label] = self.counts.get(label, 0) + count


class RowLoader:
    """Checks and saves the rows of an archive's files, naming the file and entry of any
    fault, and counts them in its report."""

    def __init__(self, archive: Archive, user: AbstractBaseUser) -> None:
        self.archive = archive
        self.user = user
        self.report = ImportReport()

    def error(self, message: str, file: str, where: str = "") -> ArchiveError:
        return self.archive.error(message, file=file, where=where)

    def rows(self, file: str, value: Any, where: str = "") -> list[dict[str, Any]]:
        if not isinstance(value, list) or not all(isinstance(row, dict) for row in value):
            raise self.error(_("expected a list of objects"), file, where)
        return value

    def fields(
        self, model: type[models.Model], row: dict, names: tuple[str, ...], file: str, where: str
    ) -> dict[str, Any]:
        """The fields ``names`` present in ``row``, each converted by its model field."""
        found = {}
        for name in names:
            if name not in row:
                continue
            model_field = model._meta.get_field(name)
            value = row[name]
            if value is None and not model_field.null:
                raise self.error(_("null is not a value of this field"), file, f"{where}.{name}")
            if isinstance(value, str) and "\x00" in value:
                # PostgreSQL refuses a NUL character in a text.
                raise self.error(
                    _("it holds the control character U+0000"), file, f"{where}.{name}"
                )
            try:
                found[name] = (
                    value
                    if isinstance(model_field, models.JSONField)
                    else model_field.to_python(value)
                )
            except ValidationError as exc:
                raise self.error(" ".join(exc.messages), file, f"{where}.{name}") from None
            except (TypeError, ValueError):
                raise self.error(
                    _("%(value)r is not a value of this field") % {"value": value},
                    file,
                    f"{where}.{name}",
                ) from None
        return found

    def save(
        self, row: models.Model, file: str, where: str, *, exclude: tuple[str, ...] = ()
    ) -> models.Model:
        """Check ``row`` and save it, recorded as the importing user's change.

        The fields' checks leave out the related rows (the loader itself created or found
        them) and the empty values a field allows (a user who did not travel, an unknown
        flag); the uniqueness and constraints are checked on every field. The database's own
        refusal, the last guard, is reported for the row like the checks'."""
        try:
            row.full_clean(
                exclude=[*_unchecked(row), *exclude],
                validate_unique=False,
                validate_constraints=False,
            )
            row.validate_unique(exclude=list(exclude))
            row.validate_constraints(exclude=list(exclude))
        except ValidationError as exc:
            raise self.error(_faults(exc), file, where) from None
        try:
            recorded_by(row, self.user).save()
        except (IntegrityError, DataError) as exc:
            raise self.error(str(exc), file, where) from None
        return row

    def save_many(self, rows: Sequence[tuple[models.Model, str]], file: str) -> None:
        """Check the ``rows`` (each with its place in ``file``) and save them in batches with
        their history, for the many rows of a large event (players, registrations).

        Each row's fields are checked as :meth:`save` checks them, and its unique fields
        against the other rows of the batch, without a query; the database checks the rest
        (a row already here, a constraint). When it refuses a batch, the rows are saved one
        by one through :meth:`save`, which names the row it refuses."""
        if not rows:
            return
        model = type(rows[0][0])
        uniques = [
            tuple(c.fields)
            for c in model._meta.constraints
            if isinstance(c, models.UniqueConstraint) and c.condition is None and c.fields
        ]
        attnames = {f.name: f.attname for f in model._meta.concrete_fields}
        seen: dict[tuple, str] = {}
        for row, where in rows:
            try:
                row.full_clean(
                    exclude=_unchecked(row), validate_unique=False, validate_constraints=False
                )
            except ValidationError as exc:
                raise self.error(_faults(exc), file, where) from None
            for names in uniques:
                key = (names, *(getattr(row, attnames[n]) for n in names))
                if key in seen:
                    raise self.error(
                        _("%(fields)s: the same as %(other)s")
                        % {"fields": ", ".join(names), "other": seen[key]},
                        file,
                        where,
                    )
                seen[key] = where
        try:
            with transaction.atomic():
                bulk_create_with_history(
                    [row for row, _where in rows], model, batch_size=500, default_user=self.user
                )
        except (IntegrityError, DataError):
            for row, where in rows:
                row.pk = None
                self.save(row, file, where)

    def key(
        self, row: dict, names: tuple[str, ...], file: str, where: str, *, optional: bool = False
    ) -> tuple:
        """The whole numbers ``names`` of ``row`` (with ``optional``, null is one too)."""
        values = tuple(row.get(name) for name in names)
        for name, value in zip(names, values, strict=True):
            if value is None and optional:
                continue
            if not isinstance(value, int) or isinstance(value, bool):
                raise self.error(_("expected a whole number"), file, f"{where}.{name}")
        return values

    def text(self, row: dict, name: str, file: str, where: str) -> str:
        value = row.get(name)
        if not isinstance(value, str):
            raise self.error(_("expected a text"), file, f"{where}.{name}")
        return value

    def registration(
        self, registrations: dict[int, Registration], number: object, file: str, where: str
    ) -> Registration:
        if not isinstance(number, int) or isinstance(number, bool) or number not in registrations:
            raise self.error(
                _("pairing number %(number)s is not registered in %(file)s")
                % {"number": number, "file": fmt.REGISTRATIONS},
                file,
                where,
            )
        return registrations[number]

    def round(
        self, rounds: dict[int, Round], row: dict, file: str, where: str, *, optional=False
    ) -> tuple[int | None, Round | None]:
        """The round ``row`` names by its number (with ``optional``, none when null)."""
        (number,) = self.key(row, ("round",), file, where, optional=optional)
        if number is None:
            return None, None
        if number not in rounds:
            raise self.error(
                _("no round %(number)s in %(rounds)s") % {"number": number, "rounds": fmt.ROUNDS},
                file,
                f"{where}.round",
            )
        return number, rounds[number]


def _unchecked(row: models.Model) -> list[str]:
    """The fields of ``row`` its own checks leave out: the related rows (the loader created
    or found them) and the empty values a field allows."""
    return [
        f.name
        for f in row._meta.concrete_fields
        if f.is_relation or (f.null and getattr(row, f.attname) is None)
    ]


def _faults(error: ValidationError) -> str:
    """The messages of ``error``, each after the field it is about."""
    return "; ".join(
        f"{name}: {' '.join(messages)}" if name != "__all__" else " ".join(messages)
        for name, messages in error.message_dict.items()
    )
