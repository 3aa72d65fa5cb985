"""The printed documents' API routes under /api/ (config.urls adds them to
tournaments.api.urls under the namespace "api"): request a document, follow its job, fetch
its file."""

from django.urls import path

from tournaments.api.urls import EVENT
from tournaments.documents import api as documents

urlpatterns = [
    path(f"{EVENT}documents/", documents.DocumentCreate.as_view(), name="documents"),
    path(
        f"{EVENT}documents/<int:document_id>/",
        documents.DocumentDetail.as_view(),
        name="document",
    ),
    path(
        f"{EVENT}documents/<int:document_id>/file/",
        documents.DocumentFile.as_view(),
        name="document_file",
    ),
]
