"""In development the secret key is generated once into a git-ignored file and shared by
every process (logins survive a multi-process server and restarts)."""

import subprocess
import sys
from pathlib import Path

from config.settings import _development_secret_key

REPO = Path(__file__).resolve().parents[1]


def test_the_key_is_written_once_and_read_back(tmp_path):
    path = tmp_path / ".secret_key"
    first = _development_secret_key(path)
    assert len(first) >= 50 and path.read_text() == first
    assert _development_secret_key(path) == first
    assert list(tmp_path.iterdir()) == [path]  # no draft left behind


def test_processes_started_together_share_one_key(tmp_path):
    path = tmp_path / ".secret_key"
    code = (
        "import sys; from config.settings import _development_secret_key as k; "
        f"print(k(__import__('pathlib').Path({str(path)!r})))"
    )
    processes = [
        subprocess.Popen([sys.executable, "-c", code], cwd=REPO, stdout=subprocess.PIPE, text=True)
        for _ in range(4)
    ]
    keys = {process.communicate(timeout=60)[0].strip() for process in processes}
    assert keys == {path.read_text()}


def test_the_key_file_is_ignored_by_git():
    assert "/.secret_key" in (REPO / ".gitignore").read_text().split()
