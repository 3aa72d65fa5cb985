"""Hostile event archives: corrupt compressed data, a JSON file nested 100,000 deep, entries
whose path leaves the archive or that are links, a zip bomb, a megabyte event name. Each is
refused with an error naming the archive and its entry (or field), before anything is
written; an entry is never unpacked past the bounds (games.archive.check)."""

import hashlib
import io
import json
import stat
import zipfile

import pytest

from games.archive import EVENT, MANIFEST, PLAYERS
from games.archive.check import MAX_FILE_BYTES, archive_open
from games.archive.load import archive_import
from games.archive.preview import archive_preview
from games.archive.write import event_archive
from games.services.errors import ArchiveError
from tests.factories import make_organizer, played_event
from tournaments.models import Event, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def small(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    organizer = make_organizer("organizer")
    event, _ = played_event(organizer, players=4)
    return organizer, event_archive(event=event, user=organizer)


def _repacked(data: bytes, changes: dict[str, bytes], *, extra=(), listed=True) -> bytes:
    """``data`` with the files of ``changes`` replaced or added, each listed in the manifest
    with its checksum (``listed``), then the entries ``extra`` (ZipInfo, bytes) as they are."""
    source = zipfile.ZipFile(io.BytesIO(data))
    files = {info.filename: source.read(info) for info in source.infolist()}
    files.update(changes)
    manifest = json.loads(files[MANIFEST])
    entries = [*changes.items(), *((info.filename, body) for info, body in extra)]
    for path, body in entries if listed else ():
        manifest["files"][path] = {"sha256": hashlib.sha256(body).hexdigest(), "size": len(body)}
    files[MANIFEST] = json.dumps(manifest).encode()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for path, body in files.items():
            target.writestr(path, body)
        for info, body in extra:
            target.writestr(info, body)
    return out.getvalue()


def _refused(organizer, data: bytes, message: str) -> None:
    counts = (Event.objects.count(), Player.objects.count())
    with pytest.raises(ArchiveError, match=message):
        archive = archive_open(data, name="h.zip")
        archive_preview(archive=archive, user=organizer)
        archive_import(archive=archive, user=organizer, slug="copy")
    assert (Event.objects.count(), Player.objects.count()) == counts


def test_corrupt_deflate_data_is_refused_naming_the_entry(small):
    organizer, data = small
    bundle = zipfile.ZipFile(io.BytesIO(data))
    info = bundle.getinfo(PLAYERS)
    assert info.compress_type == zipfile.ZIP_DEFLATED and info.compress_size > 40
    # The compressed bytes start after the local header (30 bytes, the name, the extra).
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    damaged = bytearray(data)
    damaged[start : start + 8] = b"\xff" * 8
    _refused(organizer, bytes(damaged), r"h\.zip: players\.json cannot be unpacked")


def test_players_json_nested_100000_deep_is_refused_naming_it(small):
    organizer, data = small
    deep = b"[" * 100_000 + b"]" * 100_000
    _refused(
        organizer, _repacked(data, {PLAYERS: deep}), r"h\.zip: players\.json: .*nested too deeply"
    )


@pytest.mark.parametrize(
    "path", ["../outside.pdn", "records/../../outside.pdn", "/etc/outside.pdn", "C:/outside.pdn"]
)
def test_an_entry_leaving_the_archive_is_refused_naming_it(small, path):
    organizer, data = small
    info = zipfile.ZipInfo(path)
    _refused(organizer, _repacked(data, {}, extra=[(info, b"x")]), rf"h\.zip: the entry '{path}'")


def test_a_link_entry_is_refused_naming_it(small):
    organizer, data = small
    info = zipfile.ZipInfo("records/link.pdn")
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    _refused(
        organizer,
        _repacked(data, {}, extra=[(info, b"/etc/passwd")]),
        r"h\.zip: the entry 'records/link\.pdn' is a link",
    )


def test_a_zip_bomb_is_refused_by_its_declared_size_before_it_is_unpacked(small):
    organizer, data = small
    bomb = bytes(MAX_FILE_BYTES + 1)
    packed = _repacked(data, {"documents/bomb.pdf": bomb})
    assert len(packed) < MAX_FILE_BYTES // 200
    _refused(organizer, packed, rf"h\.zip: documents/bomb\.pdf declares {MAX_FILE_BYTES + 1} bytes")


def test_an_entry_larger_than_it_declares_is_read_no_further_and_refused(small):
    organizer, data = small
    packed = bytearray(_repacked(data, {"documents/extra.pdf": bytes(100_000)}))
    # The central directory's entry says 1,000 bytes once unpacked (offset 24 of its header).
    name = b"documents/extra.pdf"
    entry = bytes(packed).index(b"PK\x01\x02", bytes(packed).index(name) + len(name))
    while packed[entry + 46 : entry + 46 + len(name)] != name:
        entry = bytes(packed).index(b"PK\x01\x02", entry + 4)
    packed[entry + 24 : entry + 28] = (1000).to_bytes(4, "little")
    _refused(organizer, bytes(packed), r"h\.zip: documents/extra\.pdf cannot be unpacked")


def test_a_nul_character_in_a_player_name_is_refused_naming_the_field(small):
    organizer, data = small
    players = json.loads(zipfile.ZipFile(io.BytesIO(data)).read(PLAYERS))
    players[1]["last_name"] = "Bo\u0000mstra"
    _refused(
        organizer,
        _repacked(data, {PLAYERS: json.dumps(players).encode()}),
        r"h\.zip: players\.json, \[1\]\.last_name: .*U\+0000",
    )


def test_a_megabyte_event_name_is_refused_naming_the_field(small):
    organizer, data = small
    event = json.loads(zipfile.ZipFile(io.BytesIO(data)).read(EVENT))
    event["name"] = "N" * 1_000_000
    _refused(
        organizer,
        _repacked(data, {EVENT: json.dumps(event).encode()}),
        r"h\.zip: event\.json, event: name: .*200",
    )
