"""Headless Chromium (Debian's /usr/bin/chromium) driven by Playwright against the live
server. Skipped, with the reason, when Chromium is not installed; never downloads a browser."""

import os
from pathlib import Path

import pytest

from tests.public.conftest import _empty_cache, ivanov, organizer, swiss  # noqa: F401

CHROMIUM = Path(os.environ.get("DAMIER_CHROMIUM", "/usr/bin/chromium"))
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser():
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
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=FLAGS
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(locale="en-GB", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()
