"""Writes of the games app: records (records.py), their verification (verification.py) and
the dispute desk (disputes.py). Keyword-only, typed; views, admin, API and tasks call them."""
