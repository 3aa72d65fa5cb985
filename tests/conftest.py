"""Project-wide fixtures, marker handling and Hypothesis profiles.

- `postgres` tests run only when the default database is PostgreSQL (DATABASE_URL).
- `celery_worker` tests run only when CELERY_BROKER_URL is set.
- Hypothesis: the `ci` profile (loaded when CI is set, and by `make test`) draws the same
  examples on every run (`derandomize`), so the suite cannot go red by chance; a failure once
  found stays in the suite as an `@example`. The `explore` profile (`make explore`) draws fresh
  examples, EXPLORE_FACTOR times as many, keeps what fails in `.hypothesis/` and replays it on
  the next exploration, and prints the blob that reproduces it.
"""

import os

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

EXPLORE_FACTOR = 10

hypothesis_settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
hypothesis_settings.register_profile(
    "explore",
    max_examples=100 * EXPLORE_FACTOR,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")


def _explore_further(items) -> None:
    """Under the `explore` profile, a property test that sets its own number of examples runs
    EXPLORE_FACTOR times as many (a profile changes only what a test leaves unset)."""
    tests = {getattr(item.obj, "__func__", item.obj) for item in items if hasattr(item, "obj")}
    for test in tests:
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if own is not None and own.max_examples < 100 * EXPLORE_FACTOR:
            test._hypothesis_internal_use_settings = hypothesis_settings(
                own, max_examples=own.max_examples * EXPLORE_FACTOR
            )


def pytest_collection_modifyitems(config, items):
    from django.conf import settings

    engine = settings.DATABASES["default"]["ENGINE"]
    no_postgres = pytest.mark.skip(
        reason=f"needs PostgreSQL (DATABASE_URL=postgres://...); the database here is {engine}"
    )
    no_broker = pytest.mark.skip(
        reason="needs a Celery broker: set CELERY_BROKER_URL (e.g. redis://127.0.0.1:6379/0)"
    )
    for item in items:
        if "postgres" in item.keywords and "postgresql" not in engine:
            item.add_marker(no_postgres)
        if "celery_worker" in item.keywords and not os.environ.get("CELERY_BROKER_URL"):
            item.add_marker(no_broker)
    if hypothesis_settings.get_current_profile_name() == "explore":
        _explore_further(items)


@pytest.fixture
def arbiter_user(django_user_model):
    """A staff user acting in the services (recorded as history_user)."""
    return django_user_model.objects.create_user(username="arbiter", password=None, is_staff=True)


@pytest.fixture
def eager_celery():
    """Run tasks in-process for this test even when CELERY_BROKER_URL names a real broker."""
    from config.celery import app

    saved = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    yield app
    app.conf.task_always_eager, app.conf.task_eager_propagates = saved


@pytest.fixture(autouse=True)
def _tasks_in_process(request):
    """Every test runs its tasks in-process, as on a machine without a broker, so that the suite
    means the same with and without CELERY_BROKER_URL; the `celery_worker` tests, which need
    the broker and a real worker process, are the exception."""
    if request.node.get_closest_marker("celery_worker"):
        yield
        return
    request.getfixturevalue("eager_celery")
    yield


@pytest.fixture(autouse=True)
def _players_numbered_from_the_start():
    """Each test numbers its factory players from 0, so their ratings (2400 down) are the same
    whatever ran before it, and never fall below 0 after thousands of players in one run."""
    from tests.factories import PlayerFactory

    PlayerFactory.reset_sequence()


@pytest.fixture(autouse=True)
def _language_of_the_settings():
    """Each test starts and ends in the settings' language: a request in French activates
    French for the thread (LocaleMiddleware), and a later test calling a service directly
    would read its messages in French."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()
