"""The background verification of a game record (called by games.tasks.record_verify_task).

The record is replayed with ``arbiter.replay`` under the event's variant, from the drawn
card's position when the event uses ballots; the verdict and the flags (games.verification)
are stored on the record's Verification row. The game's result is never changed here: a
contradicted result is flagged for the arbiter (standings change only through a ruling or
a result entry).
"""

import logging
from dataclasses import replace

from django.db import DatabaseError, transaction
from django.utils import timezone

from arbiter import replay
from arbiter.pdn import read_game
from arbiter.verdict import OpeningCheck
from games.models import GameRecord, Verification, VerificationStatus
from games.timeline import start_and_opening, variant_of
from games.verification import flags_for, flags_with_entered_result
from tournaments.ballots.dealt import Card
from tournaments.models import Game
from tournaments.selectors.ballots import card_value, pairing_card

logger = logging.getLogger(__name__)


@transaction.atomic
def record_verify(*, record_id: int, revision: int) -> Verification | None:
    """Verify revision ``revision`` of record ``record_id``. A record changed since (a newer
    revision is queued) or deleted is left alone: None."""
    # Only the record's row is locked (not the game, pairing, round and event joined to
    # it): record writes lock the game then the record, and the two orders would deadlock.
    record = (
        GameRecord.objects.select_for_update(of=("self",))
        .select_related("game__pairing__round__event")
        .filter(pk=record_id)
        .first()
    )
    if record is None or record.revision != revision:
        return None
    verification, _ = Verification.objects.get_or_create(
        record=record, defaults={"revision": revision}
    )
    try:
        _verify(record, verification)
    except DatabaseError:
        raise
    except Exception as error:
        # Whatever the record holds, the verification ends: an input the reader or the
        # replay cannot handle is reported as unreadable, never left pending.
        logger.exception("record %s revision %s could not be verified", record.pk, revision)
        message = f"the record could not be verified: {type(error).__name__}: {error}"[:1000]
        verification.verdict = "unreadable"
        verification.result_check = ""
        verification.opening_followed = None
        verification.flags = [{"kind": "unreadable", "ply": None, "message": message}]
        verification.flagged = True
        verification.report = {"verdict": "unreadable", "error": message}
    verification.revision = revision
    verification.status = VerificationStatus.DONE
    verification.verified_at = timezone.now()
    verification.save()
    return verification


def _verify(record: GameRecord, verification: Verification) -> None:
    """Replay ``record`` and put the verdict and flags on ``verification`` (unsaved)."""
    game = record.game
    event = game.pairing.round.event
    pdn_game = read_game(record.pdn)
    variant = variant_of(pdn_game, event.variant)
    card = game_card(game)
    start_fen, opening, skipped = start_and_opening(pdn_game, variant, card)
    if card is not None and start_fen and not pdn_game.tag("FEN"):
        pdn_game.tags["FEN"] = start_fen
    verdict = replay(pdn_game, variant=variant, opening=opening)
    if card is not None and opening is None:
        verdict = replace(verdict, opening=OpeningCheck(skipped, None if skipped else 0))
    flags = flags_for(verdict, entered_result=game.result)
    verification.verdict = verdict.verdict
    verification.result_check = verdict.result_check
    verification.opening_followed = None if verdict.opening is None else verdict.opening.followed
    verification.flags = [flag.to_dict() for flag in flags]
    verification.flagged = bool(flags)
    verification.report = {
        **verdict.to_dict(),
        "card": None if card is None else card.code,
        "entered_result": game.result,
    }


def verification_follow_result(game: Game) -> None:
    """Put the finding about the entered result right after ``game``'s result changed
    (tournaments.hooks.RESULT_FOLLOWERS, in the result's transaction): made anew
    from the stored report, never repeated nor left stale. A verification still pending
    reads the result when it runs."""
    verification = (
        Verification.objects.select_for_update(of=("self",))
        .filter(record__game=game, status=VerificationStatus.DONE)
        .first()
    )
    if verification is None or not verification.report.get("outcome"):
        return
    verification.flags = flags_with_entered_result(
        verification.flags, verification.report, game.result
    )
    verification.flagged = bool(verification.flags)
    verification.report = {**verification.report, "entered_result": game.result}
    verification.save(update_fields=["flags", "flagged", "report"])


def game_card(game: Game) -> Card | None:
    """The card drawn for ``game``'s pairing (tournaments.selectors.ballots.pairing_card), as the
    timeline takes it; None for a free opening or a card not drawn yet."""
    return card_value(pairing_card(game.pairing))
