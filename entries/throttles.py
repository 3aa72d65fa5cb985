"""Anonymous entries are limited per address (ENTRY_THROTTLE_RATE), on the API and on the
public page alike: a visitor may enter a few people, not fill an event with invented ones."""

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle


class EntryThrottle(AnonRateThrottle):
    """Counts anonymous POSTs only (reading the list, or a logged-in user, is not counted)."""

    scope = "entries"

    def get_rate(self) -> str:
        return settings.ENTRY_THROTTLE_RATE

    def allow_request(self, request, view) -> bool:
        if request.method != "POST":
            return True
        return super().allow_request(request, view)
