"""Game results: entered with a row lock and an optional version check (no lost update)."""

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from games.models import Game, GameResult
from tournaments.models import RoundStatus
from tournaments.services.errors import RoundStateError, StaleResultError


@transaction.atomic
def result_record(
    *,
    game: Game,
    result: str,
    user: AbstractBaseUser | None,
    expected_version: int | None = None,
) -> Game:
    """Set `game`'s result (a GameResult code) on a published or completed round.

    The row is locked (SELECT ... FOR UPDATE) for the transaction, so two arbiters entering a
    result at once are serialised. With `expected_version` (the version the arbiter saw),
    a write made after someone else's change is refused with StaleResultError instead of
    silently replacing it. A completed round only accepts final results.
    """
    if result not in GameResult.values:
        raise ValueError(f"unknown result {result!r}: expected one of {GameResult.values}")
    locked = (
        Game.objects.select_for_update(of=("self",))
        .select_related("pairing__round")
        .get(pk=game.pk)
    )
    round_ = locked.pairing.round
    if round_.status == RoundStatus.DRAFT:
        raise RoundStateError(
            f"{round_} is a draft: publish it before entering results (board "
            f"{locked.pairing.board}, game {locked.index})"
        )
    if round_.status == RoundStatus.COMPLETED and result == GameResult.PENDING:
        raise RoundStateError(f"{round_} is completed: a result cannot be reset to pending")
    if expected_version is not None and expected_version != locked.version:
        raise StaleResultError(
            f"board {locked.pairing.board} game {locked.index} of {round_} changed since you "
            f"saw it (your version {expected_version}, now {locked.version}, result "
            f"{locked.result}): reload before entering {result}"
        )
    locked.result = result
    locked.version += 1
    locked._history_user = user
    locked.save(update_fields=["result", "version"])
    return locked
