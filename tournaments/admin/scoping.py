"""Object permissions of the admin: an organizer manages only the events they organize
(tournaments.access, the one source of object permissions).

Every row under an event (registration, round, pairing, game...) is reached through a lookup
path to its event (`event_path`); querysets, object permissions and foreign-key choices are
narrowed through it. Superusers see everything.
"""

from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.db.models import Model, QuerySet
from django.http import HttpRequest

from tournaments import access
from tournaments.admin.pages import object_or_404
from tournaments.admin.privacy import PrivateLookupsMixin
from tournaments.models import Event, Pairing, Registration, Round, Team


def is_unrestricted(request: HttpRequest) -> bool:
    return access.is_unrestricted(request.user)


#: Lookup path from each scoped model to its event, for foreign-key choices.
_EVENT_PATHS: dict[type[Model], str] = {
    Event: "",
    Registration: "event",
    Round: "event",
    Pairing: "round__event",
    Team: "event",
}


def scope(request: HttpRequest, queryset: QuerySet, event_path: str) -> QuerySet:
    """`queryset` narrowed to the rows whose event (reached through `event_path`, "" for
    events themselves) the request's user organizes."""
    return access.scope(request.user, queryset, event_path)


def organized_events(request: HttpRequest) -> QuerySet[Event]:
    """The events the request's user may manage."""
    return access.organized_events(request.user)


class EventScopedMixin:
    """ModelAdmin / InlineModelAdmin mixin: rows and foreign-key choices limited to the
    organizer's events. Subclasses set `event_path`."""

    event_path: str = "event"

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return scope(request, super().get_queryset(request), self.event_path)

    def formfield_for_foreignkey(self, db_field, request: HttpRequest, **kwargs):
        path = _EVENT_PATHS.get(db_field.related_model)
        if path is not None and "queryset" not in kwargs:
            kwargs["queryset"] = scope(request, db_field.related_model._default_manager.all(), path)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class ScopedAdmin(EventScopedMixin, PrivateLookupsMixin, admin.ModelAdmin):
    """A ModelAdmin whose rows belong to the organizer's events: an object outside them is
    neither viewable, changeable nor deletable (the admin answers 404 or 403); no lookup on
    private fields (tournaments.admin.privacy)."""

    def change_view(self, request: HttpRequest, object_id: str, form_url="", extra_context=None):
        """404 for an object outside the user's events (Django's own answer is a redirect to
        the index saying the object may have been deleted)."""
        object_or_404(self, request, object_id, change=False)
        return super().change_view(request, object_id, form_url, extra_context)

    def delete_view(self, request: HttpRequest, object_id: str, extra_context=None):
        object_or_404(self, request, object_id, change=False)
        return super().delete_view(request, object_id, extra_context)

    def history_view(self, request: HttpRequest, object_id: str, extra_context=None):
        """404 for an existing object outside the user's events. A deleted object's history
        (a deleted draft round...) stays readable by superusers only: its event can no longer
        be reached through the deleted row."""
        if self.model._default_manager.filter(pk=unquote(object_id)).exists():
            object_or_404(self, request, object_id, change=False)
        return super().history_view(request, object_id, extra_context)

    def in_scope(self, request: HttpRequest, obj: Model | None) -> bool:
        """Whether `obj` belongs to one of the user's events (memoised for the request: the
        admin asks for each permission several times per page)."""
        if obj is None or obj.pk is None or is_unrestricted(request):
            return True
        answers = request.__dict__.setdefault("_event_scope", {})
        key = (self.model, obj.pk)
        if key not in answers:
            rows = self.model._default_manager.filter(pk=obj.pk)
            answers[key] = scope(request, rows, self.event_path).exists()
        return answers[key]

    def has_view_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return super().has_view_permission(request, obj) and self.in_scope(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return super().has_change_permission(request, obj) and self.in_scope(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return super().has_delete_permission(request, obj) and self.in_scope(request, obj)
