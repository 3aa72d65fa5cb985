"""The player directory's public pages under /players/ (config.urls)."""

from django.urls import path

from tournaments import views_calendars, views_players

app_name = "players"

urlpatterns = [
    path("", views_players.player_directory, name="directory"),
    path("<int:player_id>/", views_players.player_page, name="detail"),
    path("<int:player_id>/calendar.ics", views_calendars.player_calendar, name="calendar"),
]
