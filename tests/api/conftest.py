"""The API tests use the public site's published Swiss (tests/public/conftest.py)."""

from tests.public.conftest import _empty_cache, ivanov, organizer, swiss  # noqa: F401
