"""Write permissions of the API, the admin's rules (tournaments.access.may_manage) applied per
event: a superuser, or an active staff user who organizes the event and holds the Django
model permission the admin would ask for. Records and disputes follow games.permissions (the
games services enforce them; a refusal is a 403)."""

from rest_framework.permissions import BasePermission

from tournaments.access import may_manage

__all__ = ["ReadOnlyOrAuthenticated", "may_manage"]


class ReadOnlyOrAuthenticated(BasePermission):
    """Reads are public; writes need a logged-in user (object rules are checked per event by
    the view through `may_manage` or the games permissions)."""

    def has_permission(self, request, view) -> bool:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return bool(request.user and request.user.is_authenticated)
