"""Game results: entered with a row lock and an optional version check (no lost update)."""

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.hooks import RESULT_FOLLOWERS
from tournaments.models import Game, GameResult, RoundStatus
from tournaments.services.errors import RoundStateError, StaleResultError
from tournaments.services.history import recorded_by


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
            _(
                "%(round)s is a draft: publish it before entering results (board %(board)s, "
                "game %(index)s)"
            )
            % {"round": round_, "board": locked.pairing.board, "index": locked.index}
        )
    if round_.status == RoundStatus.COMPLETED and result == GameResult.PENDING:
        raise RoundStateError(
            _("%(round)s is completed: a result cannot be reset to pending") % {"round": round_}
        )
    if expected_version is not None and expected_version != locked.version:
        raise _stale(locked, expected_version=expected_version, result=result)
    changed = locked.result != result
    locked.result = result
    locked.version += 1
    recorded_by(locked, user).save(update_fields=["result", "version"])
    if changed:
        for follow in RESULT_FOLLOWERS:
            follow(locked)
    return locked


def _stale(game: Game, *, expected_version: int, result: str) -> StaleResultError:
    """The refusal of a write made against `expected_version`, naming who set the current
    version and when (the game's history row that first holds it)."""
    change = (
        game.history.filter(version=game.version)
        .select_related("history_user")
        .order_by("history_date")
        .first()
    )
    user = change.history_user if change is not None else None
    changed_by = user.get_username() if user is not None else None
    changed_at = change.history_date if change is not None else None
    values = {
        "board": game.pairing.board,
        "index": game.index,
        "round": game.pairing.round,
        "who": changed_by or _("someone"),
        "current": game.result,
        "expected": expected_version,
        "version": game.version,
        "result": result,
    }
    if changed_at:
        message = _(
            "board %(board)s game %(index)s of %(round)s changed since you saw it: %(who)s set "
            "%(current)s at %(when)s (your version %(expected)s, now %(version)s); reload "
            "before entering %(result)s"
        )
        values["when"] = f"{timezone.localtime(changed_at):%Y-%m-%d %H:%M}"
    else:
        message = _(
            "board %(board)s game %(index)s of %(round)s changed since you saw it: %(who)s set "
            "%(current)s (your version %(expected)s, now %(version)s); reload before entering "
            "%(result)s"
        )
    return StaleResultError(
        message % values,
        changed_by=changed_by,
        changed_at=changed_at,
    )
