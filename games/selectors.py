"""Reads of the games app: the arbiter's desk, a game's replay at any ply, the rule that
applies to a claim. Views, the admin and the API call these."""

from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from arbiter import find_variant
from arbiter.draws import RULES
from arbiter.pdn import read_game
from arbiter.svg import board_svg
from games.models import Dispute, DisputeClaim, Game, GameRecord, Verification
from games.services.verification import game_card
from games.templatetags.verdicts import verdict_label
from games.timeline import Card, Step, Timeline, game_timeline, start_and_opening, variant_of
from tournaments.models import Event

#: Where each variant's rules of play are summarised (the arbiter cites the same sections).
_MOVE_RULES = {
    "international": gettext_lazy("FMJD rules articles 3 and 4 (REFERENCE.md 1.2-1.4)"),
    "russian": gettext_lazy("draughts-64 rules (REFERENCE.md 2.2)"),
    "english": gettext_lazy("WCDF rules 1.17-1.20 (REFERENCE.md 3.2)"),
}
_END_RULES = {
    "international": gettext_lazy("FMJD rules article 5 (REFERENCE.md 1.5)"),
    "russian": gettext_lazy("draughts-64 rules (REFERENCE.md 2.3)"),
    "english": gettext_lazy("WCDF rules (REFERENCE.md 3.2)"),
}


@dataclass(frozen=True)
class RuleCitation:
    """A rule that applies to a claim: what it says, and its source."""

    text: str
    source: str


@dataclass(frozen=True)
class GameReplay:
    """A recorded game at one ply: the diagram, the step (move, counters) and the timeline."""

    timeline: Timeline
    step: Step
    svg: str
    card: Card | None

    @property
    def previous_ply(self) -> int | None:
        return self.step.ply - 1 if self.step.ply > 0 else None

    @property
    def next_ply(self) -> int | None:
        return self.step.ply + 1 if self.step.ply < self.timeline.last_ply else None


def game_replay(game: Game, *, ply: int) -> GameReplay | None:
    """``game``'s record at ``ply`` (clamped to the plies that can be played), None without
    a record."""
    record = GameRecord.objects.filter(game=game).first()
    if record is None:
        return None
    pdn_game = read_game(record.pdn)
    variant = variant_of(pdn_game, game.pairing.round.event.variant)
    card = game_card(game)
    start_fen = start_and_opening(pdn_game, variant, card)[0]
    timeline = game_timeline(pdn_game, variant, start_fen)
    step = timeline.at(ply)
    board = variant(step.fen)
    title = _("%(white)s – %(black)s, ply %(ply)s") % {
        "white": game.white.player,
        "black": game.black.player,
        "ply": step.ply,
    }
    svg = board_svg(board, last_move=step.move, title=title)
    return GameReplay(timeline=timeline, step=step, svg=svg, card=card)


def verification_get(game: Game) -> Verification | None:
    return Verification.objects.filter(record__game=game).first()


def claim_rules(dispute: Dispute, replay: GameReplay | None) -> list[RuleCitation]:
    """The rules an arbiter applies to ``dispute``'s claim, each with its source."""
    variant = dispute.game.pairing.round.event.variant
    claim = dispute.claim
    if claim == DisputeClaim.ILLEGAL_MOVE:
        return [
            RuleCitation(
                _("every move must be legal under the rules of play"),
                str(_MOVE_RULES.get(variant, _("the variant's rules of play"))),
            ),
            RuleCitation(
                _(
                    "after an irregularity the opponent decides whether it is corrected or "
                    "stands; the arbiter may order the game replayed from the position before it"
                ),
                _("FMJD rules article 5.4 (REFERENCE.md 1.8)"),
            ),
        ]
    if claim == DisputeClaim.WRONG_RESULT:
        return [
            RuleCitation(
                _("a player who has no piece left, or cannot move when it is their turn, loses"),
                str(_END_RULES.get(variant, _("the variant's rules on the end of the game"))),
            )
        ]
    if claim == DisputeClaim.DRAW_BY_RULE:
        rules = [RULES[code] for code in find_variant(variant).draw_rules]
        return [
            RuleCitation(f"{rule.name} ({verdict_label(rule.kind)})", rule.source) for rule in rules
        ]
    card = replay.card if replay else None
    if card:
        text = _(
            "the players play the opening of card %(code)s (%(opening)s), each game of the "
            "pairing with colours swapped"
        ) % {"code": card.code, "opening": card.moves or card.fen}
    else:
        text = _(
            "the players play the opening of the drawn card, each game of the pairing with "
            "colours swapped"
        )
    return [
        RuleCitation(text, _("REFERENCE.md 3.4 (English ballots) and 5 (64-square drawing tables)"))
    ]


def desk_disputes(event: Event) -> QuerySet[Dispute]:
    """The event's disputes, open first, newest first."""
    return (
        Dispute.objects.filter(game__pairing__round__event=event)
        .select_related(
            "game__pairing__round", "game__white__player", "game__black__player", "opened_by"
        )
        .order_by("status", "-opened_at")
    )


def desk_flagged(event: Event) -> QuerySet[Verification]:
    """The event's records whose verification flagged something, by round and board."""
    return (
        Verification.objects.filter(record__game__pairing__round__event=event, flagged=True)
        .select_related(
            "record__game__pairing__round",
            "record__game__white__player",
            "record__game__black__player",
        )
        .order_by("record__game__pairing__round__number", "record__game__pairing__board")
    )
