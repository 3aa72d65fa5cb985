"""Data costly to build (the demo) built once for the tests of a module that read it.

A module-scoped fixture builds it with `held_for_the_module`, inside a transaction that stays
open for the rest of the module; each test's own transaction (pytest-django's `db`) is a
savepoint in it, rolled back after the test. Its name goes in HELD_FIXTURES: tests/conftest.py
runs the tests that use it after the module's other tests, and refuses it in a transactional
test (whose flush would empty the tables under the held transaction).
"""

import sys
from collections.abc import Callable, Iterator
from typing import TypeVar

#: Module-scoped fixtures whose data stays in the database for the rest of their module.
HELD_FIXTURES = frozenset({"demo_of_the_module", "world_of_the_module"})

T = TypeVar("T")


def held_for_the_module(django_db_blocker, build: Callable[[], T]) -> Iterator[T]:
    """For a module-scoped fixture (`yield from held_for_the_module(django_db_blocker, build)`):
    `build()` once, in a transaction rolled back after the module. A test may change the data,
    the next one finds it as built. Objects the fixture yields are shared by the module's
    tests: hand each test fresh copies from the database, and clear the cache."""
    from django.db import transaction

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            value = build()
        except BaseException:
            outer.__exit__(*sys.exc_info())
            raise
    try:
        yield value
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
