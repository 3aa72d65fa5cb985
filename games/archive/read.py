"""Reading an event's archive: open and check it (`archive_open`), say what importing it
would create and what it conflicts with (`archive_preview`), import it (`archive_import`).

Every fault is an ArchiveError naming the archive, the file inside it and the field. The
import runs in one transaction, and the preview is that same import rolled back: what the
preview accepts, the import accepts, unless the database changed in between.

Players are matched with those already here by FMJD id, then by national id within the same
federation, never by name: a player whose name only is the same is created, and the preview
says so. A matched player keeps what this instance holds. User accounts do not travel: the
importing user organizes the imported event and signs its rulings; draws, records and
disputes keep no user. The event is imported as a draft. Each record is verified again
here (games.services.verification): the findings are the replay's, and the preview names
the records whose findings differ from the archive's.
"""

import hashlib
import io
import json
import stat
import zipfile
import zlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import DataError, IntegrityError, models, transaction
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from games import archive as fmt
from games.archive.write import (
    CARD_FIELDS,
    EVENT_FIELDS,
    PLAYER_FIELDS,
    REGISTRATION_FIELDS,
    RULING_FIELDS,
    TEAM_ADJUSTMENT_FIELDS,
    TEAM_BOARD_FIELDS,
    TEAM_COMPETITION_FIELDS,
    TEAM_FIELDS,
    TEAM_MATCH_FIELDS,
    TEAM_MEMBER_FIELDS,
)
from games.models import Dispute, GameRecord, Ruling
from games.services.errors import ArchiveError
from games.services.verification import record_verify
from tournaments.documents.models import Document, DocumentStatus
from tournaments.imports.services import Progress
from tournaments.live import states_forgotten_once
from tournaments.models import (
    BallotCard,
    BallotDeck,
    BallotDraw,
    ByeRequest,
    Event,
    Game,
    LineupEntry,
    Pairing,
    Player,
    ProhibitedPairing,
    Registration,
    Round,
    Team,
    TeamAdjustment,
    TeamBoard,
    TeamCompetition,
    TeamMatch,
    TeamMember,
)
from tournaments.services.history import recorded_by

#: The most an archive may hold once unpacked, and the most files: beyond, it is refused
#: before anything is unpacked. One JSON file is read whole and parsed (its objects take
#: several times its bytes), so it has a bound of its own; a record or a PDF is read only
#: when its row is imported, one at a time.
MAX_UNPACKED_BYTES = 256 * 1024 * 1024
MAX_FILES = 20_000
MAX_JSON_BYTES = 32 * 1024 * 1024
MAX_FILE_BYTES = 64 * 1024 * 1024
#: Bytes unpacked at a time: an entry is hashed and read by chunks, never past its bound.
CHUNK_BYTES = 1024 * 1024


class ArchiveFiles(Mapping[str, bytes]):
    """The archive's files other than its JSON (records, PDFs), by path: each is unpacked
    when asked for, from the zip file held in memory, so that an import holds one of them at
    a time."""

    def __init__(self, name: str, data: bytes, entries: dict[str, zipfile.ZipInfo]) -> None:
        self._name = name
        self._data = data
        self._entries = entries
        self._bundle: zipfile.ZipFile | None = None

    def __getitem__(self, path: str) -> bytes:
        entry = self._entries[path]
        if self._bundle is None:
            # Read once (its directory was checked by archive_open), kept for the next files.
            self._bundle = zipfile.ZipFile(io.BytesIO(self._data))
        return _read(self._name, self._bundle, entry)

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


@dataclass(frozen=True)
class Archive:
    """An archive whose manifest, checksums and JSON were checked: `json` holds each JSON
    file's content, `files` the others (records, PDFs), unpacked when read."""

    name: str
    manifest: dict[str, Any]
    json: dict[str, Any]
    files: Mapping[str, bytes]

    def error(self, message: str, *, file: str, where: str = "") -> ArchiveError:
        place = f"{file}, {where}" if where else file
        return ArchiveError(f"{self.name}: {place}: {message}")


@dataclass(frozen=True)
class PlayerMatch:
    """What becomes of one player of the archive."""

    name: str
    existing: Player | None
    matched_by: str
    same_name: tuple[str, ...] = ()
    differences: tuple[str, ...] = ()


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


@dataclass(frozen=True)
class ArchivePreview:
    """The archive's event, whether its slug is taken here (and a free one), and what an
    import with `slug` creates."""

    name: str
    archive_slug: str
    slug_taken: bool
    slug: str
    report: ImportReport


def archive_open(data: bytes, *, name: str) -> Archive:
    """The archive in ``data`` (a file called ``name``), checked: a zip file, a manifest of
    this format and of a version this reader knows, every file listed with its checksum and
    nothing else, every JSON file readable.

    Refused, naming the entry, before anything is unpacked: an entry whose path leaves the
    archive (``../``, an absolute path, a drive), a link, more files or more bytes than the
    bounds (MAX_FILES, MAX_UNPACKED_BYTES, MAX_JSON_BYTES, MAX_FILE_BYTES, by the sizes the
    zip declares). Each entry is then unpacked by chunks, never past the size it declares."""
    try:
        bundle = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError, EOFError):
        raise ArchiveError(_("%(name)s: not a zip file.") % {"name": name}) from None
    with bundle:
        infos = bundle.infolist()
        if len(infos) > MAX_FILES or sum(e.file_size for e in infos) > MAX_UNPACKED_BYTES:
            raise ArchiveError(
                _("%(name)s: more than %(files)s files or %(mb)s MB once unpacked.")
                % {"name": name, "files": MAX_FILES, "mb": MAX_UNPACKED_BYTES // 2**20}
            )
        for info in infos:
            _entry_check(name, info)
        # A folder's own entry (written by zip tools that pack a tree) holds nothing.
        entries = {e.filename: e for e in infos if not e.is_dir()}
        manifest = _manifest(name, entries, bundle)
        listed = manifest["files"]
        for path in sorted(set(entries) - set(listed) - {fmt.MANIFEST}):
            raise ArchiveError(
                _("%(name)s: %(file)s is not listed in %(manifest)s.")
                % {"name": name, "file": path, "manifest": fmt.MANIFEST}
            )
        for path, entry in sorted(listed.items()):
            if path not in entries:
                raise ArchiveError(
                    _("%(name)s: %(file)s is listed in %(manifest)s but missing.")
                    % {"name": name, "file": path, "manifest": fmt.MANIFEST}
                )
            digest = hashlib.sha256()
            for chunk in _unpacked(name, bundle, entries[path]):
                digest.update(chunk)
            if digest.hexdigest() != (entry.get("sha256") if isinstance(entry, dict) else None):
                raise ArchiveError(
                    _("%(name)s: %(file)s does not match its sha256 in %(manifest)s.")
                    % {"name": name, "file": path, "manifest": fmt.MANIFEST}
                )
        parsed = {}
        for path in fmt.JSON_FILES:
            if path not in entries:
                raise ArchiveError(
                    _("%(name)s: %(file)s is missing.") % {"name": name, "file": path}
                )
            parsed[path] = _parse(name, path, _read(name, bundle, entries.pop(path)))
        for path in fmt.OPTIONAL_JSON_FILES:
            if path in entries:
                parsed[path] = _parse(name, path, _read(name, bundle, entries.pop(path)))
    entries.pop(fmt.MANIFEST)
    return Archive(
        name=name, manifest=manifest, json=parsed, files=ArchiveFiles(name, data, entries)
    )


def _entry_check(name: str, info: zipfile.ZipInfo) -> None:
    """Refuse, naming it, an entry whose path leaves the archive, a link, or an entry larger
    than its kind's bound (by the size the zip declares)."""
    path = info.filename
    parts = path.replace("\\", "/").split("/")
    if path.startswith(("/", "\\")) or ".." in parts or (len(path) > 1 and path[1] == ":"):
        raise ArchiveError(
            _("%(name)s: the entry %(file)r leaves the archive (an absolute path or ..): refused.")
            % {"name": name, "file": path}
        )
    if stat.S_ISLNK(info.external_attr >> 16):
        raise ArchiveError(
            _("%(name)s: the entry %(file)r is a link: refused.") % {"name": name, "file": path}
        )
    limit = MAX_JSON_BYTES if path.endswith(".json") else MAX_FILE_BYTES
    if info.file_size > limit:
        raise ArchiveError(
            _("%(name)s: %(file)s declares %(size)s bytes once unpacked; at most %(limit)s.")
            % {"name": name, "file": path, "size": info.file_size, "limit": limit}
        )


def _unpacked(name: str, bundle: zipfile.ZipFile, info: zipfile.ZipInfo) -> Iterator[bytes]:
    """The entry's bytes by chunks, never more than it declares (zipfile stops there and
    checks the CRC); a fault of the compressed data is an ArchiveError naming the entry."""
    read = 0
    try:
        with bundle.open(info) as handle:
            while chunk := handle.read(CHUNK_BYTES):
                read += len(chunk)
                if read > info.file_size:
                    raise zipfile.BadZipFile("more bytes than declared")
                yield chunk
    except (
        zipfile.BadZipFile,
        zlib.error,
        ValueError,
        OSError,
        EOFError,
        NotImplementedError,
    ) as exc:
        raise ArchiveError(
            _("%(name)s: %(file)s cannot be unpacked (%(error)s).")
            % {"name": name, "file": info.filename, "error": exc}
        ) from None


def _read(name: str, bundle: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    return b"".join(_unpacked(name, bundle, info))


def _parse(name: str, path: str, data: bytes) -> Any:
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ArchiveError(
            _("%(name)s: %(file)s: not UTF-8 at byte %(at)s.")
            % {"name": name, "file": path, "at": exc.start}
        ) from None
    except json.JSONDecodeError as exc:
        raise ArchiveError(
            _("%(name)s: %(file)s, line %(line)s, column %(column)s: %(error)s.")
            % {
                "name": name,
                "file": path,
                "line": exc.lineno,
                "column": exc.colno,
                "error": exc.msg,
            }
        ) from None
    except RecursionError:
        raise ArchiveError(
            _("%(name)s: %(file)s: its values are nested too deeply to be read.")
            % {"name": name, "file": path}
        ) from None


def _manifest(
    name: str, entries: dict[str, zipfile.ZipInfo], bundle: zipfile.ZipFile
) -> dict[str, Any]:
    if fmt.MANIFEST not in entries:
        raise ArchiveError(
            _("%(name)s: no %(manifest)s: this is not a Damier event archive.")
            % {"name": name, "manifest": fmt.MANIFEST}
        )
    manifest = _parse(name, fmt.MANIFEST, _read(name, bundle, entries[fmt.MANIFEST]))
    if not isinstance(manifest, dict) or manifest.get("format") != fmt.FORMAT:
        raise ArchiveError(
            _("%(name)s: %(manifest)s, format: expected %(format)r.")
            % {"name": name, "manifest": fmt.MANIFEST, "format": fmt.FORMAT}
        )
    version = manifest.get("version")
    if not isinstance(version, int) or not 1 <= version <= fmt.VERSION:
        raise ArchiveError(
            _(
                "%(name)s: %(manifest)s, version: %(version)r; this Damier reads versions 1 "
                "to %(known)s."
            )
            % {"name": name, "manifest": fmt.MANIFEST, "version": version, "known": fmt.VERSION}
        )
    if not isinstance(manifest.get("files"), dict):
        raise ArchiveError(
            _("%(name)s: %(manifest)s, files: expected an object.")
            % {"name": name, "manifest": fmt.MANIFEST}
        )
    return manifest


def archive_preview(
    *, archive: Archive, user: AbstractBaseUser, progress: Progress | None = None
) -> ArchivePreview:
    """What importing ``archive`` would create, found by importing it and rolling back; the
    slug is the archive's, or a free one when it is taken here. ``progress(done, total)`` is
    told each of the IMPORT_STEPS done."""
    event = archive.json[fmt.EVENT]
    archive_slug = event.get("slug") if isinstance(event, dict) else None
    if not isinstance(archive_slug, str) or not archive_slug:
        raise archive.error(_("expected the event's slug"), file=fmt.EVENT, where="slug")
    slug_taken = Event.objects.filter(slug=archive_slug).exists()
    slug = free_slug(archive_slug) if slug_taken else archive_slug
    report = None

    class Rollback(Exception):
        pass

    try:
        with transaction.atomic():
            report = _import(archive, user=user, slug=slug, store_files=False, progress=progress)
            raise Rollback
    except Rollback:
        pass
    return ArchivePreview(
        name=report.event.name,
        archive_slug=archive_slug,
        slug_taken=slug_taken,
        slug=slug,
        report=report,
    )


def free_slug(slug: str) -> str:
    """``slug`` followed by the first number that makes it free: ``open-2``, ``open-3``."""
    number = 2
    while Event.objects.filter(slug=f"{slug}-{number}").exists():
        number += 1
    return f"{slug}-{number}"


def archive_import(
    *, archive: Archive, user: AbstractBaseUser, slug: str, progress: Progress | None = None
) -> ImportReport:
    """Import ``archive`` as a draft event ``slug`` organized by ``user``, in one
    transaction: on any fault nothing is written (documents' files included). ``progress``
    as for archive_preview."""
    if Event.objects.filter(slug=slug).exists():
        raise ArchiveError(
            _("%(name)s: the slug %(slug)s is taken here: choose another.")
            % {"name": archive.name, "slug": slug}
        )
    stored: list[str] = []
    try:
        with transaction.atomic():
            return _import(
                archive,
                user=user,
                slug=slug,
                store_files=True,
                stored=stored,
                progress=progress,
            )
    except BaseException:
        for name in stored:
            default_storage.delete(name)
        raise


def _import(
    archive: Archive,
    *,
    user: AbstractBaseUser,
    slug: str,
    store_files: bool,
    stored: list[str] | None = None,
    progress: Progress | None = None,
) -> ImportReport:
    with states_forgotten_once():
        return _import_rows(
            archive,
            user=user,
            slug=slug,
            store_files=store_files,
            stored=stored,
            progress=progress or (lambda done, total: None),
        )


def _import_rows(
    archive: Archive,
    *,
    user: AbstractBaseUser,
    slug: str,
    store_files: bool,
    stored: list[str] | None,
    progress: Progress,
) -> ImportReport:
    loader = _Loader(archive, user)
    report = loader.report
    event = report.event = loader.event(slug)
    report.add(_("events"))
    report.people = loader.people()
    progress(1, IMPORT_STEPS)
    players = loader.players()
    progress(2, IMPORT_STEPS)
    registrations = loader.registrations(event, players)
    progress(3, IMPORT_STEPS)
    rounds, pairings, games = loader.rounds(event, registrations)
    progress(4, IMPORT_STEPS)
    loader.teams(event, players, registrations, rounds, pairings)
    progress(5, IMPORT_STEPS)
    loader.ballots(event, rounds, pairings)
    progress(6, IMPORT_STEPS)
    loader.records(games)
    progress(7, IMPORT_STEPS)
    loader.disputes(games)
    progress(8, IMPORT_STEPS)
    loader.documents(event, rounds, store_files=store_files, stored=stored)
    progress(IMPORT_STEPS, IMPORT_STEPS)
    return report


#: The steps of an import told to its progress: the event, the players, the registrations,
#: the rounds and games, the teams, the ballots, the records, the disputes, the documents.
IMPORT_STEPS = 9


class _Loader:
    """Turns each file of the archive into rows, checking each row as the admin's forms
    would (Model.full_clean) and naming the file and entry of any fault."""

    def __init__(self, archive: Archive, user: AbstractBaseUser) -> None:
        self.archive = archive
        self.user = user
        self.report = ImportReport()
        self._decks: dict[str, BallotDeck] | None = None

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
        skipped = [
            f.name
            for f in row._meta.concrete_fields
            if f.is_relation or (f.null and getattr(row, f.attname) is None)
        ]
        try:
            row.full_clean(
                exclude=[*skipped, *exclude], validate_unique=False, validate_constraints=False
            )
            row.validate_unique(exclude=list(exclude))
            row.validate_constraints(exclude=list(exclude))
        except ValidationError as exc:
            faults = "; ".join(
                f"{name}: {' '.join(messages)}" if name != "__all__" else " ".join(messages)
                for name, messages in exc.message_dict.items()
            )
            raise self.error(faults, file, where) from None
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
            skipped = [
                f.name
                for f in row._meta.concrete_fields
                if f.is_relation or (f.null and getattr(row, f.attname) is None)
            ]
            try:
                row.full_clean(exclude=skipped, validate_unique=False, validate_constraints=False)
            except ValidationError as exc:
                faults = "; ".join(
                    f"{name}: {' '.join(messages)}" if name != "__all__" else " ".join(messages)
                    for name, messages in exc.message_dict.items()
                )
                raise self.error(faults, file, where) from None
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

    def event(self, slug: str) -> Event:
        row = self.archive.json[fmt.EVENT]
        if not isinstance(row, dict):
            raise self.error(_("expected an object"), fmt.EVENT)
        event = Event(**self.fields(Event, row, EVENT_FIELDS, fmt.EVENT, "event"))
        event.slug = slug
        event.published = False
        if row.get("ballot_deck") is not None:
            deck = self.text(row, "ballot_deck", fmt.EVENT, "event")
            event.ballot_deck = self.deck(deck, fmt.EVENT, "event.ballot_deck")
        self.save(event, fmt.EVENT, "event")
        event.organizers.set([self.user])
        return event

    def people(self) -> dict[str, list[str]]:
        """The user names the archive gives, by role: their accounts do not travel."""
        row = self.archive.json[fmt.EVENT]
        names = {_("organizers"): row.get("organizers"), _("arbiters"): row.get("arbiters")}
        return {
            role: [str(name) for name in people]
            for role, people in names.items()
            if isinstance(people, list) and people
        }

    def players(self) -> dict[int, Player]:
        file = fmt.PLAYERS
        found: dict[int, Player] = {}
        taken: dict[int, str] = {}
        created: list[tuple[models.Model, str]] = []
        rows = self.rows(file, self.archive.json[file])
        lookup = _PlayerLookup.of(rows)
        for position, row in enumerate(rows):
            where = f"[{position}]"
            (number,) = self.key(row, ("id",), file, where)
            if number in found:
                raise self.error(
                    _("id %(id)s repeats an earlier player") % {"id": number}, file, where
                )
            values = self.fields(
                Player, row, PLAYER_FIELDS + fmt.PRIVATE_PLAYER_FIELDS, file, where
            )
            player = Player(**values)
            match = lookup.match(player)
            if match.existing is not None:
                if match.existing.pk in taken:
                    raise self.error(
                        _("matched by %(key)s with %(player)s, already matched with %(other)s")
                        % {
                            "key": match.matched_by,
                            "player": match.existing,
                            "other": taken[match.existing.pk],
                        },
                        file,
                        where,
                    )
                taken[match.existing.pk] = match.name
                player = match.existing
            else:
                created.append((player, where))
                self.report.add(_("players"))
            self.report.players.append(match)
            found[number] = player
        self.save_many(created, file)
        return found

    def registrations(self, event: Event, players: dict[int, Player]) -> dict[int, Registration]:
        file = fmt.REGISTRATIONS
        content = self.archive.json[file]
        if not isinstance(content, dict):
            raise self.error(_("expected an object"), file)
        found: dict[int, Registration] = {}
        entries: list[tuple[Registration, str]] = []
        rows = self.rows(file, content.get("registrations"), "registrations")
        for position, row in enumerate(rows):
            where = f"registrations[{position}]"
            (player,) = self.key(row, ("player",), file, where)
            if player not in players:
                raise self.error(
                    _("player %(id)s is not in %(players)s")
                    % {"id": player, "players": fmt.PLAYERS},
                    file,
                    f"{where}.player",
                )
            values = self.fields(Registration, row, REGISTRATION_FIELDS, file, where)
            registration = Registration(event=event, player=players[player], **values)
            entries.append((registration, where))
            self.report.add(_("registrations"))
            found[registration.pairing_number] = registration
        self.save_many(entries, file)
        for (registration, where), row in zip(entries, rows, strict=True):
            byes = row.get("bye_requests") or []
            if not isinstance(byes, list):
                raise self.error(
                    _("expected a list of round numbers"), file, f"{where}.bye_requests"
                )
            for number in byes:
                bye = ByeRequest(registration=registration, round_number=number)
                self.save(bye, file, f"{where}.bye_requests")
                self.report.add(_("half-point bye requests"))
        prohibited_rows = self.rows(
            file, content.get("prohibited_pairings") or [], "prohibited_pairings"
        )
        for position, row in enumerate(prohibited_rows):
            where = f"prohibited_pairings[{position}]"
            first, second = self.key(row, ("first", "second"), file, where)
            prohibited = ProhibitedPairing(
                event=event,
                first=self.registration(found, first, file, f"{where}.first"),
                second=self.registration(found, second, file, f"{where}.second"),
                reason=row.get("reason", ""),
                note=row.get("note", ""),
            )
            self.save(prohibited, file, where)
            self.report.add(_("prohibited pairings"))
        return found

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

    def rounds(self, event: Event, registrations: dict[int, Registration]):
        file = fmt.ROUNDS
        rounds: dict[int, Round] = {}
        pairings: dict[tuple[int, int], Pairing] = {}
        games: dict[tuple[int, int, int], Game] = {}
        for position, row in enumerate(self.rows(file, self.archive.json[file])):
            where = f"[{position}]"
            round_ = Round(
                event=event,
                **self.fields(Round, row, ("number", "status", "published_at"), file, where),
            )
            self.save(round_, file, where)
            self.report.add(_("rounds"))
            rounds[round_.number] = round_
            for board_position, board in enumerate(
                self.rows(file, row.get("pairings") or [], f"{where}.pairings")
            ):
                at = f"{where}.pairings[{board_position}]"
                black = board.get("black")
                pairing = Pairing(
                    round=round_,
                    white=self.registration(registrations, board.get("white"), file, f"{at}.white"),
                    black=(
                        None
                        if black is None
                        else self.registration(registrations, black, file, f"{at}.black")
                    ),
                    **self.fields(Pairing, board, ("board", "bye_kind", "manual"), file, at),
                )
                self.save(pairing, file, at)
                self.report.add(_("pairings") if black is not None else _("byes"))
                pairings[(round_.number, pairing.board)] = pairing
                for game_position, game_row in enumerate(
                    self.rows(file, board.get("games") or [], f"{at}.games")
                ):
                    spot = f"{at}.games[{game_position}]"
                    game = Game(
                        pairing=pairing,
                        white=self.registration(
                            registrations, game_row.get("white"), file, f"{spot}.white"
                        ),
                        black=self.registration(
                            registrations, game_row.get("black"), file, f"{spot}.black"
                        ),
                        **self.fields(Game, game_row, ("index", "result", "version"), file, spot),
                    )
                    self.save(game, file, spot)
                    self.report.add(_("games"))
                    games[(round_.number, pairing.board, game.index)] = game
        return rounds, pairings, games

    def teams(
        self,
        event: Event,
        players: dict[int, Player],
        registrations: dict[int, Registration],
        rounds: dict[int, Round],
        pairings: dict[tuple[int, int], Pairing],
    ) -> None:
        """The team competition of teams.json, when the archive holds one: its settings, its
        teams with their rosters and adjustments, its team matches with their boards (the
        pairings already loaded) and lineups."""
        file = fmt.TEAMS
        if file not in self.archive.json:
            return
        content = self.archive.json[file]
        if not isinstance(content, dict) or not isinstance(content.get("competition"), dict):
            raise self.error(_("expected an object with the competition"), file)
        competition = TeamCompetition(
            event=event,
            **self.fields(
                TeamCompetition,
                content["competition"],
                TEAM_COMPETITION_FIELDS,
                file,
                "competition",
            ),
        )
        self.save(competition, file, "competition")
        self.report.add(_("team competitions"))
        teams: dict[int, Team] = {}
        members: dict[int, TeamMember] = {}
        for position, row in enumerate(self.rows(file, content.get("teams"), "teams")):
            where = f"teams[{position}]"
            (captain,) = self.key(row, ("captain",), file, where, optional=True)
            if captain is not None and captain not in players:
                raise self.error(
                    _("player %(id)s is not in %(players)s")
                    % {"id": captain, "players": fmt.PLAYERS},
                    file,
                    f"{where}.captain",
                )
            team = Team(
                event=event,
                captain=players[captain] if captain is not None else None,
                **self.fields(Team, row, TEAM_FIELDS, file, where),
            )
            self.save(team, file, where)
            self.report.add(_("teams"))
            teams[team.number] = team
            for member_position, member_row in enumerate(
                self.rows(file, row.get("members") or [], f"{where}.members")
            ):
                spot = f"{where}.members[{member_position}]"
                registration = self.registration(
                    registrations, member_row.get("player"), file, f"{spot}.player"
                )
                member = TeamMember(
                    team=team,
                    registration=registration,
                    **self.fields(TeamMember, member_row, TEAM_MEMBER_FIELDS, file, spot),
                )
                self.save(member, file, spot)
                self.report.add(_("team members"))
                members[registration.pairing_number] = member
            for adjustment_position, adjustment_row in enumerate(
                self.rows(file, row.get("adjustments") or [], f"{where}.adjustments")
            ):
                spot = f"{where}.adjustments[{adjustment_position}]"
                adjustment = TeamAdjustment(
                    team=team,
                    **self.fields(
                        TeamAdjustment, adjustment_row, TEAM_ADJUSTMENT_FIELDS, file, spot
                    ),
                )
                self.save(adjustment, file, spot)
                self.report.add(_("team adjustments"))
        for position, row in enumerate(self.rows(file, content.get("matches") or [], "matches")):
            where = f"matches[{position}]"
            (number,) = self.key(row, ("round",), file, where)
            round_ = self.round(rounds, row, file, where)[1]
            team_b = row.get("team_b")
            match = TeamMatch(
                round=round_,
                team_a=self.team(teams, row.get("team_a"), file, f"{where}.team_a"),
                team_b=(
                    None if team_b is None else self.team(teams, team_b, file, f"{where}.team_b")
                ),
                **self.fields(TeamMatch, row, TEAM_MATCH_FIELDS, file, where),
            )
            self.save(match, file, where)
            self.report.add(_("team matches"))
            for board_position, board_row in enumerate(
                self.rows(file, row.get("boards") or [], f"{where}.boards")
            ):
                spot = f"{where}.boards[{board_position}]"
                (board,) = self.key(board_row, ("pairing",), file, spot)
                pairing = pairings.get((number, board))
                if pairing is None:
                    raise self.error(
                        _("no board %(board)s in round %(number)s of %(rounds)s")
                        % {"board": board, "number": number, "rounds": fmt.ROUNDS},
                        file,
                        f"{spot}.pairing",
                    )
                team_board = TeamBoard(
                    match=match,
                    pairing=pairing,
                    **self.fields(TeamBoard, board_row, TEAM_BOARD_FIELDS, file, spot),
                )
                self.save(team_board, file, spot)
                self.report.add(_("team boards"))
            playing = {t.number: t for t in (match.team_a, match.team_b) if t is not None}
            for entry_position, entry_row in enumerate(
                self.rows(file, row.get("lineup") or [], f"{where}.lineup")
            ):
                spot = f"{where}.lineup[{entry_position}]"
                (team_number, player) = self.key(entry_row, ("team", "player"), file, spot)
                if team_number not in playing:
                    raise self.error(
                        _("team %(team)s does not play this match") % {"team": team_number},
                        file,
                        f"{spot}.team",
                    )
                on_roster = members.get(player)
                if on_roster is None or on_roster.team_id != playing[team_number].pk:
                    raise self.error(
                        _("pairing number %(number)s is not on the roster of team %(team)s")
                        % {"number": player, "team": team_number},
                        file,
                        f"{spot}.player",
                    )
                entry = LineupEntry(
                    match=match,
                    team=playing[team_number],
                    member=on_roster,
                    **self.fields(LineupEntry, entry_row, ("board",), file, spot),
                )
                self.save(entry, file, spot)
                self.report.add(_("lineup entries"))

    def team(self, teams: dict[int, Team], number: object, file: str, where: str) -> Team:
        if not isinstance(number, int) or isinstance(number, bool) or number not in teams:
            raise self.error(
                _("team %(number)s is not in %(file)s") % {"number": number, "file": fmt.TEAMS},
                file,
                where,
            )
        return teams[number]

    def deck(self, slug: str, file: str, where: str) -> BallotDeck:
        decks = self.decks()
        if slug not in decks:
            raise self.error(
                _("deck %(slug)r is not in %(ballots)s") % {"slug": slug, "ballots": fmt.BALLOTS},
                file,
                where,
            )
        return decks[slug]

    def decks(self) -> dict[str, BallotDeck]:
        """The archive's decks, found here by slug (a published deck must be here; a custom
        deck here must hold the same cards) or created from their cards."""
        if self._decks is not None:
            return self._decks
        file = fmt.BALLOTS
        content = self.archive.json[file]
        if not isinstance(content, dict):
            raise self.error(_("expected an object"), file)
        self._decks = {}
        for position, row in enumerate(self.rows(file, content.get("decks") or [], "decks")):
            where = f"decks[{position}]"
            slug = self.text(row, "slug", file, where)
            here = BallotDeck.objects.filter(slug=slug).first()
            cards = self.rows(file, row.get("cards") or [], f"{where}.cards")
            if here is None and row.get("builtin"):
                raise self.error(
                    _("the published deck %(slug)r is not on this instance") % {"slug": slug},
                    file,
                    where,
                )
            if here is None:
                here = BallotDeck(
                    **self.fields(
                        BallotDeck, row, ("slug", "name", "variant", "source"), file, where
                    )
                )
                self.save(here, file, where)
                for card_position, card in enumerate(cards):
                    spot = f"{where}.cards[{card_position}]"
                    self.save(
                        BallotCard(
                            deck=here, **self.fields(BallotCard, card, CARD_FIELDS, file, spot)
                        ),
                        file,
                        spot,
                    )
                self.report.decks_created.append(here.name)
            elif not here.builtin:
                mine = {(str(c.number), c.code, c.fen) for c in here.cards.all()}
                theirs = {
                    (str(c.get("number")), str(c.get("code")), str(c.get("fen"))) for c in cards
                }
                if mine != theirs:
                    raise self.error(
                        _("a custom deck %(slug)r is here with other cards: rename one of them")
                        % {"slug": slug},
                        file,
                        where,
                    )
            self._decks[slug] = here
        return self._decks

    def ballots(self, event: Event, rounds: dict[int, Round], pairings: dict) -> None:
        file = fmt.BALLOTS
        decks = self.decks()
        for position, row in enumerate(
            self.rows(file, self.archive.json[file].get("draws") or [], "draws")
        ):
            where = f"draws[{position}]"
            number, round_ = self.round(rounds, row, file, where)
            (board,) = self.key(row, ("board",), file, where, optional=True)
            pairing = None
            if board is not None:
                pairing = pairings.get((number, board))
                if pairing is None:
                    raise self.error(
                        _("no board %(board)s in round %(number)s")
                        % {"board": board, "number": number},
                        file,
                        f"{where}.board",
                    )
            deck = decks.get(self.text(row, "deck", file, where))
            (card_number,) = self.key(row, ("card",), file, where)
            code = self.text(row, "code", file, where)
            card = deck.cards.filter(number=card_number, code=code).first() if deck else None
            if card is None:
                raise self.error(
                    _("no card %(number)r (%(code)r) in deck %(deck)r")
                    % {"number": card_number, "code": code, "deck": row["deck"]},
                    file,
                    f"{where}.card",
                )
            draw = BallotDraw(
                event=event,
                round=round_,
                pairing=pairing,
                card=card,
                **self.fields(
                    BallotDraw,
                    row,
                    ("sequence", "seed", "drawn_at", "voided_at", "void_reason"),
                    file,
                    where,
                ),
            )
            self.save(draw, file, where)
            self.report.add(_("ballot draws"))

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

    def game(self, games: dict, row: dict, file: str, where: str) -> Game:
        key = self.key(row, ("round", "board", "index"), file, where)
        if key not in games:
            raise self.error(
                _("no game %(index)s on board %(board)s of round %(round)s in %(rounds)s")
                % {"round": key[0], "board": key[1], "index": key[2], "rounds": fmt.ROUNDS},
                file,
                where,
            )
        return games[key]

    def contents(self, row: dict, file: str, where: str) -> bytes:
        """The bytes of the archive's file that ``row`` names in its ``file``."""
        path = self.text(row, "file", file, where)
        if path not in self.archive.files:
            raise self.error(
                _("no file %(path)r in the archive") % {"path": path}, file, f"{where}.file"
            )
        return self.archive.files[path]

    def records(self, games: dict) -> None:
        file = fmt.RECORDS
        for position, row in enumerate(self.rows(file, self.archive.json[file])):
            where = f"[{position}]"
            game = self.game(games, row, file, where)
            pdn = self.contents(row, file, where)
            try:
                text = pdn.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise self.error(
                    _("not UTF-8 at byte %(at)s") % {"at": exc.start}, row["file"]
                ) from None
            record = GameRecord(
                game=game,
                pdn=text,
                **self.fields(GameRecord, row, ("source", "revision", "entered_at"), file, where),
            )
            self.save(record, file, where)
            self.report.add(_("game records"))
            # The findings are the arbiter's replay of the record here (the draws are in
            # already), not the archive's word; the preview names the records where the two
            # differ.
            found = row.get("verification")
            verification = record_verify(record_id=record.pk, revision=record.revision)
            self.report.add(_("verification findings"))
            if not isinstance(found, dict) or (found.get("verdict"), found.get("flags")) != (
                verification.verdict,
                verification.flags,
            ):
                self.report.differing.append(
                    _("round %(round)s, board %(board)s, game %(index)s")
                    % {"round": row["round"], "board": row["board"], "index": row["index"]}
                )

    def disputes(self, games: dict) -> None:
        file = fmt.DISPUTES
        for position, row in enumerate(self.rows(file, self.archive.json[file])):
            where = f"[{position}]"
            dispute = Dispute(
                game=self.game(games, row, file, where),
                **self.fields(
                    Dispute, row, ("claim", "ply", "statement", "status", "opened_at"), file, where
                ),
            )
            self.save(dispute, file, where)
            self.report.add(_("disputes"))
            found = row.get("ruling")
            if found is not None:
                if not isinstance(found, dict):
                    raise self.error(_("expected an object"), file, f"{where}.ruling")
                ruling = Ruling(
                    dispute=dispute,
                    arbiter=self.user,
                    **self.fields(Ruling, found, RULING_FIELDS, file, f"{where}.ruling"),
                )
                self.save(ruling, file, f"{where}.ruling")
                self.report.add(_("rulings"))

    def documents(
        self, event: Event, rounds: dict, *, store_files: bool, stored: list[str] | None
    ) -> None:
        file = fmt.DOCUMENTS
        for position, row in enumerate(self.rows(file, self.archive.json[file])):
            where = f"[{position}]"
            number, round_ = self.round(rounds, row, file, where, optional=True)
            pdf = self.contents(row, file, where)
            if not pdf.startswith(b"%PDF-"):
                raise self.error(_("not a PDF file"), row["file"])
            document = Document(
                event=event,
                round=round_,
                status=DocumentStatus.DONE,
                progress=100,
                **self.fields(
                    Document, row, ("kind", "pages", "fingerprint", "generated_at"), file, where
                ),
            )
            if store_files:
                stem = f"{document.kind}-round-{number}" if number else document.kind
                document.file.name = default_storage.save(
                    f"documents/{event.slug}/{stem}.pdf", ContentFile(pdf)
                )
                if stored is not None:
                    stored.append(document.file.name)
            self.save(document, file, where, exclude=() if store_files else ("file",))
            self.report.add(_("documents"))


@dataclass
class _PlayerLookup:
    """The players here that the archive's players may be: read in one query per kind of
    key for the whole file, not one per player."""

    by_fmjd: dict[str, Player]
    by_national: dict[tuple[str, str], list[Player]]
    by_name: dict[tuple[str, str], list[Player]]

    @classmethod
    def of(cls, rows: list[dict[str, Any]]) -> "_PlayerLookup":
        def texts(name: str) -> list[str]:
            return sorted({row[name] for row in rows if isinstance(row.get(name), str)} - {""})

        lookup = cls({}, {}, {})
        for start in range(0, len(fmjd := texts("fmjd_id")), 500):
            for player in Player.objects.filter(fmjd_id__in=fmjd[start : start + 500]):
                lookup.by_fmjd[player.fmjd_id] = player
        for start in range(0, len(national := texts("national_id")), 500):
            found = Player.objects.filter(national_id__in=national[start : start + 500])
            for player in found.order_by("pk"):
                key = (player.national_id, player.federation)
                lookup.by_national.setdefault(key, []).append(player)
        # Names are compared in lower case (as the database's case-insensitive match on
        # PostgreSQL): every player's name is read once, the namesakes found then.
        wanted = {
            (str(row.get("last_name")).lower(), str(row.get("first_name")).lower()) for row in rows
        }
        namesakes = [
            pk
            for pk, last, first in Player.objects.values_list("pk", "last_name", "first_name")
            if (last.lower(), first.lower()) in wanted
        ]
        for start in range(0, len(namesakes), 500):
            for player in Player.objects.filter(pk__in=namesakes[start : start + 500]):
                key = (player.last_name.lower(), player.first_name.lower())
                lookup.by_name.setdefault(key, []).append(player)
        return lookup

    def match(self, player: Player) -> PlayerMatch:
        """The player here that ``player`` is: by FMJD id, then by national id within the
        same federation (one only, without another FMJD id); never by name."""
        name = str(player)
        existing, key = None, ""
        if player.fmjd_id:
            existing = self.by_fmjd.get(player.fmjd_id)
            key = _("FMJD id") if existing else ""
        if existing is None and player.national_id:
            same = [
                p
                for p in self.by_national.get((player.national_id, player.federation), [])
                if p.fmjd_id in ("", player.fmjd_id)
            ]
            if len(same) == 1:
                existing, key = same[0], _("national id")
        if existing is None:
            namesakes = self.by_name.get((player.last_name.lower(), player.first_name.lower()), [])
            return PlayerMatch(
                name=name,
                existing=None,
                matched_by="",
                same_name=tuple(
                    f"{p} ({p.federation or '—'}, {p.fmjd_id or '—'})"
                    for p in sorted(namesakes, key=lambda p: (p.last_name, p.first_name, p.pk))[:5]
                ),
            )
        differences = tuple(
            f"{name_}: {getattr(existing, name_)!s} / {getattr(player, name_)!s}"
            for name_ in PLAYER_FIELDS
            if getattr(existing, name_) != getattr(player, name_)
        )
        return PlayerMatch(name=name, existing=existing, matched_by=key, differences=differences)
