"""`manage.py load_demo`: the demo events and organizer (tournaments.demo) with their game
records (games.demo). It lives in games, the app that may see both."""

import os
import random

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games.demo import DEMO_STEPS, records_demo
from games.relay.demo import relay_demo
from tournaments.demo import CAPTAIN_USERNAME, ORGANIZER_USERNAME, SEED, load_demo
from tournaments.documents.services import documents_request_published
from tournaments.models import Event
from tournaments.site.planner_statistics import planner_statistics_refresh

#: The demo event whose last round is relayed live (games.relay.demo).
RELAYED_SLUG = "demo-round-robin"


class Command(BaseCommand):
    help = (
        "Load the demo events (the round robin's last round relayed live) and (re)set the "
        "demo organizer's password."
    )

    def handle(self, *args, **options) -> None:
        report = load_demo(records=records_demo)
        for name in report.events_created:
            self.stdout.write(f"Created event: {name}")
        for name in report.events_kept:
            self.stdout.write(f"Already loaded, left unchanged: {name}")
        self.stdout.write(f"Players available: {report.players}")
        relayed = Event.objects.filter(slug=RELAYED_SLUG, name__in=report.events_created).first()
        if relayed is not None:
            organizer = get_user_model().objects.get(username=ORGANIZER_USERNAME)
            source = relay_demo(event=relayed, user=organizer, rng=random.Random(SEED))
            if source is not None:
                self.stdout.write(f"Live relay: {source.round} (its games grow as the server runs)")
        planner_statistics_refresh()  # the demo's pages are read at once
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
        if report.captained:
            self.stdout.write(
                f"Captain login (same password): {CAPTAIN_USERNAME}, captain of {report.captained}"
            )
        for step in DEMO_STEPS:
            for line in step(report.password):
                self.stdout.write(line)
