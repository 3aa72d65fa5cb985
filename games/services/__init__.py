"""Writes of the games app: records (records.py), their verification (verification.py), the
dispute desk (disputes.py) and the players' reports of their results (reports.py).
Keyword-only, typed; views, admin, API and tasks call them."""
