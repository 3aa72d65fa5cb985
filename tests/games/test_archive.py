"""The event archive: written from the demo events, read back into a database emptied of
every event and player, it gives the same standings, records, findings, rulings and
documents; a bad archive is refused with the file and field named, leaving the database as
it was; players are matched by FMJD or national id, never by name."""

import io
import json
import zipfile

import pytest
from django.core.files.storage import default_storage

from games.archive import MANIFEST, PLAYERS, ROUNDS
from games.archive.read import archive_import, archive_open, archive_preview
from games.archive.write import event_archive
from games.models import Dispute, GameRecord, Ruling
from games.services.disputes import dispute_rule
from games.services.errors import ArchiveError
from tests.documents.conftest import ballot_decks, demo_loader  # noqa: F401
from tests.factories import PlayerFactory, UserFactory
from tournaments.documents.models import Document
from tournaments.documents.services import document_build
from tournaments.models import BallotDraw, Event, Game, Pairing, Player, RoundStatus
from tournaments.selectors import standings_get

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(demo_loader, settings, tmp_path, django_capture_on_commit_callbacks):  # noqa: F811
    """The demo events with their records verified, the English ballot event's dispute ruled
    and its standings printed."""
    settings.MEDIA_ROOT = tmp_path
    with django_capture_on_commit_callbacks(execute=True):
        demo_loader()
    english = Event.objects.get(slug="demo-english-ballot")
    dispute = Dispute.objects.get(game__pairing__round__event=english)
    arbiter = english.arbiters.first() or english.organizers.first()
    english.arbiters.add(arbiter)
    dispute_rule(dispute=dispute, decision="reject", reason="The record shows it.", user=arbiter)
    document = Document.objects.create(event=english, kind="standings")
    document_build(document_id=document.pk)
    return english.organizers.first()


def _state(event: Event) -> dict:
    """What an archive must carry over: standings with tie-breaks, each game's result,
    record and findings, the disputes and rulings, the documents' bytes."""
    last = max((r.number for r in event.rounds.all() if r.status != RoundStatus.DRAFT), default=0)
    records = GameRecord.objects.filter(game__pairing__round__event=event).select_related(
        "game__pairing__round", "verification"
    )
    assert all(r.verification.status == "done" for r in records)
    return {
        "standings": [
            (row.rank, row.name, row.points, row.tiebreaks)
            for row in standings_get(event, after_round=last)
        ]
        if last
        else [],
        "records": sorted(
            (
                r.game.pairing.round.number,
                r.game.pairing.board,
                r.game.index,
                r.game.result,
                r.pdn,
                r.verification.verdict,
                r.verification.flags,
            )
            for r in records
        ),
        "rulings": sorted(
            (r.dispute.claim, r.dispute.statement, r.decision, r.result_after)
            for r in Ruling.objects.filter(dispute__game__pairing__round__event=event)
        ),
        "documents": sorted(
            (d.kind, d.pages, d.file.open("rb").read())
            for d in Document.objects.filter(event=event)
            if d.has_file
        ),
    }


def test_round_trip_into_an_empty_database(demo):
    organizer = demo
    events = list(Event.objects.order_by("slug"))
    archives = {e.slug: event_archive(event=e, user=organizer) for e in events}
    before = {e.slug: _state(e) for e in events}
    assert before["demo-english-ballot"]["documents"], "the demo's standings PDF is missing"
    assert before["demo-english-ballot"]["rulings"]

    for document in Document.objects.all():
        default_storage.delete(document.file.name)
    for model in (BallotDraw, Game, Pairing, Event, Player):  # the protected rows first
        model.objects.all().delete()

    for slug, data in archives.items():
        archive = archive_open(data, name=f"{slug}.zip")
        preview = archive_preview(archive=archive, user=organizer)
        assert not preview.slug_taken
        archive_import(archive=archive, user=organizer, slug=preview.slug)
    after = {e.slug: _state(e) for e in Event.objects.order_by("slug")}
    assert after == before


def test_players_are_matched_by_id_never_by_name(demo):
    organizer = demo
    event = Event.objects.get(slug="demo-round-robin")
    archive = archive_open(event_archive(event=event, user=organizer), name="rr.zip")
    preview = archive_preview(archive=archive, user=organizer)
    assert preview.slug_taken and preview.slug == "demo-round-robin-2"
    assert {m.matched_by for m in preview.report.players} == {"FMJD id"}
    assert preview.report.counts.get("players", 0) == 0

    # Another instance: the same names, other ids.
    Player.objects.filter(registrations__event=event).update(fmjd_id="")
    preview = archive_preview(archive=archive, user=organizer)
    new = preview.report.players[0]
    assert new.existing is None and new.same_name, "a namesake must be shown, not matched"
    assert preview.report.counts["players"] == len(preview.report.players)

    with pytest.raises(ArchiveError, match="slug demo-round-robin is taken"):
        archive_import(archive=archive, user=organizer, slug="demo-round-robin")


def test_private_fields_only_for_those_who_may_read_them(demo):
    event = Event.objects.get(slug="demo-round-robin")
    PlayerFactory()  # another player, so that the stranger is no sole manager
    stranger = UserFactory(username="stranger")
    Player.objects.filter(registrations__event=event).update(email="p@example.org")

    def players(user) -> list[dict]:
        data = event_archive(event=event, user=user)
        return json.loads(zipfile.ZipFile(io.BytesIO(data)).read(PLAYERS))

    assert all(p["email"] == "p@example.org" for p in players(demo))
    assert not any("email" in p or "birth_date" in p for p in players(stranger))


def _rewrite(data: bytes, name: str, change) -> bytes:
    """``data`` with file ``name`` changed by ``change`` and the manifest's checksums
    written again, as a careless editor of the archive would."""
    import hashlib

    source = zipfile.ZipFile(io.BytesIO(data))
    files = {info.filename: source.read(info) for info in source.infolist()}
    files[name] = change(files[name])
    manifest = json.loads(files[MANIFEST])
    manifest["files"][name] = {
        "sha256": hashlib.sha256(files[name]).hexdigest(),
        "size": len(files[name]),
    }
    files[MANIFEST] = json.dumps(manifest).encode()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for path, content in files.items():
            target.writestr(path, content)
    return out.getvalue()


def _bad_result(content: bytes) -> bytes:
    rounds = json.loads(content)
    rounds[1]["pairings"][0]["games"][0]["result"] = "9-9"
    return json.dumps(rounds).encode()


def _tamper(data: bytes) -> bytes:
    """The rounds file changed without its checksum."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            content = source.read(info)
            if info.filename == ROUNDS:
                content = content.replace(b'"result": "', b'"result":  "', 1)
            target.writestr(info.filename, content)
    return out.getvalue()


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda data: b"PK not a zip", r"rr\.zip: not a zip file"),
        (_tamper, r"rr\.zip: rounds\.json does not match its sha256"),
        (
            lambda data: _rewrite(data, ROUNDS, _bad_result),
            r"rr\.zip: rounds\.json, \[1\]\.pairings\[0\]\.games\[0\]: result: .*9-9",
        ),
        (
            lambda data: _rewrite(data, ROUNDS, lambda c: c[:-2]),
            r"rr\.zip: rounds\.json, line \d+, column \d+",
        ),
    ],
)
def test_a_bad_archive_names_the_file_and_field_and_writes_nothing(demo, damage, message):
    event = Event.objects.get(slug="demo-round-robin")
    data = damage(event_archive(event=event, user=demo))
    counts = (Event.objects.count(), Player.objects.count(), GameRecord.objects.count())
    with pytest.raises(ArchiveError, match=message):
        archive = archive_open(data, name="rr.zip")
        archive_import(archive=archive, user=demo, slug="copy")
    assert (Event.objects.count(), Player.objects.count(), GameRecord.objects.count()) == counts
