"""What a person reads as an API view's heading and description, in their language: the
functions DRF calls for them (VIEW_NAME_FUNCTION and VIEW_DESCRIPTION_FUNCTION in
settings.REST_FRAMEWORK), in the browsable API's heading, breadcrumbs and description and in
the answers to OPTIONS.

Each view of the API declares its ``title`` and ``summary`` as class attributes marked with
gettext_lazy, translated when a request reads them::

    class CrosstableView(AfterRoundList):
        \"\"\"The developers' description (also the OpenAPI schema's).\"\"\"

        title = gettext_lazy("Crosstable")
        summary = gettext_lazy("The crosstable rows in rank order after ?round= ...")

The docstring stays the developers' text (drf-spectacular describes the operations with it).
A view that declares neither, such as the schema's own views under /api/schema/, keeps DRF's
words: its class name and docstring; tests/api/test_view_names.py requires both of every view
of the namespace "api".
"""

from django.utils.functional import Promise
from rest_framework.utils.formatting import markup_description
from rest_framework.views import APIView, get_view_description, get_view_name


def view_title(view: APIView) -> str:
    """The view's heading: its ``title`` in the request's language (DRF's name made from the
    class name for a view without one)."""
    title: str | Promise | None = getattr(view, "title", None)
    return get_view_name(view) if title is None else str(title)


def view_summary(view: APIView, html: bool = False) -> str:
    """The view's description: its ``summary`` in the request's language, as HTML (escaped,
    in a paragraph) when ``html``; DRF's from the docstring for a view without one."""
    summary: str | Promise | None = getattr(view, "summary", None)
    if summary is None:
        return get_view_description(view, html=html)
    text = str(summary)
    return markup_description(text) if html else text
