"""The arbiter's desk: /desk/ (the events the user officiates), /desk/events/<slug>/ (an
event's disputes, flagged records and relayed boards), its round upload, the assignment of a
relayed game to a board, /desk/disputes/<id>/, opening a dispute on a game, a player's report
of his game's result and an official's confirmation of an agreed one."""

from django.urls import path

from games import views

app_name = "desk"

urlpatterns = [
    path("", views.desk_home, name="home"),
    path("events/<slug:slug>/", views.desk, name="desk"),
    path("events/<slug:slug>/upload/", views.desk_upload, name="upload"),
    path("events/<slug:slug>/upload/assign/", views.desk_assign, name="assign"),
    path(
        "events/<slug:slug>/relay/<int:pk>/assign/",
        views.desk_relay_assign,
        name="relay_assign",
    ),
    path("disputes/<int:pk>/", views.dispute_detail, name="dispute"),
    path("games/<int:pk>/dispute/", views.dispute_new, name="dispute_open"),
    path("games/<int:pk>/report/", views.game_report, name="report"),
    path("reports/<int:pk>/confirm/", views.desk_report_confirm, name="report_confirm"),
]
