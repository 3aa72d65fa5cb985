"""Whether a document's job is running right now, told by the database, not by the status
column: the job holds a PostgreSQL session advisory lock on the document while it runs.
When its worker dies (even killed outright) the database closes the session and releases
the lock, so a running status whose lock is free is a job that was lost.

On other databases (SQLite in development, where jobs run in-process) nothing can be told:
`job_alive` answers None and the job lock is always granted.
"""

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection

#: The high 32 bits of every document lock key ("DMDC"), away from other advisory locks.
_NAMESPACE = 0x444D4443


def _key(document_id: int) -> int:
    return _NAMESPACE << 32 | document_id  # below 2**63: a PostgreSQL bigint


def _supported() -> bool:
    return connection.vendor == "postgresql"


@contextmanager
def job_lock(document_id: int) -> Iterator[bool]:
    """Hold the document's job lock for the block; yields False when another session (a
    live job on another worker) holds it."""
    if not _supported():
        yield True
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s)", [_key(document_id)])
        acquired = cursor.fetchone()[0]
    try:
        yield acquired
    finally:
        if acquired:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [_key(document_id)])


def job_alive(document_id: int) -> bool | None:
    """True while a job holds the document's lock, False when none does, None when the
    database cannot tell."""
    if not _supported():
        return None
    with job_lock(document_id) as acquired:
        return not acquired
