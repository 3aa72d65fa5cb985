"""A journey that waits on the browser past its deadline fails at the call that waited (a
Playwright call with no timeout of its own would wait forever), and the journeys after it
get a browser again."""

import pytest
from playwright.sync_api import Error

from tests.browser.chromium import deadline


def test_a_wait_past_the_deadline_fails_and_the_next_journey_has_a_browser(chromium):
    page = chromium.browser().new_page()
    with deadline(2.0) as stopped, pytest.raises(Error, match="closed"):
        page.evaluate("new Promise(() => {})")  # never settles: no timeout applies
    assert stopped  # Chromium's processes, stopped by the deadline
    browser = chromium.browser()
    assert browser.is_connected()
    page = browser.new_page()
    assert page.evaluate("6 * 7") == 42
    page.close()


def test_a_journey_on_time_keeps_its_browser(chromium):
    browser = chromium.browser()
    with deadline(60.0) as stopped:
        page = browser.new_page()
        assert page.evaluate("6 * 7") == 42
        page.close()
    assert stopped == [] and chromium.browser() is browser
