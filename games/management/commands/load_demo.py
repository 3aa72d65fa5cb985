"""`manage.py load_demo`: the demo events and organizer (tournaments.demo) with their game
records (games.demo). It lives in games, the app that may see both."""

import os

from django.core.management.base import BaseCommand

from games.demo import records_demo
from tournaments.demo import load_demo
from tournaments.documents.services import documents_request_published
from tournaments.models import Event


class Command(BaseCommand):
    help = "Load the demo Swiss and round robin and (re)set the demo organizer's password."

    def handle(self, *args, **options) -> None:
        report = load_demo(records=records_demo)
        for name in report.events_created:
            self.stdout.write(f"Created event: {name}")
        for name in report.events_kept:
            self.stdout.write(f"Already loaded, left unchanged: {name}")
        self.stdout.write(f"Players available: {report.players}")
        names = [*report.events_created, *report.events_kept]
        for event in Event.objects.filter(name__in=names).order_by("name"):
            for answer in documents_request_published(event=event):
                document = answer.document
                self.stdout.write(
                    f"{event.name}: {document.get_kind_display()} {document.get_status_display()}"
                    + (f" ({document.error})" if document.error else "")
                )
        port = os.environ.get("PORT", "8000")
        self.stdout.write(f"Admin: http://127.0.0.1:{port}/admin/")
        self.stdout.write(f"Organizer login: {report.organizer}")
        self.stdout.write(f"Organizer password (new at every load): {report.password}")
