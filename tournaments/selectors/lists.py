"""An event's public lists: its players and a round's boards.

They never read a player's contact details, national id or birth date.
"""

from dataclasses import dataclass

from django.db.models import Prefetch

from tournaments.ballots.dealt import Card
from tournaments.models import Event, Game, Pairing, Registration, Round
from tournaments.selectors.ballots import card_value, round_cards
from tournaments.selectors.names import player_name


@dataclass(frozen=True)
class PublicPlayer:
    """What anyone may see of a registered player."""

    number: int
    name: str
    federation: str
    title: str
    rating: int
    club: str


@dataclass(frozen=True)
class PairingLine:
    """One board of a published pairing list; `black` is None for a bye, `card` None when the
    board has no drawn card (free openings, bye, not drawn yet)."""

    board: int
    white: PublicPlayer
    black: PublicPlayer | None
    bye_kind: str
    results: tuple[str, ...]
    card: Card | None = None


def _public(registration: Registration) -> PublicPlayer:
    return PublicPlayer(
        number=registration.pairing_number,
        name=player_name(registration),
        federation=registration.player.federation,
        title=registration.player.title,
        rating=registration.rating,
        club=registration.player.club,
    )


_PUBLIC_PLAYER_FIELDS = (
    "pairing_number",
    "rating",
    "player__first_name",
    "player__last_name",
    "player__federation",
    "player__title",
    "player__club",
)


def player_list(event: Event) -> list[PublicPlayer]:
    """The event's players in pairing-number order, public fields only."""
    registrations = (
        event.registrations.select_related("player")
        .only(*_PUBLIC_PLAYER_FIELDS)
        .order_by("pairing_number")
    )
    return [_public(r) for r in registrations]


def pairing_list(round: Round) -> list[PairingLine]:
    """The boards of `round` with players' public fields and the games' result codes."""
    related = [
        f"{side}__player__{name}"
        for side in ("white", "black")
        for name in ("first_name", "last_name", "federation", "title", "club")
    ]
    pairings = (
        Pairing.objects.filter(round=round)
        .select_related("white__player", "black__player")
        .only(
            "board",
            "bye_kind",
            "white__pairing_number",
            "white__rating",
            "black__pairing_number",
            "black__rating",
            *related,
        )
        .prefetch_related(Prefetch("games", queryset=Game.objects.order_by("index")))
        .order_by("board")
    )
    cards = round_cards(round)
    return [
        PairingLine(
            board=p.board,
            white=_public(p.white),
            black=_public(p.black) if p.black_id else None,
            bye_kind=p.bye_kind,
            results=tuple(game.result for game in p.games.all()),
            card=card_value(cards.get(p.pk)),
        )
        for p in pairings
    ]
