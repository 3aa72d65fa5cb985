"""The ratings' API routes under /api/ (config.urls adds them to tournaments.api.urls under
the namespace "api"): an event's rating report."""

from django.urls import path

from tournaments.api.urls import EVENT
from tournaments.ratings import api as ratings

urlpatterns = [
    path(f"{EVENT}rating-report/", ratings.RatingReport.as_view(), name="rating_report"),
]
