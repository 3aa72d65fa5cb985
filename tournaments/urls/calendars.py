"""The event's calendar beside its pages under /events/ (config.urls); a player's is under
/players/ (tournaments.urls.players)."""

from django.urls import path

from tournaments.views import calendars

app_name = "calendars"

urlpatterns = [
    path("<slug:slug>/calendar.ics", calendars.event_calendar, name="event"),
]
