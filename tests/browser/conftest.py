"""Headless Chromium (Debian's /usr/bin/chromium) driven by Playwright against the live
server. Skipped, with the reason, when Chromium is not installed; never downloads a browser."""

import os

import pytest

from tests.browser.chromium import CHROMIUM, JOURNEY_DEADLINE, Chromium, deadline
from tests.public.conftest import _empty_cache, ivanov, organizer, swiss  # noqa: F401


@pytest.fixture(scope="session")
def chromium():
    if not CHROMIUM.exists():
        pytest.skip(
            f"browser tests skipped: Chromium not found at {CHROMIUM} "
            "(apt-get install chromium, or set DAMIER_CHROMIUM)"
        )
    # Playwright's sync API refuses to run inside a running event loop; Django's async-unsafe
    # guard must be relaxed for the live server's database access from this thread.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = Chromium(playwright)
        yield chromium
        chromium.close()


@pytest.fixture(autouse=True)
def journey_deadline():
    """Every journey within JOURNEY_DEADLINE, its pages' teardown included (an autouse
    fixture: set up before them, torn down after)."""
    with deadline(JOURNEY_DEADLINE) as stopped:
        yield
    if stopped:
        pytest.fail(
            f"the journey took more than {JOURNEY_DEADLINE:.0f} s: Chromium was stopped"
            f" (processes {stopped}); the call that waited failed above"
        )


@pytest.fixture
def browser(chromium):
    return chromium.browser()


@pytest.fixture
def page(browser):
    context = browser.new_context(locale="en-GB", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()
