"""Real Celery worker processes for the `celery_worker` tests.

The worker reaches the test database through DATABASE_URL, so the tests' data must be committed
(transactional tests) and the database must be a server (PostgreSQL), not in-memory SQLite.
Each test gives the worker a queue of its own, away from anyone else's tasks on the broker.
"""

import os
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

REPO = Path(__file__).resolve().parents[1]


def database_url() -> str:
    """The test database as a URL for the worker; skips the test without PostgreSQL."""
    settings = connection.settings_dict
    if "postgresql" not in settings["ENGINE"]:
        pytest.skip("the worker process needs a database server: set DATABASE_URL=postgres://...")
    user = quote(settings["USER"] or "")
    password = f":{quote(settings['PASSWORD'])}" if settings["PASSWORD"] else ""
    host = settings["HOST"] or "127.0.0.1"
    port = f":{settings['PORT']}" if settings["PORT"] else ""
    return f"postgres://{user}{password}@{host}{port}/{settings['NAME']}"


def start_worker(queue: str, **environment: str) -> subprocess.Popen:
    """A solo worker consuming `queue`, on the test database, with extra environment."""
    return subprocess.Popen(
        [
            str(Path(sys.executable).parent / "celery"),
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--concurrency=1",
            "-Q",
            queue,
            "--loglevel=INFO",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ],
        cwd=REPO,
        env={**os.environ, "DATABASE_URL": database_url(), **environment},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def stop_worker(worker: subprocess.Popen) -> str:
    """Stop ``worker`` (killed if it does not stop within 30 s); returns what it printed."""
    worker.terminate()
    try:
        output, _ = worker.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        worker.kill()
        output, _ = worker.communicate()
    return output


def wait_for(predicate, *, timeout: float, step: float = 0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError(f"not reached within {timeout} s")
