"""What the player accounts add at start-up (AccountsConfig.ready calls `register`): a
published round's mails (tournaments.hooks.ROUND_PUBLISHED), the invitation action of the
admin list of players (tournaments.hooks.PLAYER_ADMIN_ACTIONS) and the organizers' mail of a
disputed report (games.services.reports.REPORT_DISPUTED), the demo's player account
(games.demo.DEMO_STEPS). Each queues its task after the
commit; tournaments and games never import accounts."""

from django.db import transaction

from accounts.admin import send_invitations
from accounts.demo import player_demo
from games import demo
from games.models import ResultReport
from games.services import reports
from tournaments import hooks
from tournaments.models import Round
from tournaments.task_names import task_queue


def round_published(round: Round) -> None:
    round_id = round.pk
    transaction.on_commit(lambda: task_queue("accounts.tasks.round_mail_task", round_id))


def report_disputed(report: ResultReport) -> None:
    task_queue("accounts.tasks.dispute_mail_task", report.pk)


def demo_step(password: str) -> list[str]:
    return player_demo(password=password)


def register() -> None:
    hooks.add(hooks.ROUND_PUBLISHED, round_published)
    hooks.add(hooks.PLAYER_ADMIN_ACTIONS, send_invitations)
    hooks.add(reports.REPORT_DISPUTED, report_disputed)
    hooks.add(demo.DEMO_STEPS, demo_step)
