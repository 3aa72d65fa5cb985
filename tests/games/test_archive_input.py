"""Whatever an archive's JSON holds, importing it either succeeds or raises ArchiveError
naming a file of the archive: every value of a small event's archive (a record, a ruling, a document
among them) and of a team league's (its teams, rosters, team matches and lineups) is replaced in
turn by values of the wrong kind, and the import is tried. `make test` replaces each value by
one wrong value, the two kinds in turn; `make test-deep` by both."""

import copy
import re
from collections.abc import Iterator

import pytest
from django.db import transaction

from games.archive.check import Archive, archive_open
from games.archive.load import archive_import
from games.archive.write import event_archive
from games.models import Dispute
from games.services.disputes import dispute_open, dispute_rule
from games.services.errors import ArchiveError
from games.services.records import record_save
from tests.factories import make_organizer, played_event, played_team_league
from tournaments.documents.models import Document
from tournaments.documents.services import document_build
from tournaments.models import Event, Game

pytestmark = pytest.mark.django_db

PDN = '[Event "?"]\n[Result "2-0"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n'

#: What replaces each value in turn: a value of no field (a list: neither a number nor a
#: text, and unhashable) and null.
WRONG = ([1], None)

#: An error names the archive and one of its files.
NAMED = re.compile(r"e\.zip: [a-z]+\.json\b")


def _leaves(value, path=()) -> Iterator[tuple]:
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _leaves(inner, (*path, key))
    elif isinstance(value, list):
        # The first entry of a list stands for the others (the same fields).
        for index, inner in enumerate(value[:1]):
            yield from _leaves(inner, (*path, index))
    else:
        yield path


def _replaced(data, path: tuple, value):
    changed = copy.deepcopy(data)
    target = changed
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return changed


class Rollback(Exception):
    pass


@pytest.fixture(params=["individual", "team"])
def archive(request, settings, tmp_path) -> tuple[Archive, object]:
    """A small event's archive; or a team league's, with its teams.json."""
    settings.MEDIA_ROOT = tmp_path
    if request.param == "team":
        event, user = played_team_league()
        return archive_open(event_archive(event=event, user=user), name="e.zip"), user
    organizer = make_organizer("organizer")
    event, round_ = played_event(organizer, players=4)
    event.arbiters.add(organizer)
    game = Game.objects.filter(pairing__round=round_).first()
    record_save(game=game, pdn=PDN, user=organizer)
    dispute_open(game=game, claim="wrong-result", statement="It was a draw.", user=organizer)
    dispute_rule(dispute=Dispute.objects.get(), decision="reject", reason="Seen.", user=organizer)
    document_build(document_id=Document.objects.create(event=event, kind="standings").pk)
    return archive_open(event_archive(event=event, user=organizer), name="e.zip"), organizer


def _tried(archive, organizer, *, every: bool) -> tuple[int, int]:
    """Imports the archive with each value replaced in turn: by each WRONG value, or (not
    `every`) by one of them, the next one at the next value, so that each file meets both.
    Returns how many were tried and refused."""
    tried = refused = 0
    for name, content in archive.json.items():
        for index, path in enumerate(filter(None, _leaves(content))):
            for wrong in WRONG if every else (WRONG[index % len(WRONG)],):
                changed = Archive(
                    name=archive.name,
                    manifest=archive.manifest,
                    json={**archive.json, name: _replaced(content, path, wrong)},
                    files=archive.files,
                )
                tried += 1
                try:
                    with transaction.atomic():
                        archive_import(archive=changed, user=organizer, slug="copy")
                        raise Rollback
                except ArchiveError as exc:
                    refused += 1
                    # The file named may be another one (an id no longer found there).
                    assert NAMED.match(str(exc)), (name, path, wrong, str(exc))
                except Rollback:
                    pass
    assert Event.objects.count() == 1
    print(f"{tried} archives tried, {refused} refused")
    return tried, refused


@pytest.mark.deep
def test_every_wrong_value_is_an_archive_error_or_imports(archive):
    archive, organizer = archive
    tried, refused = _tried(archive, organizer, every=True)
    assert tried > 150 and refused > tried // 2, (tried, refused)


def test_a_wrong_value_of_each_kind_is_an_archive_error_or_imports(archive):
    """`make test`'s sample of the sweep above: each value replaced once, by a list or by
    null in turn."""
    archive, organizer = archive
    tried, refused = _tried(archive, organizer, every=False)
    assert tried > 75 and refused > tried // 2, (tried, refused)
