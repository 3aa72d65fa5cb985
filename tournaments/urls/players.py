"""The player directory's public pages under /players/ (config.urls)."""

from django.urls import path

from tournaments.views import calendars, players

app_name = "players"

urlpatterns = [
    path("", players.player_directory, name="directory"),
    path("<int:player_id>/", players.player_page, name="detail"),
    path("<int:player_id>/calendar.ics", calendars.player_calendar, name="calendar"),
]
