"""Project-wide fixtures and marker handling.

- `postgres` tests run only when the default database is PostgreSQL (DATABASE_URL).
- `celery_worker` tests run only when CELERY_BROKER_URL is set.
"""

import os

import pytest


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
def _language_of_the_settings():
    """Each test starts and ends in the settings' language: a request in French activates
    French for the thread (LocaleMiddleware), and a later test calling a service directly
    would read its messages in French."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()
