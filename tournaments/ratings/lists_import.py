"""Rating list import: the preview of every line (player created, rating changed old -> new,
unchanged, name match proposed, refused), then, once the organizer confirms, the list written in
one transaction. A list is kept as a new RatingList; a list of another date is never overwritten.

The file is the FMJD list as the FMJD rating site exports it: a quoted CSV (comma separated)
whose header names the fields of LIST_FIELDS (`nr_ew` is the FMJD id, `wrating` the women's
rating, empty for men), or their names in English, Dutch, French or Russian (LIST_COLUMN_NAMES:
"Achternaam", "Prénom", "Рейтинг"...), separated by commas, semicolons or tabs, in UTF-8,
UTF-16 or Windows-1252 (tournaments.services.csv_import). A file missing one of them is
refused, the missing field named. An optional `national_id` column lets a national list
match players by their national id.

A list of a source and date already imported is replaced by importing another of that date:
the preview says which list it replaces (its ratings) and the confirmation deletes that list
and writes the new one in the same transaction. Lists of other dates are never touched.

Matching: by FMJD id, then by national id; a player found only by his name is never
matched silently: the preview proposes the match, and only the lines the organizer accepts are
written for that player (the others are left out). The players are looked up once for the
whole file and the list is written in batches, so that a list of 10,000 lines is read and
written in a few queries per thousand lines.
"""

import base64
import datetime
import hashlib
from collections.abc import Collection
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.files.base import ContentFile
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from tournaments.access import player_access, player_refusal
from tournaments.imports.models import ImportJob
from tournaments.imports.services import Progress
from tournaments.models import Player, Title
from tournaments.ratings.models import Rating, RatingList, RatingSource
from tournaments.selectors.public import forget_states
from tournaments.services import csv_import
from tournaments.services.errors import ImportFormatError
from tournaments.services.players_import import (
    CREATE,
    REFUSED,
    UNCHANGED,
    UPDATE,
    FieldChange,
    ImportChangedError,
    ImportLine,
    line_json,
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
#: The optional column of a national list.
NATIONAL_ID = "national_id"
#: Header names beside the field codes (any case, accents aside), in English, Dutch, French
#: and Russian.
LIST_COLUMN_NAMES = {
    "nr_ew": ("fmjd id", "fmjd", "fmjd nr", "id fmjd", "fmjd nummer", "номер fmjd"),
    "nick": ("nickname", "bijnaam", "surnom", "ник"),
    "last_n": ("last name", "surname", "achternaam", "nom", "фамилия"),
    "first_n": ("first name", "given name", "voornaam", "prenom", "имя"),
    "country": ("federation", "land", "federatie", "pays", "страна", "федерация"),
    "title": ("titel", "titre", "звание", "титул"),
    "rating": ("elo", "classement", "рейтинг"),
    "wtitle": ("women title", "titel dames", "titre feminin", "женское звание"),
    "wrating": ("women rating", "rating dames", "classement feminin", "женский рейтинг"),
    NATIONAL_ID: ("national id", "licence", "licentie", "bondsnummer", "lidnummer"),
}
_COLUMNS = {
    csv_import.header_key(name): field
    for field, names in LIST_COLUMN_NAMES.items()
    for name in (field, *names)
}
#: Rows written per query.
BATCH = 500
#: Lines read between two reports of the progress to an import job.
PROGRESS_EVERY = 500
#: The rating list's kind of import job (tournaments.imports).
RATING_LIST_IMPORT = "ratinglist"
#: A line whose player is found by his name only: written only when the organizer accepts it.
PROPOSED = "proposed"


@dataclass
class ListPlan:
    """What the list would do, line by line; `digest` fingerprints what was shown."""

    data: bytes
    source: str
    published: datetime.date
    lines: list[ImportLine]
    #: The list of the same source and date that the import replaces, if one is imported.
    replaces: RatingList | None = None
    #: Its number of ratings.
    replaced_ratings: int = 0

    def count(self, action: str) -> int:
        return sum(1 for line in self.lines if line.action == action)

    @property
    def digest(self) -> str:
        shown = [(line.number, line.action, line.player_id, line.changes) for line in self.lines]
        replaces = self.replaces.pk if self.replaces is not None else None
        key = (self.data, self.source, self.published.isoformat(), replaces, shown)
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
    progress: Progress | None = None,
) -> ListPlan:
    """Read the list and say what each line would do; writes nothing. `progress(done,
    total)` is told the lines read every PROGRESS_EVERY lines, and at the end. A name match `user`
    may not change (tournaments.access) is refused. Raises ImportFormatError when the file
    as a whole cannot be read (empty, not text, a field of LIST_FIELDS missing, the header's
    quotation marks unmatched). A list of this source and date already imported is named in
    `replaces`: the import replaces it."""
    text, _encoding = csv_import.decode_upload(data)
    numbered = csv_import.numbered_lines(text)
    if not numbered:
        raise ImportFormatError(_("The file is empty: it needs a header row naming the fields."))
    header = csv_import.header_read(numbered, column=_column)
    missing = [name for name in LIST_FIELDS if name not in header.columns]
    if missing:
        raise ImportFormatError(
            _("The header row (line %(line)d) lacks the field(s) %(missing)s.")
            % {"line": header.line, "missing": ", ".join(missing)}
        )
    plan = ListPlan(data=data, source=source, published=published, lines=[])
    plan.replaces = RatingList.objects.filter(source=source, published=published).first()
    if plan.replaces is not None:
        plan.replaced_ratings = plan.replaces.ratings.count()
    seen: dict[str, int] = {}
    previous = _previous_ratings(source, published)
    read = [(number, csv_import.line_values(line, header)) for number, line in numbered[1:]]
    index = _PlayerIndex.of()
    index.load(
        {pk for given in read if not isinstance(given[1], str) for pk in index.candidates(given[1])}
    )
    for done, (number, given) in enumerate(read, start=1):
        plan.lines.append(_plan_line(number, given, seen, previous, index, user=user))
        if progress is not None and (done % PROGRESS_EVERY == 0 or done == len(read)):
            progress(done, len(read))
    return plan


def _column(name: str) -> str:
    key = csv_import.header_key(name)
    return _COLUMNS.get(key, key)


def rating_list_apply(
    data: bytes,
    *,
    source: str,
    published: datetime.date,
    file_name: str,
    digest: str,
    accepted: Collection[int],
    user: AbstractBaseUser | None,
    progress: Progress | None = None,
) -> RatingList:
    """Write the list the preview of `data` showed, in one transaction: a new RatingList (in
    place of the list of that source and date, when the preview said it replaces one), the
    players the file creates, one Rating per line (proposed lines only when in `accepted`).
    Nothing is written when the preview no longer holds (`digest` differs). `progress` is
    told the lines read again, then written (each line counts twice in its total)."""

    def read(done: int, total: int) -> None:
        if progress is not None:
            progress(done, 2 * total)

    with transaction.atomic():
        plan = rating_list_plan(data, source=source, published=published, user=user, progress=read)
        if plan.digest != digest:
            raise ImportChangedError(
                _(
                    "The players or lists changed since the preview was made; nothing was "
                    "imported. Check the new preview below, then confirm again."
                )
            )
        try:
            if plan.replaces is not None:
                _delete(plan.replaces)
            rating_list = _write(plan, file_name=file_name, accepted=accepted, user=user)
            if progress is not None:
                progress(2 * len(plan.lines), 2 * len(plan.lines))
        except IntegrityError:
            # Another import of the same list, or of the same players, won the race.
            raise ImportChangedError(
                _(
                    "The players or lists changed while the list was being written; nothing "
                    "was imported. Check the new preview below, then confirm again."
                )
            ) from None
    return rating_list


def _delete(rating_list: RatingList) -> None:
    """The list and its ratings deleted, its kept file once the transaction commits (a
    rollback keeps both)."""
    name = rating_list.file.name
    storage = rating_list.file.storage
    rating_list.delete()
    if name:
        transaction.on_commit(lambda: storage.delete(name))


def _write(
    plan: ListPlan,
    *,
    file_name: str,
    accepted: Collection[int],
    user: AbstractBaseUser | None,
) -> RatingList:
    """The list, the players it creates and its ratings, as `plan` says, in batches."""
    source = plan.source
    rating_list = RatingList.objects.create(
        source=source, published=plan.published, file_name=file_name[:200]
    )
    # The file is kept as imported, so that the list can be checked against its source.
    rating_list.file.save(f"{source}-{plan.published.isoformat()}.csv", ContentFile(plan.data))
    written = [
        line
        for line in plan.lines
        if line.action != REFUSED and (line.action != PROPOSED or line.number in accepted)
    ]
    created: dict[int, Player] = {}
    for line in written:
        if line.player_id is None:
            values = line.values
            created[line.number] = Player(
                last_name=values["last_name"],
                first_name=values["first_name"],
                federation=values["federation"],
                fmjd_id=values["fmjd_id"],
                title=values["title"] if values["title"] in Title.values else "",
                rating=values["rating"],
            )
    bulk_create_with_history(list(created.values()), Player, batch_size=BATCH, default_user=user)
    if _is_fmjd(source):
        # A player matched by his name, without an FMJD id, takes the list's.
        named = {
            line.player_id: line
            for line in written
            if line.action == PROPOSED and line.player_id is not None
        }
        given = list(Player.objects.filter(pk__in=named, fmjd_id=""))
        for player in given:
            player.fmjd_id = str(named[player.pk].values["fmjd_id"])
        bulk_update_with_history(given, Player, ["fmjd_id"], batch_size=BATCH, default_user=user)
    Rating.objects.bulk_create(
        (
            Rating(
                rating_list=rating_list,
                player_id=line.player_id or created[line.number].pk,
                rating=line.values["rating"],
                title=line.values["title"],
                women_rating=line.values["women_rating"],
                women_title=line.values["women_title"],
            )
            for line in written
        ),
        batch_size=BATCH,
    )
    # The players were written in bulk (no history signal per row): the cached event states
    # are forgotten once.
    transaction.on_commit(forget_states)
    return rating_list


def _is_fmjd(source: str) -> bool:
    return source in (RatingSource.FMJD_100, RatingSource.FMJD_64)


def _previous_ratings(source: str, published: datetime.date) -> dict[int, int]:
    """Each player's rating before the list of `published`: in the newest list of `source`
    published before, overridden by the list of that date that the import would replace."""
    older = RatingList.objects.filter(source=source, published__lt=published).first()
    ratings = dict(older.ratings.values_list("player_id", "rating")) if older else {}
    replaced = Rating.objects.filter(rating_list__source=source, rating_list__published=published)
    ratings.update(replaced.values_list("player_id", "rating"))
    return ratings


@dataclass
class _PlayerIndex:
    """The players the lines of a file may name, read in a few queries for the whole file:
    by FMJD id, by national id and by name (lower case), with the players found."""

    by_fmjd: dict[str, int]
    by_national: dict[str, int]
    by_name: dict[tuple[str, str], list[tuple[int, str]]]
    players: dict[int, Player]

    @classmethod
    def of(cls) -> "_PlayerIndex":
        # One query for every player's ids and name: a name is compared in lower case here,
        # as the database's case-insensitive match does on PostgreSQL (SQLite's folds ASCII
        # letters only), and thousands of lines cost no query each.
        index = cls({}, {}, {}, {})
        found = Player.objects.order_by("pk").values_list(
            "pk", "fmjd_id", "national_id", "last_name", "first_name"
        )
        for pk, fmjd_id, national_id, last_name, first_name in found.iterator(chunk_size=5000):
            if fmjd_id:
                index.by_fmjd.setdefault(fmjd_id, pk)
            if national_id:
                index.by_national.setdefault(national_id, pk)
            index.by_name.setdefault((last_name.lower(), first_name.lower()), []).append(
                (pk, fmjd_id)
            )
        return index

    def load(self, ids: Collection[int]) -> None:
        """Read the players of `ids` (those the lines match) in one query per batch."""
        self.players = Player.objects.in_bulk(list(ids)) if ids else {}

    def candidates(self, given: dict[str, str]) -> set[int]:
        """The players a line's cells may name (before its values are checked)."""
        found = {
            self.by_fmjd.get(given.get("nr_ew", "")),
            self.by_national.get(given.get(NATIONAL_ID, "")),
        }
        name = (given.get("last_n", "").lower(), given.get("first_n", "").lower())
        found.update(pk for pk, _fmjd in self.by_name.get(name, []))
        found.discard(None)
        return {pk for pk in found if pk is not None}

    def match(self, values: dict[str, object]) -> tuple[Player | None, bool]:
        """The player the line names, and whether he was found by his name only."""
        fmjd_id, national_id = str(values["fmjd_id"]), str(values["national_id"])
        pk = self.by_fmjd.get(fmjd_id) if fmjd_id else None
        if pk is None and national_id:
            pk = self.by_national.get(national_id)
        if pk is not None:
            return self.players[pk], False
        name = (str(values["last_name"]).lower(), str(values["first_name"]).lower())
        namesakes = [
            pk for pk, their_fmjd in self.by_name.get(name, []) if not (fmjd_id and their_fmjd)
        ]
        if not namesakes:
            return None, False
        return self.players[namesakes[0]], True


def _plan_line(
    number: int,
    given: dict[str, str] | str,
    seen: dict[str, int],
    previous: dict[int, int],
    index: _PlayerIndex,
    *,
    user: AbstractBaseUser | None,
) -> ImportLine:
    if isinstance(given, str):
        return ImportLine(number, REFUSED, error=given)
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
    player, by_name = index.match(values)
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
        "national_id": given.get(NATIONAL_ID, ""),
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


def rating_list_preview_json(plan: ListPlan) -> dict[str, object]:
    """The preview as the import job keeps it for its page: the lines as shown, the counts,
    the list replaced, and the digest a confirmation must carry."""
    return {
        "digest": plan.digest,
        "replaces": str(plan.replaces) if plan.replaces is not None else "",
        "replaced_ratings": plan.replaced_ratings,
        "counts": {
            action: plan.count(action) for action in (CREATE, UPDATE, UNCHANGED, PROPOSED, REFUSED)
        },
        "lines": [line_json(line) for line in plan.lines],
    }


def rating_list_job_preview(job: ImportJob, data: bytes, progress: Progress) -> dict[str, object]:
    """The preview job of a rating list (tournaments.imports): its source and date are the
    job's parameters."""
    plan = rating_list_plan(
        data,
        source=job.parameters["source"],
        published=datetime.date.fromisoformat(job.parameters["published"]),
        user=job.requested_by,
        progress=progress,
    )
    return rating_list_preview_json(plan)


def rating_list_job_apply(job: ImportJob, data: bytes, progress: Progress) -> dict[str, object]:
    """The apply job of a confirmed rating list: the list written, named in the result."""
    parameters = job.parameters
    rating_list = rating_list_apply(
        data,
        source=parameters["source"],
        published=datetime.date.fromisoformat(parameters["published"]),
        file_name=job.file_name,
        digest=parameters["digest"],
        accepted=set(parameters["accepted"]),
        user=job.requested_by,
        progress=progress,
    )
    return {"rating_list": rating_list.pk, "ratings": rating_list.ratings.count()}
