"""The Celery application: configured from Django settings (namespace CELERY), tasks autodiscovered.

Without CELERY_BROKER_URL the settings make every task run in-process (eager); see config.settings.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("damier")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
