"""Players: creation and CSV import."""

import csv
import datetime
import io
from dataclasses import dataclass, field
from typing import IO

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Player
from tournaments.services.errors import ImportFormatError

#: Columns of the players CSV (UTF-8, comma-separated, header row first). Only last_name and
#: first_name are required. birth_date is ISO (YYYY-MM-DD); rating an integer; title one of
#: the FMJD titles (GMI, MI, MF, CMF, GMIF, MIF, MFF, CMFF) or empty. A row whose fmjd_id (or,
#: without one, national_id with federation) matches an existing player updates that player.
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


@dataclass
class ImportReport:
    created: int = 0
    updated: int = 0
    errors: list[tuple[int, str]] = field(default_factory=list)  # (line number, message)


def player_create(
    *, user: AbstractBaseUser | None, first_name: str, last_name: str, **fields
) -> Player:
    """Create a player after full validation (fields: any Player field, e.g. rating, club)."""
    player = Player(first_name=first_name, last_name=last_name, **fields)
    player.full_clean()
    player._history_user = user
    player.save()
    return player


def players_import_csv(file: IO[str] | IO[bytes], *, user: AbstractBaseUser | None) -> ImportReport:
    """Import players from a CSV file (columns: CSV_COLUMNS). Each line is written on its own:
    a bad line is reported with its line number and the good lines are still imported."""
    text = file.read()
    if isinstance(text, bytes):
        text = text.decode("utf-8-sig")
    reader = csv.DictReader(io.StringIO(text))
    header = [name.strip() for name in reader.fieldnames or []]
    missing = [name for name in REQUIRED_COLUMNS if name not in header]
    if missing:
        raise ImportFormatError(
            _("the CSV header %(header)r lacks the column(s) %(missing)s; known columns: %(known)s")
            % {"header": header, "missing": ", ".join(missing), "known": ", ".join(CSV_COLUMNS)}
        )
    unknown = [name for name in header if name not in CSV_COLUMNS]
    if unknown:
        raise ImportFormatError(
            _("the CSV header has unknown column(s) %(unknown)s; known columns: %(known)s")
            % {"unknown": ", ".join(unknown), "known": ", ".join(CSV_COLUMNS)}
        )
    report = ImportReport()
    for row in reader:
        line = reader.line_num
        values = {key.strip(): (value or "").strip() for key, value in row.items() if key}
        try:
            with transaction.atomic():
                created = _import_row(values, user=user)
        except (ValidationError, ValueError) as exc:
            report.errors.append((line, _describe(exc)))
            continue
        if created:
            report.created += 1
        else:
            report.updated += 1
    return report


def _import_row(values: dict[str, str], *, user: AbstractBaseUser | None) -> bool:
    fields: dict[str, object] = dict(values)
    rating = values.get("rating", "")
    if rating:
        try:
            fields["rating"] = int(rating)
        except ValueError:
            raise ValueError(
                _("rating %(rating)r is not an integer") % {"rating": rating}
            ) from None
    else:
        fields.pop("rating", None)
    birth = values.get("birth_date", "")
    if birth:
        try:
            fields["birth_date"] = datetime.date.fromisoformat(birth)
        except ValueError:
            raise ValueError(
                _("birth_date %(birth)r is not a date YYYY-MM-DD") % {"birth": birth}
            ) from None
    else:
        fields["birth_date"] = None
    fields["federation"] = values.get("federation", "").upper()
    player = _existing_player(fields)
    created = player is None
    player = player or Player()
    for name, value in fields.items():
        setattr(player, name, value)
    player.full_clean()
    player._history_user = user
    player.save()
    return created


def _existing_player(fields: dict[str, object]) -> Player | None:
    if fields.get("fmjd_id"):
        return Player.objects.filter(fmjd_id=fields["fmjd_id"]).first()
    if fields.get("national_id"):
        return Player.objects.filter(
            national_id=fields["national_id"], federation=fields["federation"]
        ).first()
    return None


def _describe(exc: Exception) -> str:
    if isinstance(exc, ValidationError) and hasattr(exc, "message_dict"):
        return "; ".join(
            f"{name}: {' '.join(str(m) for m in messages)}"
            for name, messages in exc.message_dict.items()
        )
    return " ".join(str(m) for m in getattr(exc, "messages", [str(exc)]))
