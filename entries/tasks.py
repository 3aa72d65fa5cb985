"""Celery tasks of the entries: thin, take ids, call one service."""

from celery import shared_task

from entries.notify import entry_notify


@shared_task(ignore_result=True)
def entry_notify_task(entry_id: int) -> int:
    """Tell the organizers of entry `entry_id`'s event that it arrived (entries.notify)."""
    return entry_notify(entry_id=entry_id)
