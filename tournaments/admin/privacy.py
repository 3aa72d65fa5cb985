"""Private fields in the admin's lists: a user who may not read every private field of a list
(tournaments.access.may_look_up_private) can neither filter, search, sort nor pick rows on
one, by any parameter the admin takes (list filters and free lookups such as
``?email__startswith=a``, ``q`` and autocomplete terms, ``o``, ``_to_field``, the same
through ``_changelist_filters``). Otherwise the count of rows would answer yes or no about
a value, one character at a time.

Every model admin of the project is built on :class:`PrivateLookupsMixin` (through
``AuditedAdmin`` or ``ScopedAdmin``); the permission matrix tries every such lookup.
"""

from django.contrib.admin.views.main import ChangeList
from django.http import HttpRequest

from tournaments.access import may_look_up_private, private_lookup


def _refused(request: HttpRequest | None, model, lookup: str) -> bool:
    """Whether `lookup` reaches a private field the request's user may not look up."""
    if request is not None and may_look_up_private(request.user):
        return False
    return private_lookup(model, lookup) is not None


class PublicChangeList(ChangeList):
    """A change list whose column sorting (``?o=``) skips a column ordered by a private field
    for a user who may not look it up."""

    def get_ordering(self, request: HttpRequest, queryset):
        self._request = request
        return super().get_ordering(request, queryset)

    def get_ordering_field(self, field_name):
        field = super().get_ordering_field(field_name)
        if isinstance(field, str) and _refused(getattr(self, "_request", None), self.model, field):
            return None
        return field


class PrivateLookupsMixin:
    """ModelAdmin mixin: the list's lookups, searches, sorting and to-field popups leave the
    private fields out for users who may not look them up (a refused lookup is the admin's
    own 400 answer, "Filtering by ... not allowed")."""

    def lookup_allowed(self, lookup: str, value: str, request: HttpRequest | None = None) -> bool:
        if _refused(request, self.model, lookup):
            return False
        return super().lookup_allowed(lookup, value, request)

    def to_field_allowed(self, request: HttpRequest, to_field: str) -> bool:
        if _refused(request, self.model, to_field):
            return False
        return super().to_field_allowed(request, to_field)

    def get_search_fields(self, request: HttpRequest):
        fields = super().get_search_fields(request)
        return tuple(f for f in fields if not _refused(request, self.model, f.lstrip("^=@")))

    def get_sortable_by(self, request: HttpRequest):
        """The column headers offer no sorting the change list would skip."""
        sortable = super().get_sortable_by(request)
        return [name for name in sortable if not _refused(request, self.model, name)]

    def get_changelist(self, request: HttpRequest, **kwargs):
        return PublicChangeList
