"""Who may act on what: every object permission of the admin, the API and the dispute desk is
derived here from the events a user organizes (Event.organizers) or arbitrates
(Event.arbiters). Superusers act as organizers and arbiters of every event; inactive and
anonymous users of none.

- An event's organizers manage it (the admin, the API's writes), each change also needing
  the Django model permission the admin asks for (`may_manage`).
- Its organizers and arbiters officiate (records, the desk, ballot draws: `may_officiate`),
  and preview it while it is a draft; everybody else reads published events only
  (`visible_events`).
- A player belongs to the events they are registered in, and is changed only by whoever
  manages all of them (`player_access`); a player registered nowhere belongs to no event:
  any user with the model permission changes them, as when the player was just created.
  Whoever changes a player links his login account (Player.user) to an account that is no
  official's and no other player's (`linkable_accounts`).
- A team's captain (Team.captain, through the player's login account Player.user) reads his
  team's lineups and sets them until the match is paired (`may_captain`); so do the event's
  organizers. Nobody else reads a lineup before its round is public.
- Custom ballot decks and their cards are changed by their owner, the organizers of the
  event they were made for, and superusers; the published decks by nobody
  (`changeable_decks`). Every deck is read by every staff user.
- A player's private fields (contact details, birth date, login account: `PRIVATE_FIELDS`)
  are the federation's (superusers), shown to whoever entered the player, and to the
  organizers of an event for which the player's contact details were given
  (Registration.contact_given). Registering someone else's player into one's own event
  opens nothing. Lookups that reach a private field (the admin's filters, searches,
  ordering) are for superusers only (`private_lookup`): a list spans players whose
  details its reader may not see.
- Two players are merged (a duplicate) only by whoever may change both
  (`may_merge_players`); the proposed duplicates a user sees are among the players they
  may change (`changeable_players`).
- A player's national id is not private: it is their number at their national federation
  (a licence or membership number), which the federation prints on the rating list it
  publishes, like the FMJD id; rating lists, player files and event archives match players
  by it, and staff search players by it. So every staff user reads, filters and searches
  it, and archives carry it. The field says it is never a state identity number; the
  public pages and the public API do not show it (they show the FMJD id).
"""

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, PermissionsMixin
from django.core.exceptions import FieldDoesNotExist
from django.db.models import Model, Q, QuerySet
from django.http import Http404
from django.utils.translation import gettext as _

from tournaments.models import BallotDeck, Event, Player, Registration, Team

User = AbstractBaseUser | AnonymousUser


def is_active(user: User | None) -> bool:
    return user is not None and user.is_authenticated and user.is_active


def is_unrestricted(user: User | None) -> bool:
    """A superuser: every event is theirs."""
    return is_active(user) and user.is_superuser


def organized_events(user: User | None) -> QuerySet[Event]:
    """The events `user` organizes (all of them for a superuser)."""
    if is_unrestricted(user):
        return Event.objects.all()
    if not is_active(user):
        return Event.objects.none()
    return Event.objects.filter(organizers=user)


def officiated_events(user: User | None) -> QuerySet[Event]:
    """The events `user` organizes or arbitrates (all of them for a superuser)."""
    if is_unrestricted(user):
        return Event.objects.all()
    if not is_active(user):
        return Event.objects.none()
    return Event.objects.filter(Q(organizers=user) | Q(arbiters=user)).distinct()


def visible_events(user: User | None) -> QuerySet[Event]:
    """The events whose public pages and API `user` may read: the published ones, and the
    drafts they organize or arbitrate (a preview before publishing)."""
    if is_unrestricted(user):
        return Event.objects.all()
    published = Event.objects.filter(published=True)
    if not is_active(user):
        return published
    return Event.objects.filter(Q(published=True) | Q(pk__in=officiated_events(user).values("pk")))


def visible_event(user: User | None, slug: str) -> Event:
    """The event `slug` if `user` may read it; Http404 otherwise, so that a draft's address
    tells nobody else that it exists."""
    event = visible_events(user).filter(slug=slug).first()
    if event is None:
        raise Http404(_("No event %(slug)s.") % {"slug": slug})
    return event


def scope(user: User | None, queryset: QuerySet, event_path: str) -> QuerySet:
    """`queryset` narrowed to the rows whose event (reached through `event_path`, "" for
    events themselves) `user` organizes."""
    if is_unrestricted(user):
        return queryset
    if not is_active(user):
        return queryset.none()
    prefix = f"{event_path}__" if event_path else ""
    return queryset.filter(**{f"{prefix}pk__in": organized_events(user).values("pk")})


def organizes(user: User | None, event: Event) -> bool:
    return organized_events(user).filter(pk=event.pk).exists()


def may_officiate(user: User | None, event: Event) -> bool:
    """Whether `user` organizes or arbitrates `event`: enters its records, sees its desk,
    draws and voids its ballot cards."""
    return officiated_events(user).filter(pk=event.pk).exists()


def may_arbitrate(user: User | None, event: Event) -> bool:
    """Only an arbiter of the event (or a superuser) rules on its disputes."""
    if not is_active(user):
        return False
    return user.is_superuser or event.arbiters.filter(pk=user.pk).exists()


def may_manage(user: User | None, event: Event, permission: str) -> bool:
    """Whether `user` may make an admin change needing `permission` ("app.codename") in
    `event`: a superuser, or an active staff member who organizes it and holds the
    permission."""
    if is_unrestricted(user):
        return True
    return (
        is_active(user) and user.is_staff and user.has_perm(permission) and organizes(user, event)
    )


def captains(user: User | None, team: Team) -> bool:
    """Whether `user` is the login account of `team`'s captain."""
    if not is_active(user) or team.captain_id is None:
        return False
    return Player.objects.filter(pk=team.captain_id, user=user).exists()


def captained_teams(user: User | None) -> QuerySet[Team]:
    """The teams whose captain's login account is `user` (none for a superuser as such)."""
    if not is_active(user):
        return Team.objects.none()
    return Team.objects.filter(Q(captain__user=user))


def may_captain(user: User | None, team: Team) -> bool:
    """Whether `user` may read `team`'s lineups for every round, drafts included, and set
    them until each match is paired: the team's captain and the event's organizers
    (docs/rules/tournaments.md §7.2: the captain hands in the lineup)."""
    return captains(user, team) or organizes(user, team.event)


@dataclass(frozen=True, slots=True)
class PlayerAccess:
    """What a user may do with one player: read the private fields (contact details, birth
    date, login account), and change the player; `foreign` names the events of the player
    the user does not manage (why a change is refused)."""

    see_private: bool
    change: bool
    foreign: tuple[str, ...]


def entered_by(player: Player) -> int | None:
    """The id of the user who created `player` (the first version of its history), None
    when the system did."""
    return (
        player.history.filter(history_type="+")
        .order_by("history_date")
        .values_list("history_user_id", flat=True)
        .first()
    )


def sees_private(user: User | None, player: Player) -> bool:
    """Whether `user` may read `player`'s private fields (the federation's view: the
    details are given to whoever takes the entry, for one event): a superuser; whoever
    entered the player (they typed or imported those details); an organizer of an event
    whose registration of the player carries the contact details (contact_given).
    Registering a player in one's own event gives nothing."""
    return player_access(user, player).see_private


def player_access(user: User | None, player: Player) -> PlayerAccess:
    """The user's rights on `player`, from the events the player is registered in (as
    `players_access` decides them for many)."""
    if player.pk is None:  # not saved: registered nowhere, entered by nobody yet
        unrestricted = is_unrestricted(user)
        return PlayerAccess(see_private=unrestricted, change=is_active(user), foreign=())
    return players_access(user, [player])[player.pk]


def players_access(user: User | None, players: Collection[Player]) -> dict[int, PlayerAccess]:
    """The user's rights on each of `players`, by their ids, in a few queries whatever their
    number (an import's preview reads thousands): a superuser may do anything; another user
    changes a player registered in no event he does not organize (`foreign` names those
    events), and sees his private fields as `sees_private` says."""
    ids = sorted({player.pk for player in players if player.pk is not None})
    if is_unrestricted(user):
        return {pk: PlayerAccess(see_private=True, change=True, foreign=()) for pk in ids}
    events: dict[int, list[tuple[str, int]]] = {pk: [] for pk in ids}
    given: set[int] = set()
    entered: dict[int, int | None] = {}
    mine: set[int] = set()
    for chunk in _chunks(ids):
        registered = Registration.objects.filter(player_id__in=chunk).values_list(
            "player_id", "event_id", "event__name"
        )
        for player_id, event_id, name in registered.distinct():
            events[player_id].append((name, event_id))
        if not is_active(user):
            continue
        given.update(
            Registration.objects.filter(
                player_id__in=chunk, contact_given=True, event__in=organized_events(user)
            ).values_list("player_id", flat=True)
        )
        created = (
            Player.history.filter(id__in=chunk, history_type="+")
            .order_by("-history_date")
            .values_list("id", "history_user_id")
        )
        entered.update(created)  # the earliest version of each player written last
    event_ids = {pk for names in events.values() for _name, pk in names}
    for chunk in _chunks(sorted(event_ids)):
        mine.update(organized_events(user).filter(pk__in=chunk).values_list("pk", flat=True))
    answers = {}
    for pk in ids:
        foreign = tuple(name for name, event in sorted(set(events[pk])) if event not in mine)
        see = is_active(user) and (entered.get(pk) == getattr(user, "pk", None) or pk in given)
        answers[pk] = PlayerAccess(
            see_private=see, change=is_active(user) and not foreign, foreign=foreign
        )
    return answers


#: Ids a query names at most (SQLite's limit of parameters is 32,766).
_CHUNK = 10_000


def _chunks(ids: list[int]) -> Iterator[list[int]]:
    for start in range(0, len(ids), _CHUNK):
        yield ids[start : start + _CHUNK]


def changeable_players(user: User | None) -> QuerySet[Player]:
    """The players `user` may change, as `player_access` decides for one: those registered
    in no event `user` does not organize (every player for a superuser)."""
    if is_unrestricted(user):
        return Player.objects.all()
    if not is_active(user):
        return Player.objects.none()
    foreign = Event.objects.exclude(pk__in=organized_events(user).values("pk"))
    return Player.objects.exclude(registrations__event__in=foreign)


def may_merge_players(user: User | None, keep: Player, remove: Player) -> bool:
    """Whether `user` may merge `remove` into `keep`: change both players (every event of
    each is theirs) and hold the permissions to change and delete players."""
    return (
        isinstance(user, PermissionsMixin)
        and is_active(user)
        and user.has_perm("tournaments.change_player")
        and user.has_perm("tournaments.delete_player")
        and player_access(user, keep).change
        and player_access(user, remove).change
    )


def linkable_accounts(player: Player | None) -> QuerySet[Any]:
    """The login accounts an organizer may link to `player` (Player.user): a player's account,
    never an official's (staff, superuser), and not linked to another player; his own link
    stays among them."""
    accounts = get_user_model().objects.filter(is_staff=False, is_superuser=False)
    own = Q(player=player) if player is not None and player.pk else Q(pk__in=[])
    return accounts.filter(Q(player__isnull=True) | own).order_by("username")


#: The private fields of a player; of a login account everything but its id and user name
#: is private too (`private_lookup`).
PRIVATE_FIELDS: tuple[str, ...] = ("user", "email", "phone", "birth_date")
ACCOUNT_PUBLIC_FIELDS: tuple[str, ...] = ("id", "username")


def private_lookup(model: type[Model], lookup: str) -> str | None:
    """The private field that `lookup` (a query lookup from `model`, as the admin takes it in
    a filter, a search or an ordering: "player__email__startswith", "-user__last_name")
    reaches, as "model.field"; None when it reaches none.

    >>> private_lookup(Registration, "player__email__startswith")
    'player.email'
    """
    opts = model._meta
    account = get_user_model()
    for part in lookup.lstrip("-").split("__"):
        try:
            field = opts.get_field(part)
        except FieldDoesNotExist:
            return None  # "pk" or a transform (startswith, year, isnull): nothing further
        name = getattr(field, "name", part)
        if (opts.model is Player and name in PRIVATE_FIELDS) or (
            opts.model is account and name not in ACCOUNT_PUBLIC_FIELDS
        ):
            return f"{opts.model_name}.{name}"
        if not field.is_relation or field.related_model is None:
            return None
        opts = field.related_model._meta
    return None


def may_look_up_private(user: User | None) -> bool:
    """Whether `user` may filter, search or sort a list on private fields: only a superuser,
    who may read them all."""
    return is_unrestricted(user)


def player_refusal(player: Player | None, rights: PlayerAccess) -> str:
    """Why a player may not be changed: the events of theirs the user does not organize."""
    return _(
        "%(player)s is registered in %(events)s, which you do not organize: only someone "
        "who organizes every event of the player may change them."
    ) % {"player": player or _("this player"), "events": ", ".join(rights.foreign)}


def private_refusal(player: Player) -> str:
    """Why a player's past versions may not be read: they hold the private fields."""
    return _(
        "The history of %(player)s holds their contact details and birth date, which you may "
        "not read: only whoever entered the player, or organizes an event they gave them to, "
        "may."
    ) % {"player": player}


def changeable_decks(user: User | None) -> QuerySet[BallotDeck]:
    """The ballot decks whose name, slug, source and cards `user` may change: the custom
    decks they own or that were made for an event they organize (all custom decks for a
    superuser). The published decks (loaded from the federations' tables) are no one's."""
    custom = BallotDeck.objects.filter(builtin=False)
    if is_unrestricted(user):
        return custom
    if not is_active(user):
        return custom.none()
    return custom.filter(Q(owner=user) | Q(event__in=organized_events(user)))


def may_change_deck(user: User | None, deck: BallotDeck) -> bool:
    return changeable_decks(user).filter(pk=deck.pk).exists()
