"""A slow or hostile relay source holds nothing else: every fetch ends within
RELAY_FETCH_SECONDS however the server sends, headers included; a source is polled by one
worker at a time; relay polling has a Celery queue of its own; the address check sees the
IPv4 addresses that IPv6 forms carry.

The slow servers are real sockets on 127.0.0.1. A fetch runs in a thread the test waits for
three times the limit: a fetch still running then has outlived its deadline (the test says
so rather than hang)."""

import contextlib
import datetime
import re
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.utils import timezone

from games.models import RelayKind, RelaySource
from games.relay import services
from games.relay.fetch import FetchError, fetch_text, public_address
from games.relay.services import relay_due_sources, relay_poll, relay_source_set
from tests.games.conftest import published_round
from tests.games.relay.game import version

pytestmark = pytest.mark.django_db

#: The deadline the tests set (seconds); the slow servers send more often than that, so a
#: timeout on each read alone never fires.
LIMIT = 1
#: Seconds between two bytes a dripping server sends.
DRIP = 0.1
#: Seconds after which a slow server closes the connection, so that a test of a fetch
#: without a deadline ends (and fails) rather than hang.
GIVE_UP = 10 * LIMIT


@pytest.fixture(autouse=True)
def local_sources(settings):
    settings.RELAY_ALLOW_PRIVATE_ADDRESSES = True
    settings.RELAY_FETCH_SECONDS = LIMIT


@contextmanager
def slow_server(answer: Callable[[socket.socket, threading.Event], None]) -> Iterator[str]:
    """A server on 127.0.0.1 that reads the request of each connection and then lets
    `answer` write to it until the test ends; yields the address of /round.pdn."""
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except OSError:
                return
            threading.Thread(target=talk, args=(connection,), daemon=True).start()

    def talk(connection: socket.socket) -> None:
        given_up = threading.Timer(GIVE_UP, stop.set)
        given_up.start()
        with connection:
            connection.recv(4096)
            # OSError: the client shut the connection down
            with contextlib.suppress(OSError):
                answer(connection, stop)
        given_up.cancel()

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/round.pdn"
    finally:
        stop.set()
        listener.close()


def drip(data: bytes) -> Callable[[socket.socket, threading.Event], None]:
    def answer(connection: socket.socket, stop: threading.Event) -> None:
        for byte in data:
            if stop.wait(DRIP):
                return
            connection.sendall(bytes([byte]))

    return answer


def headers_then_drip(connection: socket.socket, stop: threading.Event) -> None:
    connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n")
    drip(b"[Event 'x']" * 10000)(connection, stop)


def never_answer(connection: socket.socket, stop: threading.Event) -> None:
    stop.wait()


def fetched_within_three_limits(url: str) -> BaseException | str:
    """What fetch_text(url) raised or returned; fails when it is still running after three
    times RELAY_FETCH_SECONDS."""
    outcome: list[BaseException | str] = []

    def run() -> None:
        try:
            outcome.append(fetch_text(url))
        except BaseException as exc:  # handed to the test
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(3 * LIMIT)
    assert not thread.is_alive(), f"the fetch of {url} was still running past its deadline"
    return outcome[0]


@pytest.mark.parametrize(
    "answer",
    [
        pytest.param(headers_then_drip, id="body-a-byte-at-a-time"),
        pytest.param(drip(b"HTTP/1.1 200 OK\r\n" + b"X-Slow: " + b"a" * 5000), id="slow-headers"),
        pytest.param(drip(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n"), id="no-body"),
        pytest.param(never_answer, id="never-answers"),
    ],
)
def test_a_fetch_ends_within_its_deadline_however_the_server_sends(answer):
    with slow_server(answer) as url:
        outcome = fetched_within_three_limits(url)
    assert isinstance(outcome, FetchError), outcome
    assert url in str(outcome)
    assert "took longer than 1 seconds (RELAY_FETCH_SECONDS)" in str(outcome)


def test_a_body_cut_short_by_the_server_is_refused():
    def cut(connection: socket.socket, stop: threading.Event) -> None:
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n[Event ")

    with slow_server(cut) as url:
        outcome = fetched_within_three_limits(url)
    assert isinstance(outcome, FetchError), outcome
    assert f"{url} ended 93 bytes before the end it announced" == str(outcome)


def test_a_poll_of_a_dripping_source_records_the_error_naming_it(organizer, official_arbiter):
    round_ = published_round(organizer, official_arbiter)
    with slow_server(headers_then_drip) as url:
        source = relay_source_set(round=round_, kind=RelayKind.URL, url=url, user=organizer)
        # in this thread (the test database's connection); the server gives up after
        # GIVE_UP seconds, so a fetch without a deadline ends too, with another error
        assert relay_poll(source_id=source.pk) is None
    source.refresh_from_db()
    assert source.failures == 1
    assert url in source.last_error and "RELAY_FETCH_SECONDS" in source.last_error


def test_a_source_is_polled_by_one_worker_at_a_time(
    organizer, official_arbiter, monkeypatch, settings
):
    """While one worker reads a source (for up to 10 s), its interval (2 s) passes: a
    second worker finds it not due and reads nothing. The lock is the source's row (its
    next poll booked past the longest fetch), so it holds without the cache."""
    settings.RELAY_FETCH_SECONDS = 10
    round_ = published_round(organizer, official_arbiter)
    source = relay_source_set(
        round=round_,
        kind=RelayKind.URL,
        url="http://127.0.0.1:9/round.pdn",
        user=organizer,
        interval=2,
    )
    fetched: list[str] = []
    seen: dict[str, object] = {}

    def slow_fetch(url: str) -> str:
        fetched.append(url)
        if len(fetched) == 1:
            later = timezone.now() + datetime.timedelta(seconds=source.interval + 1)
            with monkeypatch.context() as clock:
                clock.setattr(services.timezone, "now", lambda: later)
                seen["due"] = relay_due_sources()
                seen["second poll"] = relay_poll(source_id=source.pk)
        return version(2)

    monkeypatch.setattr(services, "fetch_text", slow_fetch)
    report = relay_poll(source_id=source.pk)
    assert fetched == [source.url], seen
    assert seen == {"due": [], "second poll": None}
    assert report is not None and report.new_plies == 2
    source.refresh_from_db()
    # once read, the source keeps its interval from poll to poll
    assert source.next_poll_at - timezone.now() <= datetime.timedelta(seconds=source.interval)


def test_a_worker_that_dies_mid_fetch_frees_the_source_after_the_longest_fetch(
    organizer, official_arbiter, monkeypatch
):
    round_ = published_round(organizer, official_arbiter)
    source = relay_source_set(
        round=round_, kind=RelayKind.URL, url="http://127.0.0.1:9/x.pdn", user=organizer
    )

    def dies(url: str) -> str:
        raise SystemExit("worker killed")

    monkeypatch.setattr(services, "fetch_text", dies)
    with pytest.raises(SystemExit):
        relay_poll(source_id=source.pk)
    booked = RelaySource.objects.get(pk=source.pk).next_poll_at
    assert booked > timezone.now() + datetime.timedelta(seconds=LIMIT)
    assert booked <= timezone.now() + datetime.timedelta(seconds=source.interval + LIMIT + 1)


def test_relay_polling_has_a_queue_of_its_own():
    from config.celery import app

    def queue_of(task: str) -> str:
        return app.amqp.router.route({}, task)["queue"].name

    assert queue_of("games.tasks.relay_poll_task") == django_settings.RELAY_QUEUE == "relay"
    assert queue_of("games.tasks.relay_poll_due_task") == "relay"
    default = app.conf.task_default_queue
    assert default != "relay"
    for task in (
        "tournaments.documents.tasks.document_build_task",
        "games.tasks.record_verify_task",
        "tournaments.tasks.round_pair_task",
    ):
        assert queue_of(task) == default


def test_make_worker_consumes_every_queue_the_tasks_are_routed_to():
    from config.celery import app

    makefile = (Path(__file__).resolve().parents[3] / "Makefile").read_text()
    recipe = re.search(r"^worker:.*?\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert recipe is not None
    consumed = set()
    for queues in re.findall(r"-Q\s+(\S+)", recipe.group(1)):
        consumed.update(queues.split(","))
    routed = {route["queue"] for route in django_settings.CELERY_TASK_ROUTES.values()}
    assert consumed == routed | {app.conf.task_default_queue}


@pytest.mark.parametrize(
    "address",
    [
        "::127.0.0.1",  # IPv4-compatible
        "::7f00:1",
        "::ffff:127.0.0.1",  # IPv4-mapped
        "::ffff:10.0.0.1",
        "64:ff9b::127.0.0.1",  # NAT64, well-known prefix
        "64:ff9b::a9fe:a9fe",  # 169.254.169.254
        "64:ff9b:1::808:808",  # NAT64, local-use prefix
        "2002:c0a8:101::1",  # 6to4 of 192.168.1.1
        "::1",
        "::",
        "fe80::1%eth0",
        "127.0.0.1",
        "10.1.2.3",
    ],
)
def test_ipv6_forms_of_private_addresses_are_not_public(address):
    assert not public_address(address)


@pytest.mark.parametrize("address", ["8.8.8.8", "2001:4860:4860::8888", "64:ff9b::808:808"])
def test_public_addresses_are_public(address):
    assert public_address(address)


def test_a_source_at_an_ipv4_compatible_loopback_address_is_refused(settings):
    settings.RELAY_ALLOW_PRIVATE_ADDRESSES = False
    with pytest.raises(FetchError, match="not public"):
        fetch_text("http://[::127.0.0.1]:9/round.pdn")
