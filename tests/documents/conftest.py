"""`ballot_decks`: the published decks the data migration loads. A transactional test (ours or
another folder's) empties every table when it ends, so the tests that load the demo put the
decks back first, with the migration's own loader. `demo_of_the_module`: that demo loaded once
for the non-transactional tests of a module (tests/held.py).
`queue`: a Celery queue of the test's own, for the tests that run a real worker.
"""

import importlib
import uuid
from unittest import mock

import pytest
from django.apps import apps

from games.demo import records_demo
from tests.held import held_for_the_module
from tournaments.demo import load_demo
from tournaments.models import BallotDeck


def _put_the_decks_back() -> None:
    if not BallotDeck.objects.exists():
        importlib.import_module("tournaments.migrations.0004_ballot_decks").load_decks(apps, None)


@pytest.fixture
def ballot_decks(db):
    _put_the_decks_back()


def _load(only: tuple[str, ...] = ()) -> None:
    with mock.patch("tournaments.documents.hooks.documents_round_completed"):
        load_demo(records=records_demo, only=only)


@pytest.fixture
def demo_loader(ballot_decks):
    """Loads the demo (or the events it is given, by slug) with its rounds completed but
    without the automatic document requests of `round_complete` (their jobs start only after
    a commit, which never comes inside a test): each test starts from events that have no
    document yet."""
    return _load


@pytest.fixture(scope="module")
def demo_of_the_module(django_db_setup, django_db_blocker):
    """The demo of `demo_loader`, loaded once for the module's tests that ask for it (each
    runs in a savepoint, rolled back after it; non-transactional tests only)."""

    def build() -> None:
        _put_the_decks_back()
        _load()

    yield from held_for_the_module(django_db_blocker, build)


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
