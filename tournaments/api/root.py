"""The API's front door (/api/): where its resources, schema and documentation are."""

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView


class ApiRoot(APIView):
    """The entry points of the API: the events (everything else is under an event), the
    OpenAPI schema and its browsable documentation."""

    title = gettext_lazy("Damier API")
    summary = gettext_lazy(
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
