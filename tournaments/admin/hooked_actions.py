"""The actions another app or room adds to an admin list (tournaments.hooks:
`PLAYER_ADMIN_ACTIONS`, `EVENT_ADMIN_ACTIONS`), offered after the list's own."""

from collections.abc import Callable
from typing import Any

from django.contrib import admin


def with_hooked_actions(
    model_admin: admin.ModelAdmin, actions: dict[str, Any], hooked: list[Callable[..., Any]]
) -> dict[str, Any]:
    """``actions`` (a list's own, as `ModelAdmin.get_actions` gives them) and those of
    ``hooked``, a list of tournaments.hooks that other apps fill at start-up (read at each
    request, so that an app registered after the admin class was built is seen)."""
    for action in hooked:
        found = model_admin.get_action(action)
        if found is not None:
            actions[found[1]] = found
    return actions
