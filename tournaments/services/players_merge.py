"""Merging a player entered twice into the other one (tournaments.selectors.duplicates
proposes the pairs). Every row pointing at the removed player moves to the kept one, so each
event keeps its registrations, results and standings; the kept player's empty fields take
the removed one's values; each write is recorded in the rows' history with the acting user.
"""

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Model, UniqueConstraint
from django.utils.translation import gettext as _

from tournaments.access import may_merge_players, player_access, player_refusal
from tournaments.models import Player, Registration
from tournaments.selectors.duplicates import (
    field_label,
    identifier_key,
    player_events,
    player_relations,
)
from tournaments.services.errors import PlayerMergeError
from tournaments.services.history import recorded_by

#: Fields never copied from the removed player: derived or identity.
_NOT_FILLED = frozenset({"id", "search_name"})


def merged_fields(keep: Player, remove: Player) -> dict[str, object]:
    """The fields of `keep` a merge fills from `remove`: those empty in `keep` (a blank
    text, no date or account, rating 0: unrated) that `remove` has."""
    filled: dict[str, object] = {}
    for field in Player._meta.concrete_fields:
        if field.name in _NOT_FILLED:
            continue
        mine = getattr(keep, field.attname)
        theirs = getattr(remove, field.attname)
        if mine in ("", None, 0) and theirs not in ("", None, 0):
            filled[field.attname] = theirs
    return filled


def merge_refusal(keep: Player, remove: Player) -> str | None:
    """Why `remove` cannot be merged into `keep` (None when it can): they are one player,
    their FMJD ids or login accounts differ, or both have a row that may exist once per
    player (a registration in one event, a rating on one list)."""
    if keep.pk == remove.pk:
        return _("A player cannot be merged with themselves.")
    fmjd = {identifier_key(keep.fmjd_id), identifier_key(remove.fmjd_id)} - {""}
    if len(fmjd) > 1:
        return _(
            "%(keep)s and %(remove)s have different FMJD ids (%(a)s, %(b)s): they are two players."
        ) % {"keep": keep, "remove": remove, "a": keep.fmjd_id, "b": remove.fmjd_id}
    if keep.user_id and remove.user_id and keep.user_id != remove.user_id:
        return _(
            "%(keep)s and %(remove)s have different login accounts: a merged player keeps "
            "one; remove the other account from its player first."
        ) % {"keep": keep, "remove": remove}
    shared = player_events(keep).filter(pk__in=player_events(remove).values("pk"))
    if shared.exists():
        return _(
            "%(keep)s and %(remove)s are both registered in %(events)s: withdraw or delete "
            "one of the two registrations first."
        ) % {
            "keep": keep,
            "remove": remove,
            "events": ", ".join(event.name for event in shared),
        }
    for model, field in player_relations():
        if model is Registration:
            continue  # said above, naming the events
        for others in _unique_with(model, field):
            mine = set(model._base_manager.filter(**{field: keep}).values_list(*others))
            theirs = set(model._base_manager.filter(**{field: remove}).values_list(*others))
            if mine & theirs:
                return _(
                    "%(keep)s and %(remove)s both have a row of %(model)s with the same "
                    "%(fields)s, which a player may have once: they cannot be merged."
                ) % {
                    "keep": keep,
                    "remove": remove,
                    "model": model._meta.verbose_name_plural,
                    "fields": ", ".join(field_label(model, name) for name in others),
                }
    return None


def _unique_with(model: type[Model], field: str) -> list[tuple[str, ...]]:
    """The other fields of each unconditional unique set of `model` holding `field`."""
    sets = [tuple(fields) for fields in model._meta.unique_together]
    sets += [
        tuple(constraint.fields)
        for constraint in model._meta.constraints
        if isinstance(constraint, UniqueConstraint) and constraint.condition is None
    ]
    return [tuple(name for name in fields if name != field) for fields in sets if field in fields]


def players_merge(*, keep: Player, remove: Player, user: AbstractBaseUser) -> Player:
    """Merge `remove` into `keep` in one transaction: every row pointing at `remove` (found
    through Player's related objects) points at `keep`, `keep`'s empty fields take
    `remove`'s values, `remove` is deleted; each write is in the history as `user`'s.
    Raises PlayerMergeError, writing nothing, when `user` may not change both players or
    `merge_refusal` names a reason."""
    with transaction.atomic():
        locked = Player.objects.select_for_update().in_bulk([keep.pk, remove.pk])
        if len(locked) < 2 and keep.pk != remove.pk:
            raise PlayerMergeError(_("One of the two players no longer exists."))
        keep, remove = locked[keep.pk], locked[remove.pk]
        for player in (keep, remove):
            rights = player_access(user, player)
            if not rights.change:
                raise PlayerMergeError(player_refusal(player, rights))
        if not may_merge_players(user, keep, remove):
            raise PlayerMergeError(
                _("Merging players needs the permissions to change and to delete players.")
            )
        refusal = merge_refusal(keep, remove)
        if refusal is not None:
            raise PlayerMergeError(refusal)
        for model, field in player_relations():
            for row in model._base_manager.filter(**{field: remove}):
                setattr(row, field, keep)
                recorded_by(row, user).save(update_fields=[field])
        filled = merged_fields(keep, remove)
        recorded_by(remove, user).delete()
        for name, value in filled.items():
            setattr(keep, name, value)
        try:
            keep.full_clean()
        except ValidationError as exc:
            raise PlayerMergeError("; ".join(exc.messages)) from exc
        recorded_by(keep, user).save()
    return keep
