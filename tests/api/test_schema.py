"""The OpenAPI schema validates, and every operation in it answers without a server error and
as its schema says (documented status code, content type and body) for valid and invalid
input (schemathesis, a bounded number of examples per operation), as an anonymous visitor and
as the event's organizer, on a real published event."""

import os

import pytest
import schemathesis
import yaml
from django.contrib.auth.models import Permission
from django.core.wsgi import get_wsgi_application
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

pytestmark = pytest.mark.django_db(transaction=True)

#: Generated cases per operation (SCHEMATHESIS_EXAMPLES for a deeper run than the suite's).
EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "8"))
#: What every answer is checked for.
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


def test_schema_is_valid_openapi(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    validate_schema(schema)  # raises on an invalid OpenAPI 3 document
    assert "/api/events/{slug}/standings/" in schema["paths"]
    assert "post" in schema["paths"]["/api/events/{slug}/rounds/{number}/check-in/"]
    assert schema == yaml.safe_load(yaml.safe_dump(SchemaGenerator().get_schema(public=True)))


def test_docs_page(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    assert b"swagger" in response.content.lower()


@pytest.fixture
def api_schema(db):
    return schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())


#: Each role with each kind of input. `make test` keeps one of each role and one of each kind:
#: valid input as the organizer (every read, and writes that succeed), invalid input as a
#: visitor (what anyone can send); the other two pairs are in `make test-deep`.
@pytest.mark.parametrize(
    ("who", "mode"),
    [
        ("organizer", GenerationMode.POSITIVE),
        ("anonymous", GenerationMode.NEGATIVE),
        pytest.param("anonymous", GenerationMode.POSITIVE, marks=pytest.mark.deep),
        pytest.param("organizer", GenerationMode.NEGATIVE, marks=pytest.mark.deep),
    ],
)
def test_no_server_error_anywhere(swiss, organizer, api_schema, mode, who):
    headers = {}
    if who == "organizer":
        organizer.user_permissions.set(
            Permission.objects.filter(content_type__app_label__in=("tournaments", "games"))
        )
        headers["Authorization"] = f"Token {Token.objects.create(user=organizer).key}"
    from tournaments.models import Game

    game = Game.objects.filter(pairing__round__event=swiss).order_by("pk").first()
    known = {
        "slug": swiss.slug,
        "round": 1,
        "number": 1,
        "game_id": game.pk,
        "dispute_id": 1,
        "document_id": 1,
        "player_id": swiss.registrations.order_by("pairing_number").first().player_id,
    }
    failures = []
    statuses: list[int] = []
    for result in api_schema.get_all_operations():
        operation = result.ok()
        names = [p.name for p in operation.path_parameters]
        strategy = operation.as_strategy(
            generation_mode=mode,
            path_parameters={name: known[name] for name in names} if names else None,
        )

        _exercise(operation, strategy, headers, failures, statuses)
    print(f"schemathesis {who} {mode.value}: {len(statuses)} calls, {len(failures)} failures")
    assert not failures, "\n".join(failures[:5])
    operations = len(list(api_schema.get_all_operations()))
    assert len(statuses) >= operations  # every operation was called
    assert any(status < 300 for status in statuses)  # ... and some calls succeeded


def _exercise(operation, strategy, headers: dict, failures: list, statuses: list) -> None:
    """Call `operation` with EXAMPLES generated cases; a server error is recorded in
    `failures` (hypothesis stops at the first one of each operation)."""

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy)
    def run(case):
        response = case.call(headers=headers)
        statuses.append(response.status_code)
        try:
            case.validate_response(response, checks=CHECKS)
        except Exception as error:
            failures.append(f"{operation.label}: {error}")
            raise

    try:
        run()
    except Unsatisfiable:
        pass  # no invalid input exists for this operation (negative mode, no parameters)
    except Exception:
        if not failures:
            raise
