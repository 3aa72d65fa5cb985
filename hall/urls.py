"""The hall's pages under /events/ (namespace "hall")."""

from django.urls import path

from hall import views

app_name = "hall"

urlpatterns = [
    path("<slug:slug>/check-in/", views.check_in, name="check_in"),
    path("<slug:slug>/check-in/kiosk/", views.kiosk, name="kiosk"),
    path("<slug:slug>/check-in/kiosk/<int:player>/", views.kiosk_player, name="kiosk_player"),
    path("<slug:slug>/screen/", views.screen, name="screen"),
]
