"""The API's front door (/api/): where its resources, schema and documentation are."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView


class ApiRoot(APIView):
    """The entry points of the API: the events (everything else is under an event), the
    OpenAPI schema and its browsable documentation."""

    def get_view_name(self) -> str:
        """The page's title in the browser, in the visitor's language."""
        return _("Damier API")

    def get_view_description(self, html: bool = False) -> str:
        """What a person opening /api/ in a browser reads, in their language."""
        return _(
            "The entry points of the API: the events (everything else is under an event), "
            "the OpenAPI schema and its browsable documentation."
        )

    @extend_schema(exclude=True)
    def get(self, request: Request) -> Response:
        return Response(
            {
                "events": reverse("api:events", request=request),
                "players": reverse("api:player_directory", request=request),
                "schema": reverse("api-schema", request=request),
                "docs": reverse("api-docs", request=request),
            }
        )
