"""The background verification of a game record (called by games.tasks.record_verify_task).

The record is replayed with ``arbiter.replay`` under the event's variant, from the drawn
card's position when the event uses ballots; the verdict and the flags (games.verification)
are stored on the record's Verification row. The game's result is never changed here: a
contradicted result is flagged for the arbiter (issue 5: standings change only through a
ruling or a result entry).
"""

from dataclasses import replace

from django.db import transaction
from django.utils import timezone

from arbiter import replay
from arbiter.pdn import read_game
from arbiter.verdict import OpeningCheck
from games.models import Game, GameRecord, Verification, VerificationStatus
from games.timeline import Card, start_and_opening, variant_of
from games.verification import flags_for
from tournaments.selectors import pairing_card


@transaction.atomic
def record_verify(*, record_id: int, revision: int) -> Verification | None:
    """Verify revision ``revision`` of record ``record_id``. A record changed since (a newer
    revision is queued) or deleted is left alone: None."""
    record = (
        GameRecord.objects.select_for_update()
        .select_related("game__pairing__round__event")
        .filter(pk=record_id)
        .first()
    )
    if record is None or record.revision != revision:
        return None
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
    verification, _ = Verification.objects.get_or_create(
        record=record, defaults={"revision": revision}
    )
    verification.revision = revision
    verification.status = VerificationStatus.DONE
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
    verification.verified_at = timezone.now()
    verification.save()
    return verification


def game_card(game: Game) -> Card | None:
    """The card drawn for ``game``'s pairing (tournaments.selectors.pairing_card), as the
    timeline takes it; None for a free opening or a card not drawn yet."""
    card = pairing_card(game.pairing)
    if card is None:
        return None
    return Card(code=card.code, moves=card.moves, start_fen=card.start_fen, fen=card.fen)
