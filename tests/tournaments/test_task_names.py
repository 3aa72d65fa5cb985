"""A process that only queues tasks finds them by name (tournaments.task_names)."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_a_fresh_process_finds_a_task_no_module_has_imported_yet():
    # load_demo and the web server queue documents before anything imports the task modules.
    probe = (
        "import sys, django\n"
        "django.setup()\n"
        "print('tournaments.tasks' in sys.modules)\n"
        "from tournaments.task_names import task_named\n"
        "print(task_named('tournaments.documents.tasks.document_build_task').name)\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
        env={"DJANGO_SETTINGS_MODULE": "config.settings", "PATH": "/usr/bin:/bin"},
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.split() == ["False", "tournaments.documents.tasks.document_build_task"]
