"""Opening an event's archive (`archive_open`): the checks made before anything is read from
it, and those of its format.

Refused, naming the archive and the entry, before anything is unpacked: an entry whose path
leaves the archive, a link, more files or more bytes than the bounds below. Then the format:
a manifest of this format and of a version this reader knows, every file listed with its
checksum and nothing else, every JSON file readable. What passes is an :class:`Archive`,
which games.archive.preview previews and games.archive.load imports.
"""

import hashlib
import io
import json
import stat
import zipfile
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games import archive as fmt
from games.services.errors import ArchiveError

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
        _listing_check(name, entries, manifest["files"], bundle)
        parsed = _json_read(name, entries, bundle)
    entries.pop(fmt.MANIFEST)
    return Archive(
        name=name, manifest=manifest, json=parsed, files=ArchiveFiles(name, data, entries)
    )


def _listing_check(
    name: str, entries: dict[str, zipfile.ZipInfo], listed: dict[str, Any], bundle: zipfile.ZipFile
) -> None:
    """Refuse an entry the manifest does not list, a file it lists that is missing, and one
    whose sha256 is not the one it gives."""
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


def _json_read(
    name: str, entries: dict[str, zipfile.ZipInfo], bundle: zipfile.ZipFile
) -> dict[str, Any]:
    """The content of each JSON file (every one of JSON_FILES, those of OPTIONAL_JSON_FILES
    present), taken out of ``entries``."""
    parsed = {}
    for path in fmt.JSON_FILES:
        if path not in entries:
            raise ArchiveError(_("%(name)s: %(file)s is missing.") % {"name": name, "file": path})
        parsed[path] = _parse(name, path, _read(name, bundle, entries.pop(path)))
    for path in fmt.OPTIONAL_JSON_FILES:
        if path in entries:
            parsed[path] = _parse(name, path, _read(name, bundle, entries.pop(path)))
    return parsed


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
