"""The hall's endpoint of the API under /api/ (config.urls adds it under the namespace "api")."""

from django.urls import path

from hall.api import RoundCheckIn
from tournaments.api.urls import EVENT

urlpatterns = [
    path(f"{EVENT}rounds/<int:number>/check-in/", RoundCheckIn.as_view(), name="check_in"),
]
