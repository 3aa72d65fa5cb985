"""``python -m arbiter``: see :mod:`arbiter.cli`."""

from arbiter.cli import main

raise SystemExit(main())
