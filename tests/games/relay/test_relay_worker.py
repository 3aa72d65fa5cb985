"""A relay source that drips a byte at a time holds only the relay's worker: with
real Celery worker processes, one for the relay's queue and one for the jobs (as `make
worker` starts them), a crosstable asked for while the relay worker reads the dripping
source is built all the same, before that read has ended.

Run: CELERY_BROKER_URL=redis://127.0.0.1:6379/11 DATABASE_URL=postgres://... \
     .venv/bin/pytest tests/games/relay/test_relay_worker.py -s
(-s prints the times: how long the crosstable took, and the relay's read.)
"""

import socket
import threading
import time
import uuid

import pytest

from games.models import RelayKind, RelaySource
from games.relay.services import relay_source_set
from tests.games.conftest import published_round
from tests.workers import database_url, start_worker, stop_worker, wait_for
from tournaments.documents.models import Document, DocumentStatus
from tournaments.documents.services import document_request

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]

#: The relay worker's deadline: long enough that the crosstable is done well within it.
FETCH_SECONDS = 60


@pytest.fixture
def queues(settings, tmp_path):
    """Queues of the test's own: the jobs' (the default queue) and the relay's (its route)."""
    from config.celery import app

    settings.MEDIA_ROOT = tmp_path
    jobs, relay = (f"damier-test-{name}-{uuid.uuid4().hex[:8]}" for name in ("jobs", "relay"))
    saved = app.conf.task_default_queue, app.conf.task_routes
    app.conf.task_default_queue = jobs
    app.conf.task_routes = {
        task: {"queue": relay}
        for task in ("games.tasks.relay_poll_task", "games.tasks.relay_poll_due_task")
    }
    _routes_read_again(app)
    yield jobs, relay
    app.conf.task_default_queue, app.conf.task_routes = saved
    _routes_read_again(app)


def _routes_read_again(app) -> None:
    """Celery reads `task_routes` once, into a router kept for the process: after a task was
    sent by an earlier test, a new route is seen only once both are made anew."""
    app.amqp.flush_routes()
    app.amqp.__dict__.pop("router", None)


class DrippingSource:
    """A server on 127.0.0.1 that sends its headers, then one byte of PDN every 0.2 s,
    until `release`."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.connected = threading.Event()
        self.released = threading.Event()
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}/round.pdn"
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        try:
            connection, _ = self.listener.accept()
        except OSError:
            return
        with connection:
            connection.recv(4096)
            self.connected.set()
            try:
                connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n")
                while not self.released.wait(0.2):
                    connection.sendall(b"[")
            except OSError:
                pass

    def release(self) -> None:
        self.released.set()
        self.listener.close()


def test_a_pdf_is_built_while_a_dripping_source_holds_the_relay_worker(
    organizer, official_arbiter, queues, tmp_path
):
    database_url()  # skips without PostgreSQL
    jobs, relay = queues
    round_ = published_round(organizer, official_arbiter, players=8)
    event = round_.event
    source_drip = DrippingSource()
    environment = {
        "DJANGO_MEDIA_ROOT": str(tmp_path),
        "RELAY_ALLOW_PRIVATE_ADDRESSES": "1",
        "RELAY_FETCH_SECONDS": str(FETCH_SECONDS),
    }
    relay_worker = start_worker(relay, **environment)
    jobs_worker = start_worker(jobs, **environment)
    try:
        source = relay_source_set(
            round=round_, kind=RelayKind.URL, url=source_drip.url, user=organizer
        )
        from games.tasks import relay_poll_task

        relay_poll_task.delay(source.pk)
        assert source_drip.connected.wait(90), "the relay worker never read the source"
        asked = time.monotonic()
        request = document_request(event=event, kind="crosstable")
        document = wait_for(
            lambda: Document.objects.filter(
                pk=request.document.pk, status__in=(DocumentStatus.DONE, DocumentStatus.FAILED)
            ).first(),
            timeout=FETCH_SECONDS - 10,
            step=0.1,
        )
        built_after = time.monotonic() - asked
        assert document.status == DocumentStatus.DONE, document.error
        # the relay's read is still going on: the PDF did not wait for it
        assert not source_drip.released.is_set()
        assert RelaySource.objects.get(pk=source.pk).failures == 0
        print(f"\ncrosstable built {built_after:.2f} s after it was asked for, the relay held")
    finally:
        source_drip.release()
        outputs = stop_worker(relay_worker), stop_worker(jobs_worker)
    poll = "Task games.tasks.relay_poll_task["
    build = "Task tournaments.documents.tasks.document_build_task["
    assert poll in outputs[0] and build not in outputs[0], outputs[0][-3000:]
    assert build in outputs[1] and poll not in outputs[1], outputs[1][-3000:]
