"""The actions another app or room adds to an admin list (tournaments.hooks:
`PLAYER_ADMIN_ACTIONS`, `EVENT_ADMIN_ACTIONS`), offered after the list's own."""

from collections.abc import Callable
from typing import Any, ClassVar

from django.contrib import admin
from django.http import HttpRequest


class HookedActionsMixin(admin.ModelAdmin):
    """A model admin whose list also offers the actions of `hooked_actions`, a list of
    tournaments.hooks that other apps fill at start-up (read at each request, so that an app
    registered after the admin class was built is seen)."""

    hooked_actions: ClassVar[list[Callable[..., Any]]] = []

    def get_actions(self, request: HttpRequest):
        actions = super().get_actions(request)
        for action in self.hooked_actions:
            found = self.get_action(action)
            if found is not None:
                actions[found[1]] = found
        return actions
