"""Whether a job is running right now, told by the database, not by its status column: the
job holds a PostgreSQL session advisory lock on its row while it runs. When its worker dies
(even killed outright) the database closes the session and releases the lock, so a running
status whose lock is free is a job that was lost.

Each kind of job has a namespace of its own (`DOCUMENT_JOBS`, `IMPORT_JOBS`): the lock of
document 7 and the lock of import job 7 are two locks.

On other databases (SQLite in development, where jobs run in-process) nothing can be told:
`job_alive` answers None and the job lock is always granted.
"""

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection

#: The high 32 bits of every lock key, away from other advisory locks: "DMDC" for the
#: printed documents' jobs (tournaments.documents), "DMIJ" for import jobs
#: (tournaments.imports).
DOCUMENT_JOBS = 0x444D4443
IMPORT_JOBS = 0x444D494A


def _key(job_id: int, namespace: int) -> int:
    return namespace << 32 | job_id  # below 2**63: a PostgreSQL bigint


def _supported() -> bool:
    return connection.vendor == "postgresql"


@contextmanager
def job_lock(job_id: int, *, namespace: int) -> Iterator[bool]:
    """Hold the job's lock for the block; yields False when another session (a live job on
    another worker) holds it."""
    if not _supported():
        yield True
        return
    key = _key(job_id, namespace)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s)", [key])
        acquired = cursor.fetchone()[0]
    try:
        yield acquired
    finally:
        if acquired:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [key])


def job_alive(job_id: int, *, namespace: int) -> bool | None:
    """True while a job holds the lock, False when none does, None when the database cannot
    tell."""
    if not _supported():
        return None
    with job_lock(job_id, namespace=namespace) as acquired:
        return not acquired
