"""The "History" button (django-simple-history): who changed what, and when.

Reverting from the history is disabled: every write goes through a service, which applies
the tournament rules a raw revert would bypass.
"""

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from simple_history.admin import SimpleHistoryAdmin

from tournaments.admin.privacy import PrivateLookupsMixin


class AuditedAdmin(PrivateLookupsMixin, SimpleHistoryAdmin):
    """SimpleHistoryAdmin with the history read-only (past versions shown, never restored),
    and no lookup on private fields (tournaments.admin.privacy)."""

    def revert_disabled(self, request: HttpRequest, obj=None) -> bool:
        return True

    def history_form_view(
        self, request: HttpRequest, object_id: str, version_id: str, extra_context=None
    ) -> HttpResponse:
        if request.method == "POST":
            raise PermissionDenied
        return super().history_form_view(request, object_id, version_id, extra_context)
