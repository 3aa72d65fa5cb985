"""py-draughts from PDN text: ``Board.from_pdn`` on each game, timed in its own interpreter.

Run by ``benchmarks.text_verdict`` with py-draughts' interpreter
(``.peers/py-draughts/bin/python``): reads ``{"variant", "texts", "runs"}`` (JSON) on stdin,
answers ``{"implementation", "plies": [per game, None when from_pdn raised], "seconds":
[per run]}``. The library is imported before the clock starts; a run replays every game
that the first run replayed.
"""

from __future__ import annotations

import json
import sys
import time

from draughts import RussianBoard, StandardBoard, __version__

BOARDS = {"international": StandardBoard, "russian": RussianBoard}


def main() -> None:
    request = json.load(sys.stdin)
    from_pdn = BOARDS[request["variant"]].from_pdn
    texts = request["texts"]
    plies: list[int | None] = []
    for text in texts:
        try:
            plies.append(len(from_pdn(text)._moves_stack))
        except Exception:  # the library refuses the game: it is left out for everyone
            plies.append(None)
    kept = [text for text, count in zip(texts, plies, strict=True) if count is not None]
    seconds = []
    for _ in range(request["runs"]):
        began = time.perf_counter()
        for text in kept:
            from_pdn(text)
        seconds.append(time.perf_counter() - began)
    json.dump(
        {"implementation": f"py-draughts {__version__}", "plies": plies, "seconds": seconds},
        sys.stdout,
    )


if __name__ == "__main__":
    main()
