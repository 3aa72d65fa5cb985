"""Public addresses of the published documents, under /events/ (keep them stable)."""

from django.urls import path

from tournaments.documents import views
from tournaments.documents.models import DocumentKind

app_name = "documents"

urlpatterns = [
    path(
        "<slug:slug>/crosstable.pdf",
        views.published_pdf,
        {"kind": DocumentKind.CROSSTABLE},
        name="crosstable",
    ),
    path(
        "<slug:slug>/standings.pdf",
        views.published_pdf,
        {"kind": DocumentKind.STANDINGS},
        name="standings",
    ),
    path("<slug:slug>/documents/status.json", views.published_status, name="status"),
]
