"""What another app adds to tournaments, registered at start-up: tournaments never imports
`games` and never names its tables, relations or pages; `games` fills these lists in
`GamesConfig.ready` (games/hooks.py), `entries` in `EntriesConfig.ready` (entries/hooks.py),
and tournaments reads them where it shows or follows what they keep. With no app registered,
each list is empty and tournaments works alone.

- `RESULT_FOLLOWERS`: called after each change of a game's result (services/results.py);
- `FINGERPRINT_HISTORIES`: history rows that are part of an event's public state, so that a
  change to them changes the event's ETag (selectors.public.event_fingerprint);
- `STATE_HISTORIES`: the same, kept by a room of tournaments (a team competition's rows), so
  part of the event's own state too (what its printed documents are built from);
- `TEAM_COMPETITIONS`: whether an event is a team competition (`is_team_competition`), whose
  boards come from its team matches;
- `PAGE_INSTEAD`, `EVENT_MENU`, `EVENT_RULES`: the pages, the menu and the rules in words
  another room gives an event in place of the individual ones;
- `EVENT_STARTING`, `LATE_ENTRY_RATING`: the ratings at start set when round 1 is opened, and
  a late entry's (services/rounds.py, services/registrations.py);
- `PLAYER_RATINGS`, `RATING_HISTORY`: a player's ratings list by list (the player directory)
  and his rating history on an event's player page;
- `GAME_FACTS`: values another app knows about a game, listed with it (the API's games);
- `GAME_PAGE`: the address of a game's public page (the round and player pages link to it);
- `ROUND_PANELS`: what a round's public page shows above its pairings;
- `EVENT_PANELS`: what the event's public page shows under its facts;
- `EVENT_PAGE_LINKS`, `EVENT_ADMIN_LINKS`, `EVENT_LIST_ADMIN_LINKS`: links on the event's
  public page, its admin page and the admin list of events;
- `ORGANIZER_APPS`: the apps whose model permissions an organizer holds (the demo's);
- `ROUND_PUBLISHED`: called when a round is published (services/rounds.py: round_publish);
- `ROUND_COMPLETED`: called when a round is completed (services/rounds.py: round_complete);
- `PLAYER_ADMIN_ACTIONS`: actions another app adds to the admin list of players;
- `EVENT_ADMIN_ACTIONS`: actions another room adds to the admin list of events;
- `ROUND_ABSENTEES`: the players another app keeps out of a Swiss round (the hall's
  check-in: a player marked absent), given a zero-point bye by its pairing;
- `EVENT_FIELDS`: fields another app adds to each event of the API (`entries_open`);
- `DEMO_EVENTS`: demo events another app builds (`manage.py load_demo`).

The templates read them through ``{% load hooks %}`` (tournaments/templatetags/hooks.py).
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.db.models import OuterRef, QuerySet
from django.db.models.expressions import Combinable
from django.utils.functional import Promise

if TYPE_CHECKING:
    from tournaments.models import Event, Game, Registration, Round


@dataclass(frozen=True)
class Link:
    """A link another app puts on a page of tournaments: its text (translated where it is
    shown), its address, an optional HTML id, whether the browser downloads it, and
    whether only who may add to the list sees it (`adds`)."""

    label: str | Promise
    url: str
    id: str = ""
    download: bool = False
    adds: bool = False


#: Called with the game after each change of its result, in the same transaction; an app that
#: keeps something derived from a game's result follows every path a result is entered by.
RESULT_FOLLOWERS: list[Callable[["Game"], None]] = []

#: Each takes the event's `OuterRef("pk")` and returns history rows of that event kept by
#: another app (the game records, the relayed boards); part of `event_fingerprint`.
FINGERPRINT_HISTORIES: list[Callable[[OuterRef], QuerySet[Any]]] = []

#: The same for the rooms of tournaments (the team competition's teams, rosters, adjustments
#: and matches): part of the event's own state (`event_fingerprint(others=False)` counts them).
STATE_HISTORIES: list[Callable[[OuterRef], QuerySet[Any]]] = []

#: Each says whether an event is a team competition: its boards come from its team matches
#: (docs/rules/tournaments.md §7), so the core neither pairs its rounds nor checks its boards
#: as an individual event's, and its individual tables give way to the team ones.
TEAM_COMPETITIONS: list[Callable[["Event"], bool]] = []

#: Each takes an event and the name of one of its individual pages ("standings",
#: "crosstable") and returns the address of the page shown in its place, or None.
PAGE_INSTEAD: list[Callable[["Event", str], str | None]] = []

#: Each takes an event and the page's section and returns the menu entries shown in place of
#: the individual tables (standings, crosstable, team ranking), or None to keep them.
EVENT_MENU: list[Callable[["Event", str], "list[MenuEntry] | None"]] = []

#: Each takes an event and returns its rules in words when a room states them (a team
#: competition's), or None: the first answer is shown in place of the individual rules.
EVENT_RULES: list[Callable[["Event"], list[str] | None]] = []


@dataclass(frozen=True)
class GameFact:
    """Something another app knows about a game (whether it has a record, its verification's
    state): `value` gives the expression of its value on a query of games, read with the
    game's row in one query (selectors.public.game_rows: `GameRow.facts`); `field` the API
    field that writes it, given its `source`."""

    value: Callable[[], Combinable]
    field: Callable[..., Any]


#: Name -> the fact (listed in this order after the game's own fields).
GAME_FACTS: dict[str, GameFact] = {}

#: The address of a game's public page from the event's slug and the game's id ("" when no
#: app shows games); the first registered one is used.
GAME_PAGE: list[Callable[[str, int], str]] = []

#: Each takes a round and returns the HTML it shows on the round's public page (already
#: escaped; "" to show nothing).
ROUND_PANELS: list[Callable[["Round"], str]] = []

#: Each takes the event and returns the HTML its public page shows under its facts (already
#: escaped; "" to show nothing).
EVENT_PANELS: list[Callable[["Event"], str]] = []

#: Each takes the event and returns a link for its public page, under its rounds (None: no
#: link).
EVENT_PAGE_LINKS: list[Callable[["Event"], Link | None]] = []

#: Each takes the event and returns a link for the tools of its admin page.
EVENT_ADMIN_LINKS: list[Callable[["Event"], Link | None]] = []

#: Each returns a link for the tools of the admin list of events.
EVENT_LIST_ADMIN_LINKS: list[Callable[[], Link | None]] = []


#: The apps whose model permissions an organizer holds: the demo organizer gets them all.
ORGANIZER_APPS: list[str] = ["tournaments"]

#: Each takes the event and a round's number and returns the ids of the registrations kept
#: out of that round of a Swiss by another app (a player marked absent at the hall's
#: check-in): the Dutch pairing leaves them out and the draft gives each a zero-point bye
#: board, which names him (docs/rules/tournaments.md §1.4: a requested bye of zero points).
ROUND_ABSENTEES: list[Callable[["Event", int], Iterable[int]]] = []

#: Name -> a function making a read-only DRF field whose `source` is the event itself
#: ("*"): the API lists it with each event after the event's own fields.
EVENT_FIELDS: dict[str, Callable[[], Any]] = {}

#: (slug, loader) of demo events another app builds; each loader is called as
#: tournaments.demo's own: loader(organizer, players, rng, records) -> Event.
DEMO_EVENTS: list[tuple[str, Callable[..., "Event"]]] = []


#: Called with the round in `round_publish`'s transaction once its pairings are official; an
#: app that tells the players (their mail) queues its work after the commit.
ROUND_PUBLISHED: list[Callable[["Round"], None]] = []

#: Called with the round in `round_complete`'s transaction once all its results are in; a room
#: that keeps something built from the round's results (the printed documents) queues its
#: work after the commit.
ROUND_COMPLETED: list[Callable[["Round"], None]] = []

#: Admin actions (`(model_admin, request, queryset)`, with their `short_description`) another
#: app adds to the list of players (tournaments.admin.players.PlayerAdmin).
PLAYER_ADMIN_ACTIONS: list[Callable[..., Any]] = []

#: Admin actions another room adds to the list of events (tournaments.admin.events.EventAdmin),
#: in the order they are offered.
EVENT_ADMIN_ACTIONS: list[Callable[..., Any]] = []


@dataclass(frozen=True)
class MenuEntry:
    """An entry of an event's menu: its text, its address and the section whose pages mark
    it current."""

    label: str | Promise
    url: str
    section: str


def is_team_competition(event: "Event") -> bool:
    """Whether a room says ``event`` is a team competition (`TEAM_COMPETITIONS`)."""
    return any(answer(event) for answer in TEAM_COMPETITIONS)


def page_instead(event: "Event", page: str) -> str:
    """The address shown in place of the event's individual page ``page``, or ""."""
    return answer(PAGE_INSTEAD, event, page) or ""


#: Each is called with the event and the user when its round 1 is opened, before the pairing
#: numbers are fixed by rating: a room that keeps ratings writes each registration's rating at
#: start there (the rating lists, under the event's policy).
EVENT_STARTING: list[Callable[["Event", Any], None]] = []

#: Each sets, without saving, the rating at start of a late entry (a registration made once
#: round 1 is open) as the event's were set, so that the field stays comparable.
LATE_ENTRY_RATING: list[Callable[["Event", "Registration"], None]] = []

#: Each takes a player's id and returns his ratings in the lists a room keeps, one series per
#: source (what the player directory shows of them), or None.
PLAYER_RATINGS: list[Callable[[int], tuple[Any, ...] | None]] = []

#: Each takes an event and one of its players' numbers and returns his rating history for the
#: event's player page (a chart of his lists), or None.
RATING_HISTORY: list[Callable[["Event", int], Any]] = []


def answer(hooks: list[Callable[..., Any]], *args: Any) -> Any:
    """The first answer of ``hooks`` to ``args`` that is not None (None when none answers)."""
    return next((found for hook in hooks if (found := hook(*args)) is not None), None)


def game_page(slug: str, game_id: int) -> str:
    """The address of game `game_id`'s public page in event `slug`, or "" when no app
    shows games."""
    return GAME_PAGE[0](slug, game_id) if GAME_PAGE else ""


def add(hooks: list[Any], hook: Any) -> None:
    """Append `hook` unless it is there already (`ready` may run more than once)."""
    if hook not in hooks:
        hooks.append(hook)
