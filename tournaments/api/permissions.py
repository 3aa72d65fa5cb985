"""Write permissions of the API, the admin's rules (tournaments.admin.scoping) applied per
event: a superuser, or an active staff user who organizes the event and holds the Django
model permission the admin would ask for. Records and disputes follow games.permissions (the
games services enforce them; a refusal is a 403)."""

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from rest_framework.permissions import BasePermission

from tournaments.models import Event


def may_manage(user: AbstractBaseUser | AnonymousUser, event: Event, permission: str) -> bool:
    """Whether `user` may make an admin change needing `permission` ("app.codename") in
    `event`."""
    if not (user.is_authenticated and user.is_active):
        return False
    if user.is_superuser:
        return True
    return (
        user.is_staff and user.has_perm(permission) and event.organizers.filter(pk=user.pk).exists()
    )


class ReadOnlyOrAuthenticated(BasePermission):
    """Reads are public; writes need a logged-in user (object rules are checked per event by
    the view through `may_manage` or the games permissions)."""

    def has_permission(self, request, view) -> bool:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return bool(request.user and request.user.is_authenticated)
