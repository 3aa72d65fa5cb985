"""Reads of the games app: the arbiter's desk, a game's replay at any ply, the rule that
applies to a claim. Views, the admin and the API call these."""

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext as _

from arbiter import find_variant
from arbiter.draws import RULES
from arbiter.pdn import read_game
from games.export import UNPLAYED_TERMINATIONS
from games.models import (
    Dispute,
    DisputeClaim,
    DisputeStatus,
    GameRecord,
    RecordSource,
    ReportOutcome,
    ResultReport,
    Verification,
)
from games.services.verification import game_card
from games.timeline import Step, Timeline, game_timeline, start_and_opening, variant_of
from games.verdict_text import label, rule_name, rule_source
from tournaments.ballots.dealt import Card
from tournaments.diagrams import diagram_svg
from tournaments.models import Event, Game, GameResult
from tournaments.selectors.public import PUBLIC_STATUSES


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


def game_replay(game: Game, *, ply: int, pdn: str | None = None) -> GameReplay | None:
    """``game``'s record (or ``pdn``, a relayed game's last version) at ``ply`` (clamped to
    the plies that can be played), None without a record."""
    if pdn is None:
        record = GameRecord.objects.filter(game=game).first()
        if record is None:
            return None
        pdn = record.pdn
    pdn_game = read_game(pdn)
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
    svg = diagram_svg(board, last_move=step.move, title=title)
    return GameReplay(timeline=timeline, step=step, svg=svg, card=card)


def replay_ply_proposed(dispute: Dispute, replay: GameReplay | None) -> int | None:
    """The ply a "replay" ruling proposes to resume after: the one before the disputed ply
    (its move is played again), within the plies the record can play; None without a
    record or a disputed ply. A disputed illegal move at ply 12 proposes 11: the last
    position the game reached legally."""
    if replay is None or dispute.ply is None:
        return None
    return max(0, min(dispute.ply - 1, replay.timeline.last_ply))


def position_svg(game: Game, fen: str, *, ply: int | None) -> str:
    """The diagram of a position of ``game`` (the one a replay ruling starts from)."""
    variant = find_variant(game.pairing.round.event.variant)
    title = _("%(white)s – %(black)s, ply %(ply)s") % {
        "white": game.white.player,
        "black": game.black.player,
        "ply": ply,
    }
    return diagram_svg(variant(fen), title=title)


def verification_get(game: Game) -> Verification | None:
    return Verification.objects.filter(record__game=game).first()


def claim_rules(dispute: Dispute, replay: GameReplay | None) -> list[RuleCitation]:
    """The rules an arbiter applies to ``dispute``'s claim, each with its source."""
    variant = dispute.game.pairing.round.event.variant
    board = find_variant(variant)
    claim = dispute.claim
    if claim == DisputeClaim.ILLEGAL_MOVE:
        return [
            RuleCitation(
                _("every move must be legal under the rules of play"),
                _(board.rules_of_play.article),
            ),
            RuleCitation(
                _(
                    "after an irregularity the opponent decides whether it is corrected or "
                    "stands; the arbiter may order the game replayed from the position before it"
                ),
                _("FMJD rules, art. 5.4 (irregularities)"),
            ),
        ]
    if claim == DisputeClaim.WRONG_RESULT:
        return [
            RuleCitation(
                _(
                    "the result must agree with how the game ended under the rules on the end "
                    "of the game"
                ),
                _(board.end_of_game.article),
            )
        ]
    if claim == DisputeClaim.DRAW_BY_RULE:
        rules = [RULES[code] for code in board.draw_rules]
        return [
            RuleCitation(
                f"{rule_name(rule.code, rule.name)} ({label(rule.kind)})",
                rule_source(rule.code, rule.source),
            )
            for rule in rules
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
    if variant == "english":
        source = _("WCDF rules, opening restrictions (ballot)")
    else:
        source = _("FMJD ballot of openings (drawing table)")
    return [RuleCitation(text, source)]


def officiated_events(user) -> QuerySet[Event]:
    """The events whose desk ``user`` works at (organizes or arbitrates; all for a
    superuser), newest first, with their open disputes counted."""
    events = Event.objects.all()
    if not user.is_superuser:
        events = events.filter(Q(arbiters=user) | Q(organizers=user)).distinct()
    open_disputes = Count(
        "rounds__pairings__games__disputes",
        filter=Q(rounds__pairings__games__disputes__status=DisputeStatus.OPEN),
        distinct=True,
    )
    return events.annotate(open_disputes=open_disputes).order_by("-start_date", "name")


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


def event_records(event: Event) -> list[tuple[Game, str]]:
    """The event's games in published rounds that have a record or were not played over the
    board (forfeits, unplayed: their record is "" ), with their PDN texts, in round, board and
    game order (two queries)."""
    records = dict(
        GameRecord.objects.filter(
            game__pairing__round__event=event,
            game__pairing__round__status__in=PUBLIC_STATUSES,
        ).values_list("game_id", "pdn")
    )
    games = (
        Game.objects.filter(pairing__round__event=event, pairing__round__status__in=PUBLIC_STATUSES)
        .filter(Q(pk__in=records) | Q(result__in=UNPLAYED_TERMINATIONS))
        .select_related("pairing__round__event", "white__player", "black__player")
        .order_by("pairing__round__number", "pairing__board", "index")
    )
    return [(game, records.get(game.pk, "")) for game in games]


def relayed_records(event: Event) -> set[int]:
    """The ids of the event's games whose stored record is the relay's (games.export writes
    such a record as relayed, the official result beside it)."""
    return set(
        GameRecord.objects.filter(
            game__pairing__round__event=event, source=RecordSource.RELAY
        ).values_list("game_id", flat=True)
    )


def game_label(game: Game) -> str:
    """A game as a choice names it: its board, its index and its players (the pairing and
    the players' entries read with it)."""
    return _("board %(board)s, game %(index)s: %(white)s – %(black)s") % {
        "board": game.pairing.board,
        "index": game.index,
        "white": game.white.player,
        "black": game.black.player,
    }


def game_reports(game: Game) -> QuerySet[ResultReport]:
    """Every report of ``game``'s result by its players, oldest first, with who made it."""
    return (
        ResultReport.objects.filter(game=game).select_related("user").order_by("reported_at", "pk")
    )


def desk_reports_to_confirm(event: Event) -> QuerySet[ResultReport]:
    """The results both players of a game of ``event`` agreed on that wait for an official's
    confirmation (the game's result still pending), by round and board."""
    return (
        ResultReport.objects.filter(
            game__pairing__round__event=event,
            outcome=ReportOutcome.CONFIRM,
            confirmed_at__isnull=True,
            game__result=GameResult.PENDING,
        )
        .select_related("game__pairing__round", "game__white__player", "game__black__player")
        .order_by("game__pairing__round__number", "game__pairing__board", "game__index")
    )
