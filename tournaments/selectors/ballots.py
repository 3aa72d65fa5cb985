"""Ballot reads: the cards a draw may pick, the cards drawn in an event, a draw re-run from
its seed, and the card each board of a round starts from."""

from tournaments.ballots.dealt import Card
from tournaments.ballots.draw import cards_left, pick
from tournaments.models import BRAZILIAN, BallotCard, BallotDeck, BallotDraw, Event, Pairing, Round


def card_value(card: BallotCard | None) -> Card | None:
    """The deck's card row as the value boards, sheets and record checks read."""
    if card is None:
        return None
    return Card(
        code=card.code,
        name=card.name,
        moves=card.moves,
        start_fen=card.start_fen,
        fen=card.fen,
    )


def drawable_cards(deck: BallotDeck, *, variant: str) -> list[BallotCard]:
    """The cards of ``deck`` a draw may pick for an event of ``variant``, in number order:
    never a barred card (docs/rules/tournaments.md §6.6); for Brazilian draughts only the
    cards of the FMJD table's Brazilian subset (docs/rules/tournaments.md §6.3)."""
    cards = deck.cards.filter(barred=False)
    if variant == BRAZILIAN:
        cards = cards.filter(brazilian=True)
    return list(cards.order_by("number"))


def ballot_drawn_numbers(event: Event, *, deck: BallotDeck, before: int | None = None) -> list[int]:
    """The numbers of ``deck``'s cards drawn in ``event``, voided draws included, in draw order
    (before draw number ``before`` if given): what tournaments.ballots.draw needs to know
    which cards are left."""
    draws = BallotDraw.objects.filter(event=event, card__deck=deck)
    if before is not None:
        draws = draws.filter(sequence__lt=before)
    return list(draws.order_by("sequence").values_list("card__number", flat=True))


def ballot_draw_check(draw: BallotDraw) -> int:
    """Re-run ``draw`` from its recorded seed: the card number the seed picks from the cards
    that were left. Equal to ``draw.card.number`` for an untampered record."""
    event = draw.event
    deck = draw.card.deck
    numbers = [card.number for card in drawable_cards(deck, variant=event.variant)]
    drawn = ballot_drawn_numbers(event, deck=deck, before=draw.sequence)
    return pick(seed=draw.seed, pool=cards_left(deck=numbers, drawn=drawn))


def round_draws(round: Round) -> dict[int, BallotDraw]:
    """The live draw giving each board of ``round`` its card (pairing id -> draw): the board's
    own draw, else the round's draw for all boards; byes and boards without a card are absent."""
    draws = BallotDraw.objects.filter(round=round, voided_at__isnull=True).select_related(
        "card__deck"
    )
    shared = next((d for d in draws if d.pairing_id is None), None)
    own = {d.pairing_id: d for d in draws if d.pairing_id is not None}
    boards = round.pairings.filter(black__isnull=False).values_list("pk", flat=True)
    found = {pk: own.get(pk, shared) for pk in boards}
    return {pk: draw for pk, draw in found.items() if draw is not None}


def round_cards(round: Round) -> dict[int, BallotCard]:
    """The card of each board of ``round`` that has one (pairing id -> card)."""
    return {pk: draw.card for pk, draw in round_draws(round).items()}


def pairing_card(pairing: Pairing) -> BallotCard | None:
    """The card both games of ``pairing`` start from (None: free opening, or not drawn yet)."""
    if pairing.black_id is None:
        return None
    draws = BallotDraw.objects.filter(round_id=pairing.round_id, voided_at__isnull=True)
    draw = (
        draws.filter(pairing=pairing).select_related("card").first()
        or draws.filter(pairing__isnull=True).select_related("card").first()
    )
    return draw.card if draw else None
