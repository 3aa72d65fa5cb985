"""What several models choose from: the variants, the labels of a pure enum's members."""

from collections.abc import Mapping
from enum import StrEnum
from typing import TypeVar

from django.utils.functional import Promise

from tournaments.variant_names import VARIANT_NAMES


def variant_choices() -> list[tuple[str, str]]:
    """The arbiter's registered variants with their translated names, read when the choices
    are needed (not at import).

    Without the registry there is no choice at all (system check tournaments.E001 says why).
    """
    try:
        from arbiter.variants import VARIANTS
    except ImportError:
        return []
    return [(name, VARIANT_NAMES.get(name, name)) for name in VARIANTS]


#: The variant that plays the Brazilian subset of a table marking one
#: (docs/rules/tournaments.md §6.3).
BRAZILIAN = "brazilian"


_Member = TypeVar("_Member", bound=StrEnum)


def labelled_choices(labels: Mapping[_Member, Promise]) -> list[tuple[str, Promise]]:
    """Field choices from the translated labels of a pure enum's members.

    The values are the members' plain strings, so a migration that writes the choices never
    imports the enum.
    """
    return [(member.value, label) for member, label in labels.items()]
