"""The worker's Chromium (Debian's /usr/bin/chromium, never a downloaded one) and the
deadline that stops it when a journey waits on it too long."""

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

CHROMIUM = Path(os.environ.get("DAMIER_CHROMIUM", "/usr/bin/chromium"))
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


#: How long a journey may hold the browser. Past it the worker's Chromium is stopped: a
#: Playwright call with no timeout of its own (evaluate, content, set_viewport_size, close)
#: then fails at the line that waited, instead of holding the worker until pytest-timeout
#: (600 s) and, after it, in the page's teardown. The longest journey (the organizer's) takes
#: about 50 s on the idle machine and 200 s at load 5.
JOURNEY_DEADLINE = 450.0


class Chromium:
    """The worker's Chromium, launched when first asked for and again after a deadline
    stopped it, so that the journeys after the one that hung still run."""

    def __init__(self, playwright) -> None:
        self._playwright, self._browser = playwright, None

    def browser(self):
        if self._browser is None or not self._browser.is_connected():
            self._browser = self._playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=FLAGS
            )
        return self._browser

    def close(self) -> None:
        if self._browser is not None and self._browser.is_connected():
            self._browser.close()


def stop_chromium() -> list[int]:
    """Kills the Chromium processes this process started (through Playwright's driver),
    and returns their ids: every call waiting on them fails at once. It reads /proc, so
    it stops nothing where there is none (there, pytest-timeout alone ends a hung test)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue  # a process that ended meanwhile
        children.setdefault(parent, []).append(int(stat.parent.name))
    stopped, waiting = [], list(children.get(os.getpid(), []))
    while waiting:
        pid = waiting.pop()
        waiting.extend(children.get(pid, []))
        try:
            if (Path("/proc") / str(pid) / "comm").read_text().startswith("chrom"):
                os.kill(pid, signal.SIGKILL)
                stopped.append(pid)
        except OSError:
            continue
    return stopped


@contextmanager
def deadline(seconds: float) -> Iterator[list[int]]:
    """Stops this process's Chromium if the block still runs after ``seconds``; yields the
    list of the processes stopped (empty while on time), complete when the block ends."""
    stopped: list[int] = []
    timer = threading.Timer(seconds, lambda: stopped.extend(stop_chromium()))
    timer.daemon = True
    timer.start()
    try:
        yield stopped
    finally:
        timer.cancel()
        # The first process killed ends the block's wait while the timer's thread is still
        # killing the others: the list is theirs only once that thread is done.
        timer.join()
