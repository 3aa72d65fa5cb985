"""A gunicorn server on the test database, for the tests that need several real server
processes (shared login counts, database connections killed under load).

Like the Celery workers of tests/workers.py it reaches the test database through
DATABASE_URL, so the tests' data must be committed (transactional tests) on PostgreSQL.
"""

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import requests

from tests.workers import REPO, database_url

#: The Redis database the tests may use as the servers' shared cache.
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/6")


def shared_cache_url() -> str:
    """REDIS_URL emptied for the test; skips the test when Redis cannot be reached."""
    import redis

    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2)
    try:
        client.flushdb()
    except redis.exceptions.ConnectionError as exc:
        pytest.skip(f"needs Redis at {REDIS_URL} (TEST_REDIS_URL): {exc}")
    return REDIS_URL


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def gunicorn(workers: int = 3, **environment: str) -> Iterator[str]:
    """A gunicorn server with `workers` processes on the test database; yields its base
    address, and stops it when the block ends."""
    port = _free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--log-level",
            "warning",
        ],
        cwd=REPO,
        env={
            **os.environ,
            "DATABASE_URL": database_url(),
            "DJANGO_LOG_LEVEL": "ERROR",
            **environment,
        },
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                requests.get(f"{base}/api/", timeout=60)
                break
            except requests.ConnectionError:
                if process.poll() is not None:
                    pytest.fail(f"gunicorn stopped with exit code {process.returncode}")
                time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
