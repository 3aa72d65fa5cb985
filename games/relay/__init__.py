"""The live relay of games in progress: the pure core (`core.py`), the safe fetch of a
polled source (`fetch.py`), services (writes), selectors (reads) and the API."""
