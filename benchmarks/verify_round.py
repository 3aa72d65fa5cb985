"""Time to verify a whole round's PDN upload of 100 games in the background task.

Run: .venv/bin/python -m benchmarks.verify_round
Builds, in a throw-away test database, a published round of 100 boards (a 200-player round
robin, international draughts), writes a PDN file of 100 games (random legal games of 80
plies from a fixed seed, each tagged with its round, board and players), uploads it through
games.services.records.round_records_upload and runs the 100 verification tasks it queues.
Celery runs in-process (eager, as without CELERY_BROKER_URL): the time printed is the
matching and storing of the upload, then the tasks one after the other on one core, each
replaying its game with arbiter.replay and storing the verdict.
"""

import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()


from django.contrib.auth import get_user_model  # noqa: E402
from django.db import transaction  # noqa: E402

from arbiter import InternationalBoard  # noqa: E402
from benchmarks.database import benchmark_event, register_players, throwaway_database  # noqa: E402
from games.models import Verification, VerificationStatus  # noqa: E402
from games.services.records import round_records_upload  # noqa: E402
from tournaments.models import Game, System  # noqa: E402
from tournaments.services import rounds  # noqa: E402

BOARDS = 100
PLIES = 80
SEED = 2026


def random_movetext(rng: random.Random) -> str:
    board = InternationalBoard()
    words = []
    for ply in range(PLIES):
        moves = board.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        words.append(board.move_text(move))
        board.push(move)
    return " ".join(words)


def round_pdn(games: list[Game], rng: random.Random) -> str:
    parts = []
    for game in games:
        white, black = game.white.player, game.black.player
        parts.append(
            f'[Event "Benchmark"]\n[Round "1"]\n[Board "{game.pairing.board}"]\n'
            f'[White "{white.last_name}, {white.first_name}"]\n'
            f'[Black "{black.last_name}, {black.first_name}"]\n[GameType "20"]\n'
            f"{random_movetext(rng)} *\n"
        )
    return "\n".join(parts)


def main() -> None:
    with throwaway_database():
        user = get_user_model().objects.create_superuser("benchmark", password=None)
        event = benchmark_event(user, name="Benchmark", slug="benchmark", system=System.ROUND_ROBIN)
        register_players(event, user, 2 * BOARDS, prefix="Player ")
        round_ = rounds.round_publish(round=rounds.round_pair(event=event, user=user), user=user)
        games = list(
            Game.objects.filter(pairing__round=round_)
            .select_related("pairing", "white__player", "black__player")
            .order_by("pairing__board")
        )
        text = round_pdn(games, random.Random(SEED))
        started = time.perf_counter()
        with transaction.atomic():
            report = round_records_upload(round=round_, pdn=text, user=user)
        elapsed = time.perf_counter() - started
        done = Verification.objects.filter(status=VerificationStatus.DONE).count()
        assert len(report.matched) == BOARDS and done == BOARDS, (report.unmatched, done)
        print(
            f"verify_round: {BOARDS} games of {PLIES} plies uploaded, matched and verified "
            f"in the background task (Celery eager, in-process): {elapsed:.2f} s "
            f"({elapsed / BOARDS * 1000:.1f} ms per game)"
        )


if __name__ == "__main__":
    main()
