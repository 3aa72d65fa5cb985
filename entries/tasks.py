"""Celery tasks of the entries: thin, take ids, call one function of entries.notify."""

from celery import shared_task

from entries.notify import entry_notify, entry_receipt, entry_withdrawn_notify


@shared_task(ignore_result=True)
def entry_notify_task(entry_id: int) -> int:
    """Tell the organizers of entry `entry_id`'s event that it arrived (entries.notify)."""
    return entry_notify(entry_id=entry_id)


@shared_task(ignore_result=True)
def entry_receipt_task(entry_id: int, language: str) -> int:
    """Mail the person of entry `entry_id` his receipt and withdrawal link, in `language`."""
    return entry_receipt(entry_id=entry_id, language=language)


@shared_task(ignore_result=True)
def entry_withdrawn_notify_task(entry_id: int) -> int:
    """Tell the organizers of entry `entry_id`'s event that its entrant withdrew it."""
    return entry_withdrawn_notify(entry_id=entry_id)
