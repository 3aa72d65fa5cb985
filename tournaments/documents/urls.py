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
    *(
        path(f"<slug:slug>/{address}", views.published_pdf, {"kind": kind}, name=kind.value)
        for address, kind in (
            ("team-standings.pdf", DocumentKind.TEAM_STANDINGS),
            ("team-matches.pdf", DocumentKind.TEAM_MATCHES),
            ("team-crosstable.pdf", DocumentKind.TEAM_CROSSTABLE),
        )
    ),
    path("<slug:slug>/documents/status.json", views.published_status, name="status"),
]
