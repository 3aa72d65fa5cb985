"""Celery tasks of the player accounts: thin, take ids, call one function of accounts.mails
(in-process without a broker, like the project's other tasks)."""

from celery import shared_task
from django.db import OperationalError

from accounts.mails import dispute_mail, invitation_mail, round_mails


@shared_task(acks_late=True, autoretry_for=(OperationalError,), max_retries=3, retry_backoff=True)
def invite_task(player_id: int, link: str, language: str) -> int:
    """Mail player `player_id` his invitation `link` in `language`; the mails sent."""
    return invitation_mail(player_id=player_id, link=link, language=language)


@shared_task(acks_late=True, autoretry_for=(OperationalError,), max_retries=3, retry_backoff=True)
def round_mail_task(round_id: int) -> int:
    """Tell the players of the published round `round_id` their boards; the mails sent."""
    return round_mails(round_id=round_id)


@shared_task(acks_late=True, autoretry_for=(OperationalError,), max_retries=3, retry_backoff=True)
def dispute_mail_task(report_id: int) -> int:
    """Tell the organizers of report `report_id`'s event that it is disputed; the mails sent."""
    return dispute_mail(report_id=report_id)
