"""Reads of the player directory: one player across the published events.

A player is in the directory when he is registered in at least one published event: a
player only entered, or registered in drafts only, is nobody's business yet. What is shown
is public only (name, federation, title, FMJD id, rating, club), never the private fields of
tournaments.access.PRIVATE_FIELDS nor the national id; the national id is searched (an
exact match of the whole id) but never shown.

A player's figures in an event are the event's own: `player_card` of
tournaments.selectors.public, through the event's published rounds, whose score is the
standings' and whose rank and place are read from `standings_get` (the standings page's
rows), and kept under the event's state like the event's own player page.
"""

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from tournaments.hooks import PLAYER_RATINGS, answer
from tournaments.models import Event, Player, Registration
from tournaments.names import name_order, search_words
from tournaments.selectors.names import full_name
from tournaments.selectors.public import (
    PlayerCard,
    cached,
    event_state,
    last_public_round,
    player_card,
)

#: The fields any visitor may read of a player in the directory.
DIRECTORY_FIELDS = ("pk", "last_name", "first_name", "federation", "fmjd_id", "title", "rating")


@dataclass(frozen=True)
class DirectoryPlayer:
    """A player as the directory lists him: public fields only."""

    id: int
    name: str
    federation: str
    fmjd_id: str
    title: str
    rating: int


def directory_players() -> QuerySet[Player]:
    """The players registered in at least one published event."""
    published = Registration.objects.filter(event__published=True).values("player_id")
    return Player.objects.filter(pk__in=published)


def player_search(query: str) -> list[DirectoryPlayer]:
    """The directory's players that ``query`` finds, by name then id: every word of the query
    in the player's name, accents, case and script aside (tournaments.names.search_key:
    "Иванов" finds "Ivanov" and "lefevre" finds "Lefèvre"), or the query is his whole FMJD
    id or national id. An empty query lists everybody."""
    players = directory_players()
    text = query.strip()
    if text:
        words = search_words(text)
        by_name = Q(*(Q(search_name__contains=word) for word in words)) if words else Q(pk=None)
        by_id = Q(fmjd_id__iexact=text) | Q(national_id__iexact=text)
        players = players.filter(by_name | by_id)
    rows = players.order_by(*name_order("last_name", "first_name"), "pk").values_list(
        *DIRECTORY_FIELDS
    )
    return [_directory_player(row) for row in rows]


def _directory_player(row: tuple) -> DirectoryPlayer:
    pk, last, first, federation, fmjd_id, title, rating = row
    return DirectoryPlayer(pk, full_name(last, first), federation, fmjd_id, title, rating)


@dataclass(frozen=True)
class PlayerEvent:
    """The player in one published event: his pairing number there and his card through the
    event's last published round (`after_round`, 0 before any)."""

    slug: str
    name: str
    variant: str
    start_date: datetime.date
    end_date: datetime.date
    number: int
    after_round: int
    card: PlayerCard


@dataclass(frozen=True)
class PlayerRecord:
    """A player across events: who he is, his published events (latest first), his ratings
    list by list."""

    player: DirectoryPlayer
    club: str
    events: tuple[PlayerEvent, ...]
    #: one series per list source, from the room that keeps the lists
    #: (`tournaments.hooks.PLAYER_RATINGS`: tournaments.ratings.selectors.RatingSeries)
    ratings: tuple[Any, ...]


def player_record(player_id: int) -> PlayerRecord | None:
    """Player ``player_id`` across his published events; None when he is not in the
    directory (unknown, or registered in no published event)."""
    row = directory_players().filter(pk=player_id).values_list(*DIRECTORY_FIELDS, "club").first()
    if row is None:
        return None
    *fields, club = row
    registrations = (
        Registration.objects.filter(player_id=player_id, event__published=True)
        .select_related("event")
        .order_by("-event__start_date", "event__name")
    )
    events = tuple(
        event
        for event in (_player_event(r.event, r.pairing_number) for r in registrations)
        if event is not None
    )
    return PlayerRecord(
        player=_directory_player(tuple(fields)),
        club=club,
        events=events,
        ratings=answer(PLAYER_RATINGS, player_id) or (),
    )


def _player_event(event: Event, number: int) -> PlayerEvent | None:
    """The player `number` of `event` as his event's own page shows him (the same cached
    card: tournaments.views.events.player)."""
    after_round = last_public_round(event)
    card = cached(
        event_state(event),
        f"player_card:{number}",
        lambda: player_card(event, number=number, after_round=after_round),
    )
    if card is None:
        return None
    return PlayerEvent(
        slug=event.slug,
        name=event.name,
        variant=event.variant,
        start_date=event.start_date,
        end_date=event.end_date,
        number=number,
        after_round=after_round,
        card=card,
    )


def player_page_id(event: Event, number: int) -> int | None:
    """The directory id of `event`'s player `number` (None when `event` is a draft, whose
    players are not in the directory through it)."""
    if not event.published:
        return None
    return (
        Registration.objects.filter(event=event, pairing_number=number)
        .values_list("player_id", flat=True)
        .first()
    )
