"""Helpers of the document tests: a document requested as a view requests it, and its text."""

import io

from pypdf import PdfReader

from tournaments.documents.models import Document
from tournaments.documents.services import DocumentRequest, document_request


def pdf_text(document: Document) -> tuple[int, str]:
    """The number of pages of a built document and its text, spaces folded."""
    with document.file.open("rb") as handle:
        reader = PdfReader(io.BytesIO(handle.read()))
    return len(reader.pages), " ".join(" ".join(p.extract_text().split()) for p in reader.pages)


def request(django_capture_on_commit_callbacks, **kwargs) -> DocumentRequest:
    """document_request as a view calls it (outside a transaction): the job, run in-process,
    has finished when it returns."""
    with django_capture_on_commit_callbacks(execute=True):
        answer = document_request(**kwargs)
    answer.document.refresh_from_db()
    return answer
