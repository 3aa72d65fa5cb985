"""Type-check the Django apps and hold their mypy error count at a ceiling that only goes down.

``python -m tools.mypy_ceiling CEILING PATH...`` runs mypy (configured in pyproject.toml, with
the Django and DRF plugins) on the paths and exits 1 when it finds more errors than CEILING,
printing them, or fewer, asking for the ceiling to be lowered to the new count (the
Makefile's ``MYPY_CEILING``), so that a fixed error stays fixed. Exit 2 when mypy itself fails.
"""

from __future__ import annotations

import re
import subprocess
import sys

ERROR = re.compile(r"^[^:\n]+:\d+: error: ", re.MULTILINE)


def main(argv: list[str]) -> int:
    if len(argv) < 2 or not argv[0].isdigit():
        print("usage: python -m tools.mypy_ceiling CEILING PATH...", file=sys.stderr)
        return 2
    ceiling, paths = int(argv[0]), argv[1:]
    run = subprocess.run(
        [sys.executable, "-m", "mypy", *paths], capture_output=True, text=True, check=False
    )
    if run.returncode not in (0, 1):
        print(run.stdout + run.stderr, file=sys.stderr)
        return 2
    errors = [line for line in run.stdout.splitlines() if ERROR.match(line)]
    count = len(errors)
    print(f"mypy {' '.join(paths)}: {count} errors (ceiling {ceiling})")
    if count > ceiling:
        print("\n".join(errors))
        print(f"{count - ceiling} more than the ceiling: fix the new errors", file=sys.stderr)
        return 1
    if count < ceiling:
        print(
            f"fewer than the ceiling: set MYPY_CEILING to {count} in the Makefile", file=sys.stderr
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
