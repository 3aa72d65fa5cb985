"""Backup and restore of an instance, as the README's "Backup and restore" says: pg_dump of
the database and a copy of the media folder, restored into a fresh database and folder, give
the same rows in every table and the same files.

PostgreSQL only (marked `postgres`); the dump and the restore use the PostgreSQL client
programs and skip with a message without them. The fresh database is the test database's
name followed by `_restore`, dropped at the end.
"""

import shutil
import subprocess

import psycopg
import pytest
from django.db import connection

from games.services.records import record_save
from tests.factories import make_organizer, played_event
from tournaments.documents.models import Document
from tournaments.documents.services import document_build
from tournaments.models import Game

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

PDN = '[Event "?"]\n[Result "2-0"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n'


def _conninfo(name: str) -> str:
    settings = connection.settings_dict
    return psycopg.conninfo.make_conninfo(
        dbname=name,
        host=settings["HOST"] or None,
        port=settings["PORT"] or None,
        user=settings["USER"] or None,
        password=settings["PASSWORD"] or None,
    )


def _tables(conninfo: str) -> dict[str, list[tuple]]:
    """Every row of every table of the public schema, in a stable order."""
    with psycopg.connect(conninfo) as db:
        names = [
            row[0]
            for row in db.execute(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = 'public' AND table_type = 'BASE TABLE'"
            )
        ]
        return {
            name: sorted(db.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr)
            for name in names
        }


def _files(root) -> dict[str, bytes]:
    """Every file under ``root`` by its path relative to it."""
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in root.rglob("*")
        if path.is_file()
    }


def _fresh_database(name: str) -> None:
    with psycopg.connect(_conninfo("postgres"), autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}"')
        db.execute(f'CREATE DATABASE "{name}"')


def test_backup_restores_into_a_fresh_database_and_media_folder(settings, tmp_path):
    if not (shutil.which("pg_dump") and shutil.which("pg_restore")):
        pytest.skip("needs the PostgreSQL client programs pg_dump and pg_restore")
    settings.MEDIA_ROOT = tmp_path / "media"
    organizer = make_organizer("organizer")
    event, round_ = played_event(organizer, players=4)
    record_save(game=Game.objects.filter(pairing__round=round_).first(), pdn=PDN, user=organizer)
    document = Document.objects.create(event=event, kind="standings")
    document = document_build(document_id=document.pk)
    assert document.has_file

    name = connection.settings_dict["NAME"]
    restored = f"{name}_restore"
    dump, media_copy = tmp_path / "damier.dump", tmp_path / "media-backup"
    # Backup: the database in pg_dump's custom format, and the media folder.
    subprocess.run(
        ["pg_dump", "--format=custom", f"--file={dump}", f"--dbname={_conninfo(name)}"],
        check=True,
    )
    shutil.copytree(settings.MEDIA_ROOT, media_copy)
    # Restore into a fresh database and an empty folder.
    _fresh_database(restored)
    try:
        subprocess.run(
            ["pg_restore", "--no-owner", f"--dbname={_conninfo(restored)}", str(dump)],
            check=True,
        )
        restored_media = tmp_path / "media-restored"
        shutil.copytree(media_copy, restored_media)

        before, after = _tables(_conninfo(name)), _tables(_conninfo(restored))
        assert before.keys() == after.keys()
        differing = [table for table in before if before[table] != after[table]]
        assert not differing, f"tables that differ after the restore: {differing}"
        assert before["tournaments_event"] and before["games_gamerecord"]
        assert _files(restored_media) == _files(settings.MEDIA_ROOT)
        assert document.file.name in _files(restored_media)
    finally:
        with psycopg.connect(_conninfo("postgres"), autocommit=True) as db:
            db.execute(f'DROP DATABASE IF EXISTS "{restored}"')
