"""How an import matches the archive's players with those already here: by FMJD id, then by
national id within the same federation, never by name. A player whose name only is the same
is created, and the preview names the namesakes; a matched player keeps what this instance
holds, and the preview names the fields that differ.
"""

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.archive.write import PLAYER_FIELDS
from tournaments.models import Player


@dataclass(frozen=True)
class PlayerMatch:
    """What becomes of one player of the archive."""

    name: str
    existing: Player | None
    matched_by: str
    same_name: tuple[str, ...] = ()
    differences: tuple[str, ...] = ()


@dataclass
class PlayerLookup:
    """The players here that the archive's players may be: read in one query per kind of
    key for the whole file, not one per player."""

    by_fmjd: dict[str, Player]
    by_national: dict[tuple[str, str], list[Player]]
    by_name: dict[tuple[str, str], list[Player]]

    @classmethod
    def of(cls, rows: list[dict[str, Any]]) -> "PlayerLookup":
        def texts(name: str) -> list[str]:
            return sorted({row[name] for row in rows if isinstance(row.get(name), str)} - {""})

        lookup = cls({}, {}, {})
        for start in range(0, len(fmjd := texts("fmjd_id")), 500):
            for player in Player.objects.filter(fmjd_id__in=fmjd[start : start + 500]):
                lookup.by_fmjd[player.fmjd_id] = player
        for start in range(0, len(national := texts("national_id")), 500):
            found = Player.objects.filter(national_id__in=national[start : start + 500])
            for player in found.order_by("pk"):
                key = (player.national_id, player.federation)
                lookup.by_national.setdefault(key, []).append(player)
        # Names are compared in lower case (as the database's case-insensitive match on
        # PostgreSQL): every player's name is read once, the namesakes found then.
        wanted = {
            (str(row.get("last_name")).lower(), str(row.get("first_name")).lower()) for row in rows
        }
        namesakes = [
            pk
            for pk, last, first in Player.objects.values_list("pk", "last_name", "first_name")
            if (last.lower(), first.lower()) in wanted
        ]
        for start in range(0, len(namesakes), 500):
            for player in Player.objects.filter(pk__in=namesakes[start : start + 500]):
                key = (player.last_name.lower(), player.first_name.lower())
                lookup.by_name.setdefault(key, []).append(player)
        return lookup

    def match(self, player: Player) -> PlayerMatch:
        """The player here that ``player`` is: by FMJD id, then by national id within the
        same federation (one only, without another FMJD id); never by name."""
        name = str(player)
        existing, key = None, ""
        if player.fmjd_id:
            existing = self.by_fmjd.get(player.fmjd_id)
            key = _("FMJD id") if existing else ""
        if existing is None and player.national_id:
            same = [
                p
                for p in self.by_national.get((player.national_id, player.federation), [])
                if p.fmjd_id in ("", player.fmjd_id)
            ]
            if len(same) == 1:
                existing, key = same[0], _("national id")
        if existing is None:
            namesakes = self.by_name.get((player.last_name.lower(), player.first_name.lower()), [])
            return PlayerMatch(
                name=name,
                existing=None,
                matched_by="",
                same_name=tuple(
                    f"{p} ({p.federation or '—'}, {p.fmjd_id or '—'})"
                    for p in sorted(namesakes, key=lambda p: (p.last_name, p.first_name, p.pk))[:5]
                ),
            )
        differences = tuple(
            f"{name_}: {getattr(existing, name_)!s} / {getattr(player, name_)!s}"
            for name_ in PLAYER_FIELDS
            if getattr(existing, name_) != getattr(player, name_)
        )
        return PlayerMatch(name=name, existing=existing, matched_by=key, differences=differences)
