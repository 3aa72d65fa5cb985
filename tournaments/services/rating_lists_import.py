"""Rating list import: the preview of every line (player created, rating changed old -> new,
unchanged, name match proposed, refused), then, once the organizer confirms, the list written in
one transaction. A list is kept as a new RatingList; an imported list is never overwritten.

The file is the FMJD list as the FMJD rating site exports it: a quoted CSV (comma separated)
whose header names the fields of LIST_FIELDS (`nr_ew` is the FMJD id, `wrating` the women's
rating, empty for men). A file missing one of them is refused, the missing field named. An
optional `national_id` column lets a national list match players by their national id.

Matching: by FMJD id, then by national id; a player found only by his name is never
matched silently: the preview proposes the match, and only the lines the organizer accepts are
written for that player (the others are left out).
"""

import base64
import csv
import datetime
import hashlib
from collections.abc import Collection
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.files.base import ContentFile
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournaments.access import player_access, player_refusal
from tournaments.models import Player, Rating, RatingList, RatingSource, Title
from tournaments.services.csv_import import decode_upload, numbered_lines
from tournaments.services.errors import ImportFormatError
from tournaments.services.history import recorded_by
from tournaments.services.players_import import (
    CREATE,
    REFUSED,
    UNCHANGED,
    UPDATE,
    FieldChange,
    ImportChangedError,
    ImportLine,
)

LIST_FIELDS = (
    "nr_ew",
    "nick",
    "last_n",
    "first_n",
    "country",
    "title",
    "rating",
    "wtitle",
    "wrating",
)
#: A line whose player is found by his name only: written only when the organizer accepts it.
PROPOSED = "proposed"


@dataclass
class ListPlan:
    """What the list would do, line by line; `digest` fingerprints what was shown."""

    data: bytes
    source: str
    published: datetime.date
    lines: list[ImportLine]

    def count(self, action: str) -> int:
        return sum(1 for line in self.lines if line.action == action)

    @property
    def digest(self) -> str:
        shown = [(line.number, line.action, line.player_id, line.changes) for line in self.lines]
        key = (self.data, self.source, self.published.isoformat(), shown)
        return hashlib.sha256(repr(key).encode()).hexdigest()

    @property
    def encoded(self) -> str:
        return base64.b64encode(self.data).decode("ascii")


def rating_list_plan(
    data: bytes,
    *,
    source: str,
    published: datetime.date,
    user: AbstractBaseUser | None = None,
) -> ListPlan:
    """Read the list and say what each line would do; writes nothing. A name match `user`
    may not change (tournaments.access) is refused. Raises ImportFormatError
    when the file as a whole cannot be read (empty, a field of LIST_FIELDS missing) or when a
    list of this source and date is already imported."""
    if RatingList.objects.filter(source=source, published=published).exists():
        raise ImportFormatError(
            _("A %(source)s list of %(date)s is already imported; lists are never overwritten.")
            % {"source": RatingSource(source).label, "date": published.isoformat()}
        )
    text, _encoding = decode_upload(data)
    numbered = numbered_lines(text)
    if not numbered:
        raise ImportFormatError(_("The file is empty: it needs a header row naming the fields."))
    header_number, header_line = numbered[0]
    header = [name.strip().lower() for name in _cells(header_line)]
    missing = [name for name in LIST_FIELDS if name not in header]
    if missing:
        raise ImportFormatError(
            _("The header row (line %(line)d) lacks the field(s) %(missing)s.")
            % {"line": header_number, "missing": ", ".join(missing)}
        )
    plan = ListPlan(data=data, source=source, published=published, lines=[])
    seen: dict[str, int] = {}
    previous = _previous_ratings(source, published)
    for number, line in numbered[1:]:
        plan.lines.append(_plan_line(number, line, header, seen, previous, user=user))
    return plan


def rating_list_apply(
    data: bytes,
    *,
    source: str,
    published: datetime.date,
    file_name: str,
    digest: str,
    accepted: Collection[int],
    user: AbstractBaseUser | None,
) -> RatingList:
    """Write the list the preview of `data` showed, in one transaction: a new RatingList, the
    players the file creates, one Rating per line (proposed lines only when in `accepted`).
    Nothing is written when the preview no longer holds (`digest` differs)."""
    with transaction.atomic():
        plan = rating_list_plan(data, source=source, published=published, user=user)
        if plan.digest != digest:
            raise ImportChangedError(
                _(
                    "The players or lists changed since the preview was made; nothing was "
                    "imported. Check the new preview below, then confirm again."
                )
            )
        try:
            rating_list = _write(plan, file_name=file_name, accepted=accepted, user=user)
        except IntegrityError:
            # Another import of the same list, or of the same players, won the race.
            raise ImportChangedError(
                _(
                    "The players or lists changed while the list was being written; nothing "
                    "was imported. Check the new preview below, then confirm again."
                )
            ) from None
    return rating_list


def _write(
    plan: ListPlan,
    *,
    file_name: str,
    accepted: Collection[int],
    user: AbstractBaseUser | None,
) -> RatingList:
    """The list, the players it creates and its ratings, as `plan` says."""
    source = plan.source
    rating_list = RatingList.objects.create(
        source=source, published=plan.published, file_name=file_name[:200]
    )
    # The file is kept as imported, so that the list can be checked against its source.
    rating_list.file.save(f"{source}-{plan.published.isoformat()}.csv", ContentFile(plan.data))
    ratings = []
    for line in plan.lines:
        if line.action == REFUSED or (line.action == PROPOSED and line.number not in accepted):
            continue
        values = line.values
        if line.player_id is None:
            player = Player(
                last_name=values["last_name"],
                first_name=values["first_name"],
                federation=values["federation"],
                fmjd_id=values["fmjd_id"],
                title=values["title"] if values["title"] in Title.values else "",
                rating=values["rating"],
            )
            recorded_by(player, user).save()
        else:
            player = Player.objects.get(pk=line.player_id)
            if line.action == PROPOSED and _is_fmjd(source) and not player.fmjd_id:
                player.fmjd_id = values["fmjd_id"]
                recorded_by(player, user).save()
        ratings.append(
            Rating(
                rating_list=rating_list,
                player=player,
                rating=values["rating"],
                title=values["title"],
                women_rating=values["women_rating"],
                women_title=values["women_title"],
            )
        )
    Rating.objects.bulk_create(ratings)
    return rating_list


def _is_fmjd(source: str) -> bool:
    return source in (RatingSource.FMJD_100, RatingSource.FMJD_64)


def _cells(line: str) -> list[str]:
    return next(csv.reader([line], delimiter=",", strict=True), [])


def _previous_ratings(source: str, published: datetime.date) -> dict[int, int]:
    """Each player's rating in the newest list of `source` published before `published`."""
    older = RatingList.objects.filter(source=source, published__lt=published).first()
    if older is None:
        return {}
    return dict(older.ratings.values_list("player_id", "rating"))


def _plan_line(
    number: int,
    line: str,
    header: list[str],
    seen: dict[str, int],
    previous: dict[int, int],
    *,
    user: AbstractBaseUser | None,
) -> ImportLine:
    try:
        cells = _cells(line)
    except csv.Error:
        return ImportLine(number, REFUSED, error=_("Its quotation marks do not match."))
    if len(cells) != len(header):
        return ImportLine(
            number,
            REFUSED,
            error=_("It has %(cells)d values where the header names %(columns)d fields.")
            % {"cells": len(cells), "columns": len(header)},
        )
    given = {name: cell.strip() for name, cell in zip(header, cells, strict=True)}
    result = ImportLine(number, REFUSED, player=f"{given['last_n']}, {given['first_n']}")
    try:
        values = _values(given)
    except ValueError as exc:
        result.error = str(exc)
        return result
    key = values["fmjd_id"] or values["national_id"]
    if key in seen:
        result.error = _("It names the same player as line %(line)d.") % {"line": seen[key]}
        return result
    seen[key] = number
    result.values = values
    player, by_name = _match(values)
    new = f"{values['rating']}"
    if values["women_rating"] is not None:
        women = _("women")
        new += f" ({women}: {values['women_rating']})"
    if player is None:
        result.action = CREATE
        result.changes = [FieldChange("rating", _("rating"), "—", new)]
        return result
    result.player_id = player.pk
    result.player = str(player)
    # Before any list of this source, the rating the player was entered with.
    old = previous.get(player.pk, player.rating or None)
    if by_name:
        access = player_access(user, player) if user is not None else None
        if access is not None and not access.change:
            result.error = player_refusal(player, access)
            return result
        result.action = PROPOSED
        result.changes = [
            FieldChange("fmjd_id", _("FMJD id"), player.fmjd_id or "—", str(values["fmjd_id"])),
            FieldChange("rating", _("rating"), "—" if old is None else str(old), new),
        ]
        return result
    if old == values["rating"]:
        result.action = UNCHANGED
        return result
    result.action = UPDATE
    result.changes = [FieldChange("rating", _("rating"), "—" if old is None else str(old), new)]
    return result


def _values(given: dict[str, str]) -> dict[str, object]:
    if not given["nr_ew"] and not given.get("national_id"):
        raise ValueError(_("nr_ew: the FMJD id is empty."))
    if not given["last_n"]:
        raise ValueError(_("last_n: the last name is empty."))
    values: dict[str, object] = {
        "fmjd_id": given["nr_ew"],
        "national_id": given.get("national_id", ""),
        "last_name": given["last_n"],
        "first_name": given["first_n"],
        "federation": given["country"].upper()[:3],
        "title": given["title"].upper()[:4],
        "women_title": given["wtitle"].upper()[:4],
    }
    for name, target in (("rating", "rating"), ("wrating", "women_rating")):
        text = given[name]
        if not text and name == "wrating":
            values[target] = None
            continue
        if not text.isdigit():
            raise ValueError(
                _("%(field)s: %(value)r is not a whole number.") % {"field": name, "value": text}
            )
        values[target] = int(text)
    return values


def _match(values: dict[str, object]) -> tuple[Player | None, bool]:
    """The player the line names, and whether he was found by his name only."""
    if values["fmjd_id"]:
        player = Player.objects.filter(fmjd_id=values["fmjd_id"]).first()
        if player is not None:
            return player, False
    if values["national_id"]:
        player = Player.objects.filter(national_id=values["national_id"]).first()
        if player is not None:
            return player, False
    namesakes = Player.objects.filter(
        last_name__iexact=values["last_name"], first_name__iexact=values["first_name"]
    )
    if values["fmjd_id"]:
        namesakes = namesakes.filter(fmjd_id="")
    by_name = namesakes.first()
    return by_name, by_name is not None
