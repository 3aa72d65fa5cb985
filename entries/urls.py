"""The public pages of the entries under /events/<slug>/ (config.urls, namespace "entries")."""

from django.urls import path

from entries import views

app_name = "entries"

urlpatterns = [
    path("<slug:slug>/enter/", views.enter, name="enter"),
    path("<slug:slug>/enter/several/", views.enter_several, name="enter_several"),
    path("<slug:slug>/entries/", views.entry_list, name="list"),
    path("<slug:slug>/entries/withdraw/<str:token>/", views.withdraw, name="withdraw"),
]
