"""Ballots: custom decks and their cards, drawing the cards of a round, voiding a draw.

Cards are replayed with arbiter when stored (tournaments.ballots.cards). A draw records its
seed, card, who and when (tournaments.models.BallotDraw); it is never redrawn silently: a
board that has its card keeps it until an arbiter voids the draw with a reason.
"""

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils import formats, timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.access import may_change_deck, may_officiate, organizes
from tournaments.ballots.cards import CardError, replay_card
from tournaments.ballots.draw import draw_sequence, new_seed
from tournaments.models import BallotCard, BallotDeck, BallotDraw, Event, Round, RoundStatus
from tournaments.selectors.ballots import ballot_drawn_numbers, drawable_cards
from tournaments.services.errors import TournamentError
from tournaments.services.history import recorded_by


class BallotError(TournamentError):
    """A deck, card or draw operation refused by a ballot rule."""

    default_code = "ballot_error"


class BallotPermissionError(BallotError):
    """The user is neither an organizer nor an arbiter of the event."""

    default_code = "ballot_permission_error"


@transaction.atomic
def ballot_deck_create(
    *,
    name: str,
    slug: str,
    variant: str,
    source: str = "",
    event: Event | None = None,
    user: AbstractBaseUser | None,
) -> BallotDeck:
    """A custom deck (e.g. openings for International draughts), empty until cards are added,
    owned by `user`; made for `event` (one they organize), its organizers change it too."""
    if event is not None and user is not None and not organizes(user, event):
        raise BallotPermissionError(
            _("%(user)s does not organize %(event)s: the deck cannot be made for it")
            % {"user": user, "event": event}
        )
    owner = user if user is not None and user.is_authenticated else None
    deck = BallotDeck(
        name=name, slug=slug, variant=variant, source=source, event=event, owner=owner
    )
    deck.full_clean()
    recorded_by(deck, user).save()
    return deck


def _require_deck(deck: BallotDeck, user: AbstractBaseUser | None) -> None:
    """A custom deck is changed by its owner and its event's organizers
    (tournaments.access.changeable_decks); `user` None is the system."""
    if user is not None and not deck.builtin and not may_change_deck(user, deck):
        raise BallotPermissionError(
            _("%(user)s may not change %(deck)s: it is neither theirs nor made for their event")
            % {"user": user, "deck": deck}
        )


@transaction.atomic
def ballot_card_save(
    *,
    deck: BallotDeck,
    code: str,
    moves: str = "",
    start_fen: str = "",
    name: str = "",
    barred: bool = False,
    card: BallotCard | None = None,
    user: AbstractBaseUser | None,
) -> BallotCard:
    """Add a card to a custom deck (``card`` None) or change one, replayed with arbiter under
    the deck's variant. Refused for a published deck, for a deck the user may not change
    (tournaments.access.changeable_decks), for a card already drawn (the players played that
    position), and for a card that cannot be played (the replay's error, with the ply and
    the move)."""
    if deck.builtin:
        raise BallotError(
            _("%(deck)s is a published deck: its cards cannot be changed") % {"deck": deck}
        )
    _require_deck(deck, user)
    if card is not None:
        _require_deck(card.deck, user)
    if card is not None and card.draws.exists():
        raise BallotError(
            _("card %(code)s of %(deck)s has been drawn: it cannot be changed")
            % {"code": card.code, "deck": deck}
        )
    try:
        played = replay_card(variant=deck.variant, code=code, moves=moves, start_fen=start_fen)
    except CardError as exc:
        raise BallotError(str(exc)) from exc
    if card is None:
        last = deck.cards.aggregate(last=Max("number"))["last"] or 0
        card = BallotCard(deck=deck, number=last + 1)
    card.code, card.name, card.barred = code, name, barred
    card.notation = " ".join(moves.split())
    card.moves, card.start_fen, card.fen = played.moves, played.start_fen, played.fen
    card.full_clean()
    recorded_by(card, user).save()
    return card


@transaction.atomic
def ballot_draw(*, round: Round, user: AbstractBaseUser | None) -> list[BallotDraw]:
    """Draw the missing cards of a published round: one for all its boards, or one per board
    (Event.ballot_policy), each with its own seed from ``secrets``. Boards that already have
    a card keep it; a bye has none. Returns the new draws (refused when there is none to
    make)."""
    round_ = Round.objects.select_related("event__ballot_deck").get(pk=round.pk)
    event = Event.objects.select_for_update().get(pk=round_.event_id)
    _require_official(event, user, gettext_lazy("draw cards"))
    deck = round_.event.ballot_deck
    if deck is None:
        raise BallotError(
            _("%(event)s has no ballot deck: choose one in the event's settings") % {"event": event}
        )
    if round_.status != RoundStatus.PUBLISHED:
        raise BallotError(
            _("%(round)s is %(status)s: cards are drawn for a published round")
            % {"round": round_, "status": round_.get_status_display()}
        )
    live = round_.ballot_draws.filter(voided_at__isnull=True)
    if event.ballot_policy == "round":
        targets = [] if live.filter(pairing__isnull=True).exists() else [None]
    else:
        done = set(live.values_list("pairing_id", flat=True))
        boards = round_.pairings.filter(black__isnull=False).order_by("board")
        targets = [pairing for pairing in boards if pairing.pk not in done]
    if not targets:
        raise BallotError(_("every board of %(round)s already has its card") % {"round": round_})
    cards = {card.number: card for card in drawable_cards(deck, variant=event.variant)}
    if not cards:
        raise BallotError(_("%(deck)s has no card that can be drawn") % {"deck": deck})
    seeds = [new_seed() for _ in targets]
    numbers = draw_sequence(deck=cards, drawn=ballot_drawn_numbers(event, deck=deck), seeds=seeds)
    sequence = event.ballot_draws.aggregate(last=Max("sequence"))["last"] or 0
    now = timezone.now()
    draws = []
    for offset, (pairing, seed, number) in enumerate(zip(targets, seeds, numbers, strict=True), 1):
        draw = BallotDraw(
            event=event,
            round=round_,
            pairing=pairing,
            card=cards[number],
            sequence=sequence + offset,
            seed=seed,
            drawn_by=user,
            drawn_at=now,
        )
        recorded_by(draw, user).save()
        draws.append(draw)
    return draws


@transaction.atomic
def ballot_draw_void(*, draw: BallotDraw, reason: str, user: AbstractBaseUser | None) -> BallotDraw:
    """Void a draw with a written reason (kept with who and when); the board can then get a
    new card by ballot_draw. The voided card stays out of the deck until it is exhausted."""
    draw = BallotDraw.objects.select_for_update().select_related("round__event").get(pk=draw.pk)
    _require_official(draw.round.event, user, gettext_lazy("void a draw"))
    if not reason.strip():
        raise BallotError(
            _("voiding draw %(sequence)s (%(draw)s) needs a reason")
            % {"sequence": draw.sequence, "draw": draw}
        )
    if draw.voided_at is not None:
        raise BallotError(
            _("draw %(sequence)s (%(draw)s) was already voided on %(when)s")
            % {
                "sequence": draw.sequence,
                "draw": draw,
                "when": formats.localize(timezone.localtime(draw.voided_at)),
            }
        )
    if draw.round.status == RoundStatus.COMPLETED:
        raise BallotError(
            _("%(round)s is completed: its draws can no longer be voided") % {"round": draw.round}
        )
    draw.voided_at = timezone.now()
    draw.voided_by = user
    draw.void_reason = reason.strip()
    recorded_by(draw, user).save(update_fields=["voided_at", "voided_by", "void_reason"])
    return draw


def _require_official(event: Event, user: AbstractBaseUser | None, action: Promise) -> None:
    """Only the event's organizers and arbiters (and superusers) draw or void; ``None`` is the
    application itself (demo loader, shell)."""
    if user is not None and not may_officiate(user, event):
        raise BallotPermissionError(
            _("%(user)s is neither an organizer nor an arbiter of %(event)s: cannot %(action)s")
            % {"user": user, "event": event, "action": action}
        )
