"""The arbiter's dispute desk: /desk/events/<slug>/, /desk/disputes/<id>/, and opening a
dispute on a game."""

from django.urls import path

from games import views

app_name = "desk"

urlpatterns = [
    path("events/<slug:slug>/", views.desk, name="desk"),
    path("disputes/<int:pk>/", views.dispute_detail, name="dispute"),
    path("games/<int:pk>/dispute/", views.dispute_new, name="dispute_open"),
]
