"""The "History" button (django-simple-history): who changed what, and when.

Reverting from the history is disabled: every write goes through a service, which applies
the tournament rules a raw revert would bypass. The changes are written as people read them,
in the page's language: a field's label, a choice's label, "yes"/"no", "—" for nothing
(:class:`ReadableChanges`), in the list of templates/simple_history/object_history_list.html.
"""

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from simple_history.admin import SimpleHistoryAdmin
from simple_history.template_utils import HistoricalRecordContextHelper

from tournaments.admin.privacy import PrivateLookupsMixin


class ReadableChanges(HistoricalRecordContextHelper):
    """A change's old and new values as the admin's forms show them, not as Python writes
    them ("None", "False → True", a choice's code)."""

    def prepare_delta_change_value(self, change, value) -> Any:
        value = super().prepare_delta_change_value(change, value)
        field = self.model._meta.get_field(change.field)
        if value is None or value == "":
            return "—"
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        choices = dict(field.flatchoices) if getattr(field, "choices", None) else {}
        return str(choices.get(value, value))


class AuditedAdmin(PrivateLookupsMixin, SimpleHistoryAdmin):
    """SimpleHistoryAdmin with the history read-only (past versions shown, never restored),
    and no lookup on private fields (tournaments.admin.privacy)."""

    def revert_disabled(self, request: HttpRequest, obj=None) -> bool:
        return True

    def history_view_title(self, request: HttpRequest, obj) -> str:
        return _("History of %(object)s") % {"object": obj}

    def get_historical_record_context_helper(self, request: HttpRequest, historical_record):
        return ReadableChanges(self.model, historical_record)

    def history_form_view(
        self, request: HttpRequest, object_id: str, version_id: str, extra_context=None
    ) -> HttpResponse:
        if request.method == "POST":
            raise PermissionDenied
        return super().history_form_view(request, object_id, version_id, extra_context)
