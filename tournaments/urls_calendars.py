"""The event's calendar beside its pages under /events/ (config.urls); a player's is under
/players/ (tournaments.urls_players)."""

from django.urls import path

from tournaments import views_calendars

app_name = "calendars"

urlpatterns = [
    path("<slug:slug>/calendar.ics", views_calendars.event_calendar, name="event"),
]
