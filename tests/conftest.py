"""Project-wide fixtures, marker handling and Hypothesis profiles.

- `postgres` tests run only when the default database is PostgreSQL (DATABASE_URL).
- `celery_worker` tests run only when CELERY_BROKER_URL is set.
- `deep` tests are the exhaustive sweeps (every admin lookup, every page in every language,
  every query parameter, migrations over data): `make test` leaves them out and keeps a sample
  of each that fails on the same kinds of defect; `make test-deep` and CI run them.
- The suite runs in parallel (pytest-xdist, `make test`): each worker has its own test database
  (pytest-django's `_gw0`, `_gw1` suffix), its own media folder (`_media_of_this_worker`) and
  live-server port; a real Celery worker gets the test's own queue (tests/workers.py).
- Data costly to build (the demo) may be built once for the tests of a module that read it:
  tests/held.py.
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

from tests.held import HELD_FIXTURES, held_for_the_module
from tests.tasks import tasks_in_process

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
    items[:] = _held_data_last(items)


def _holds(item) -> bool:
    return bool(HELD_FIXTURES & set(getattr(item, "fixturenames", ())))


def _held_data_last(items: list) -> list:
    """Within each run of a module's tests, the tests that use held data run after the others,
    so that no test of the module finds data it did not ask for; the order of the runs
    (pytest-django's: transactional tests after the others) is kept. A transactional test
    cannot use held data (its flush would empty the tables under the held transaction)."""
    for item in items:
        transactional = {"transactional_db", "live_server"} & set(item.fixturenames)
        marker = item.get_closest_marker("django_db")
        if marker and (marker.kwargs.get("transaction") or (marker.args and marker.args[0])):
            transactional.add("django_db(transaction=True)")
        if _holds(item) and transactional:
            raise pytest.UsageError(f"{item.nodeid}: held data in a transactional test")
    runs: list[list] = []
    for item in items:
        if runs and runs[-1][0].path == item.path:
            runs[-1].append(item)
        else:
            runs.append([item])
    # sorted() is stable: the order within each part is kept.
    return [item for run in runs for item in sorted(run, key=_holds)]


@pytest.fixture(scope="module")
def demo_of_the_module(django_db_setup, django_db_blocker):
    """The demo (tournaments.demo.load_demo with its game records), loaded once for the
    module's tests that ask for it and rolled back after them (tests/held.py); a module may
    define its own, built otherwise."""
    from games.demo import records_demo
    from tournaments.demo import load_demo

    yield from held_for_the_module(django_db_blocker, lambda: load_demo(records=records_demo))


@pytest.fixture(scope="session", autouse=True)
def _media_of_this_worker(tmp_path_factory):
    """Files the app writes (documents, archives, the relay demo's PDN files) go to a folder of
    this run and of this xdist worker, never to the repository's media/ and never to a folder
    another worker writes the same names to; processes the tests start (Celery workers,
    gunicorn) inherit it through DJANGO_MEDIA_ROOT."""
    from django.test.utils import override_settings

    media = tmp_path_factory.mktemp("media")
    saved = os.environ.get("DJANGO_MEDIA_ROOT")
    os.environ["DJANGO_MEDIA_ROOT"] = str(media)
    with override_settings(MEDIA_ROOT=media, RELAY_DEMO_DIR=media / "relay-demo"):
        yield media
    if saved is None:
        os.environ.pop("DJANGO_MEDIA_ROOT", None)
    else:
        os.environ["DJANGO_MEDIA_ROOT"] = saved


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashing():
    """Passwords are hashed with MD5 in the tests, as Django advises for test settings: the
    production hasher (PBKDF2, a million iterations) takes about 0.2 s a password, and the demo,
    the journeys' logins and the account tests hash hundreds. What is tested is our use of
    Django's hashing, not the hashing; a test whose server processes hash with their own
    settings (tests/test_login_limits_servers.py) sets Django's hashers back."""
    from django.test.utils import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture
def arbiter_user(django_user_model):
    """A staff user acting in the services (recorded as history_user)."""
    return django_user_model.objects.create_user(username="arbiter", password=None, is_staff=True)


@pytest.fixture
def eager_celery():
    """Run tasks in-process for this test even when CELERY_BROKER_URL names a real broker."""
    with tasks_in_process() as app:
        yield app


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
