"""Differential-testing peers: other engines driven as subprocesses in their own virtualenvs."""
