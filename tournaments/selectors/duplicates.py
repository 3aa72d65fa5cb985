"""Players entered twice (an import, a registration, a rating list): the pairs proposed for
merging, and what a merge of two players would move (tournaments.services.players_merge).

A pair is proposed on an identifier or on a name with a birth year, never on a name alone
(two people may share one): the same FMJD id, the same national id (within one federation),
or the same name, case and accents aside (tournaments.names.fold), with a birth date in the
same year. A pair whose FMJD ids differ is two people and is never proposed.
"""

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Field, ForeignObjectRel, ManyToManyRel, Model, QuerySet
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, Player
from tournaments.names import fold

#: Why a pair is proposed.
SAME_FMJD_ID = "fmjd_id"
SAME_NATIONAL_ID = "national_id"
SAME_NAME_AND_BIRTH_YEAR = "name_birth_year"
REASONS = {
    SAME_FMJD_ID: _("same FMJD id"),
    SAME_NATIONAL_ID: _("same national id"),
    SAME_NAME_AND_BIRTH_YEAR: _("same name and birth year"),
}


@dataclass(frozen=True, slots=True)
class DuplicatePair:
    """Two players proposed for merging: `keep` is the one entered first (the other's rows
    move to it), `reasons` the keys of REASONS that matched."""

    keep: Player
    remove: Player
    reasons: tuple[str, ...]

    @property
    def reason_labels(self) -> list[str]:
        return [str(REASONS[reason]) for reason in self.reasons]


def identifier_key(value: str) -> str:
    """An FMJD or national id as compared: spaces and leading zeros aside, upper case, so
    "012345" typed by hand and "12345" from a list are one number."""
    return "".join(value.split()).upper().lstrip("0")


def name_key(player: Player) -> str:
    return " ".join(fold(f"{player.last_name} {player.first_name}").split())


def duplicate_pairs(players: QuerySet[Player]) -> list[DuplicatePair]:
    """The pairs of `players` proposed for merging, by their first player's name."""
    rows = list(players.order_by("pk"))
    groups: dict[tuple[str, str], list[Player]] = defaultdict(list)
    for player in rows:
        if identifier_key(player.fmjd_id):
            groups[(SAME_FMJD_ID, identifier_key(player.fmjd_id))].append(player)
        if identifier_key(player.national_id):
            groups[(SAME_NATIONAL_ID, identifier_key(player.national_id))].append(player)
        if player.birth_date is not None:
            key = f"{name_key(player)}|{player.birth_date.year}"
            groups[(SAME_NAME_AND_BIRTH_YEAR, key)].append(player)
    found: dict[tuple[int, int], set[str]] = defaultdict(set)
    by_pk = {player.pk: player for player in rows}
    for (reason, _key), members in groups.items():
        for index, first in enumerate(members):
            for second in members[index + 1 :]:
                if _may_be_one(reason, first, second):
                    found[(first.pk, second.pk)].add(reason)
    pairs = [
        DuplicatePair(
            keep=by_pk[keep],
            remove=by_pk[remove],
            reasons=tuple(reason for reason in REASONS if reason in reasons),
        )
        for (keep, remove), reasons in found.items()
    ]
    return sorted(pairs, key=lambda pair: (name_key(pair.keep), pair.keep.pk, pair.remove.pk))


def _may_be_one(reason: str, first: Player, second: Player) -> bool:
    """Whether two players matched on `reason` may be one person: their FMJD ids do not
    differ, and a national id matches only within one federation (or an unknown one)."""
    fmjd = {identifier_key(first.fmjd_id), identifier_key(second.fmjd_id)} - {""}
    if len(fmjd) > 1:
        return False
    if reason == SAME_NATIONAL_ID:
        federations = {first.federation, second.federation} - {""}
        return len(federations) <= 1
    return True


def player_relations() -> list[tuple[type[Model], str]]:
    """Every (model, field) whose rows point at a player, from Player's related objects (so
    a relation added later moves too), hidden ones (related_name="+") included; the
    historical tables are not among them: a past version stays as it was written."""
    relations = []
    for field in Player._meta.get_fields(include_hidden=True):
        # A many-to-many relation moves through its own table's rows, listed as theirs.
        if not isinstance(field, ForeignObjectRel) or isinstance(field, ManyToManyRel):
            continue
        model = field.field.model
        if hasattr(model, "instance_type"):  # a django-simple-history table
            continue
        relations.append((model, field.field.name))
    return relations


def field_label(model: type[Model], name: str) -> str:
    """The verbose name of `model`'s field `name`, as a person reads it."""
    field = model._meta.get_field(name)
    return str(field.verbose_name) if isinstance(field, Field) else name


@dataclass(frozen=True, slots=True)
class Move:
    """The rows of one relation that a merge moves to the kept player."""

    label: str
    count: int


def merge_moves(remove: Player) -> list[Move]:
    """What merging `remove` into another player moves: per relation holding rows, how many."""
    moves = []
    for model, field in player_relations():
        count = model._base_manager.filter(**{field: remove}).count()
        if count:
            label = str(model._meta.verbose_name_plural)
            if field != "player":  # say which part: "teams (captain)"
                label = f"{label} ({field_label(model, field)})"
            moves.append(Move(label=label, count=count))
    return moves


def player_events(player: Player) -> QuerySet[Event]:
    """The events `player` is registered in, by name."""
    return Event.objects.filter(registrations__player=player).distinct().order_by("name", "pk")
