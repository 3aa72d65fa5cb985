"""The entries' endpoint under /api/ (config.urls serves it in the namespace "api")."""

from django.urls import path

from entries import api
from tournaments.api.urls import EVENT

urlpatterns = [
    path(f"{EVENT}entries/", api.EntryList.as_view(), name="entries"),
]
