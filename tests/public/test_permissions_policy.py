"""Every answer refuses the browser features the site never uses (Permissions-Policy): pages,
API answers, the admin's login, a 404 and a refused method alike."""

import pytest

from tournaments.site.csp import REFUSED_FEATURES

pytestmark = pytest.mark.django_db


def refused(header: str) -> set[str]:
    return {item.strip().removesuffix("=()") for item in header.split(",") if "=()" in item}


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/"),
        ("get", "/events/"),
        ("get", "/api/events/"),
        ("get", "/admin/login/"),
        ("get", "/events/no-such-event/"),
        ("get", "/api/events/no-such-event/"),
        ("post", "/events/"),
    ],
)
def test_every_answer_refuses_the_features_the_site_never_uses(client, method, path):
    response = getattr(client, method)(path)
    header = response.headers.get("Permissions-Policy", "")
    assert {"camera", "microphone", "geolocation", "payment", "usb"} <= refused(header)
    assert refused(header) == set(REFUSED_FEATURES)
