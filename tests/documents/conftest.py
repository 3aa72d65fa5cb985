"""`ballot_decks`: the published decks the data migration loads. A transactional test (ours or
another folder's) empties every table when it ends, so the tests that load the demo put the
decks back first, with the migration's own loader. `queue`: a Celery queue of the test's own,
for the tests that run a real worker.
"""

import importlib
import uuid
from unittest import mock

import pytest
from django.apps import apps

from games.demo import records_demo
from tournaments.demo import load_demo
from tournaments.models import BallotDeck


@pytest.fixture
def ballot_decks(db):
    if not BallotDeck.objects.exists():
        importlib.import_module("tournaments.migrations.0004_ballot_decks").load_decks(apps, None)


@pytest.fixture
def demo_loader(ballot_decks):
    """Loads the demo with its rounds completed but without the automatic document requests
    of `round_complete` (their jobs start only after a commit, which never comes inside a
    test): each test starts from events that have no document yet."""

    def load() -> None:
        with mock.patch("tournaments.services.rounds.documents_round_completed"):
            load_demo(records=records_demo)

    return load


@pytest.fixture
def queue(settings, tmp_path):
    """A queue of our own for the jobs this test queues, and the media folder the worker
    writes to."""
    from config.celery import app

    settings.MEDIA_ROOT = tmp_path
    name = f"damier-test-{uuid.uuid4().hex[:8]}"
    saved = app.conf.task_default_queue
    app.conf.task_default_queue = name
    yield name
    app.conf.task_default_queue = saved
