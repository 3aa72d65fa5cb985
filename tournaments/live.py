"""Keeps the cached event states (selectors_public.event_state) honest: every history row
written (simple_history's post_create_historical_record, sent for each tracked save and
delete) forgets them at once, so the next follower's conditional request reads the new
fingerprint instead of waiting for the cache to expire. A state read by another request
between the write and its commit is kept at most selectors_public.STATE_SECONDS."""

from django.dispatch import receiver
from simple_history.signals import post_create_historical_record

from tournaments.selectors_public import forget_states


@receiver(post_create_historical_record, dispatch_uid="damier-forget-event-states")
def _history_written(sender, **kwargs) -> None:
    forget_states()
