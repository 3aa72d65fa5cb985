"""The dispute desk: a claim opened on a game, and the arbiter's ruling on it.

A ruling changes the game's result only through tournaments.services.results.result_record,
in the same transaction as the ruling itself; the dispute, the ruling and the game keep
their history (django-simple-history), so every step can be read back.
"""

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from arbiter.pdn import PdnMove, read_game
from games.models import Dispute, DisputeClaim, DisputeStatus, GameRecord, Ruling, RulingDecision
from games.permissions import can_open_dispute, can_rule
from games.services.errors import DisputeError, NotAllowedError
from games.services.verification import game_card
from games.timeline import game_timeline, start_and_opening, variant_of
from tournaments.models import Game, GameResult
from tournaments.scoring.notation import result_score
from tournaments.services.history import recorded_by
from tournaments.services.results import result_record


@transaction.atomic
def dispute_open(
    *,
    game: Game,
    claim: str,
    statement: str,
    user: AbstractBaseUser,
    ply: int | None = None,
) -> Dispute:
    """Open a dispute on ``game`` with ``claim`` (a DisputeClaim) and a written statement;
    ``ply`` is the half-move it is about, if any. Opened by the event's organizers or
    arbiters, or by a player of the game (games.permissions)."""
    game = Game.objects.select_related(
        "pairing__round__event", "white__player", "black__player"
    ).get(pk=game.pk)
    if not can_open_dispute(user, game):
        raise NotAllowedError(
            _(
                "%(user)s may not open a dispute on board %(board)s game %(index)s of "
                "%(round)s: only its organizers, arbiters and players may"
            )
            % {
                "user": user,
                "board": game.pairing.board,
                "index": game.index,
                "round": game.pairing.round,
            }
        )
    if claim not in DisputeClaim.values:
        raise DisputeError(
            _("unknown claim %(claim)r: expected one of %(known)s")
            % {"claim": claim, "known": DisputeClaim.values}
        )
    if not statement.strip():
        raise DisputeError(_("a dispute needs a statement of what is claimed"))
    if ply is not None:
        last = recorded_plies(game)
        if not 0 <= ply <= last:
            raise DisputeError(
                _("%(where)s: ply %(ply)s is outside the record (plies 0 to %(last)s)")
                % {"where": _where(game), "ply": ply, "last": last}
            )
    dispute = Dispute(game=game, claim=claim, statement=statement.strip(), ply=ply, opened_by=user)
    recorded_by(dispute, user).save()
    return dispute


@transaction.atomic
def dispute_rule(
    *,
    dispute: Dispute,
    decision: str,
    reason: str,
    user: AbstractBaseUser,
    result: str | None = None,
    ply: int | None = None,
    expected_version: int | None = None,
) -> Ruling:
    """Rule on an open dispute, with a written ``reason``; only an arbiter of the event.

    - ``uphold``: the claim stands; with ``result`` the game's result becomes it;
    - ``reject``: the claim is dismissed, the result stays (no ``result`` allowed);
    - ``adjust``: the result becomes ``result`` (required, and different);
    - ``replay``: the game is to be replayed from ``ply`` (a ply of the record that could be
      played): the result goes back to pending, the position to replay from is kept.

    ``expected_version`` is the game version the arbiter saw (stale writes are refused by
    result_record).
    """
    dispute = (
        Dispute.objects.select_for_update(of=("self",))
        .select_related("game__pairing__round__event")
        .get(pk=dispute.pk)
    )
    game = dispute.game
    event = game.pairing.round.event
    if not can_rule(user, event):
        raise NotAllowedError(
            _("%(user)s is not an arbiter of %(event)s: only its arbiters rule")
            % {"user": user, "event": event}
        )
    if dispute.status != DisputeStatus.OPEN:
        raise DisputeError(
            _("dispute %(id)s (%(dispute)s) was already ruled on")
            % {"id": dispute.pk, "dispute": dispute}
        )
    if not reason.strip():
        raise DisputeError(
            _("dispute %(id)s: a ruling needs a written reason") % {"id": dispute.pk}
        )
    if decision not in RulingDecision.values:
        raise DisputeError(
            _("unknown decision %(decision)r: expected one of %(known)s")
            % {"decision": decision, "known": RulingDecision.values}
        )
    new_result, fen = _consequence(game, decision, result, ply)
    before = game.result
    if new_result != before:
        game = result_record(
            game=game, result=new_result, user=user, expected_version=expected_version
        )
    ruling = Ruling(
        dispute=dispute,
        decision=decision,
        reason=reason.strip(),
        result_before=before,
        result_after=new_result,
        replay_from_ply=ply if decision == RulingDecision.REPLAY else None,
        replay_fen=fen,
        arbiter=user,
    )
    recorded_by(ruling, user).save()
    dispute.status = DisputeStatus.RULED
    recorded_by(dispute, user).save(update_fields=["status"])
    return ruling


def _consequence(game: Game, decision: str, result: str | None, ply: int | None) -> tuple[str, str]:
    """The result after the ruling, and the position to replay from (replay only)."""
    where = _where(game)
    shown = result_score(game.result, game.pairing.round.event.variant)
    if result is not None and result not in GameResult.values:
        raise DisputeError(
            _("unknown result %(result)r: expected one of %(known)s")
            % {"result": result, "known": GameResult.values}
        )
    if decision == RulingDecision.REJECT:
        if result is not None and result != game.result:
            raise DisputeError(
                _("%(where)s: rejecting a claim leaves the result (%(result)s)")
                % {"where": where, "result": shown}
            )
        return game.result, ""
    if decision == RulingDecision.ADJUST:
        if result is None or result == game.result:
            raise DisputeError(
                _("%(where)s: adjusting needs a new result (the result is %(result)s)")
                % {"where": where, "result": shown}
            )
        return result, ""
    if decision == RulingDecision.UPHOLD:
        return result or game.result, ""
    return GameResult.PENDING, _replay_position(game, ply)


def _replay_position(game: Game, ply: int | None) -> str:
    """The position after ``ply`` of the game's record, where the replay starts."""
    where = _where(game)
    record = getattr(game, "record", None)
    if record is None:
        raise DisputeError(
            _("%(where)s has no record: there is no position to replay from") % {"where": where}
        )
    if ply is None:
        raise DisputeError(
            _("%(where)s: replaying needs the ply to replay from") % {"where": where}
        )
    pdn_game = read_game(record.pdn)
    variant = variant_of(pdn_game, game.pairing.round.event.variant)
    start_fen = start_and_opening(pdn_game, variant, game_card(game))[0]
    timeline = game_timeline(pdn_game, variant, start_fen)
    if not 0 <= ply <= timeline.last_ply:
        raise DisputeError(
            _("%(where)s: ply %(ply)s is outside the record's playable plies (0 to %(last)s)")
            % {"where": where, "ply": ply, "last": timeline.last_ply}
        )
    return timeline.at(ply).fen


def recorded_plies(game: Game) -> int:
    """How many plies the game's record writes in its main line (0 without a record): a
    dispute may name any of them, an illegal one included."""
    record = GameRecord.objects.filter(game=game).first()
    if record is None:
        return 0
    try:
        pdn_game = read_game(record.pdn)
    except Exception:  # an unreadable record: only the start position can be named
        return 0
    return sum(1 for item in pdn_game.moves if isinstance(item, PdnMove))


def _where(game: Game) -> str:
    return _("board %(board)s game %(index)s") % {"board": game.pairing.board, "index": game.index}
