# Damier: `make run` sets up and serves the app, `make test` runs the whole suite.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
STAMP := $(VENV)/.installed

.PHONY: run install test explore lint bench load load-relay perft-deep perft-games corpus differential fuzz peers worker beat clean messages swiss-reference

$(STAMP): requirements.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	@touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# Property tests draw the same examples on every run (the `ci` Hypothesis profile,
# tests/conftest.py); `make explore` draws fresh ones, ten times as many.
test: install
	$(BIN)/python -m pytest --hypothesis-profile=ci

explore: install
	$(BIN)/python -m pytest -m hypothesis --hypothesis-profile=explore

# A real Celery worker (needs CELERY_BROKER_URL, and DATABASE_URL for a shared database).
worker: install
	$(BIN)/celery -A config worker --loglevel=info

# Celery beat: the periodic checks (lost document jobs); run one per site, beside the workers.
beat: install
	$(BIN)/celery -A config beat --loglevel=info

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis

# French catalogue (needs GNU gettext): extract the messages into locale/fr, then compile the
# .mo (committed, so that a machine without gettext still gets French). Translate the new
# entries of locale/fr/LC_MESSAGES/django.po (no empty msgstr, no fuzzy) and run it again;
# tests/test_translations.py checks all three.
messages: install
	$(BIN)/python manage.py makemessages -l fr -i .venv -i .peers -i tests -i benchmarks \
		-i staticfiles -i media --add-location=file --no-obsolete
	$(BIN)/python manage.py compilemessages -l fr -i .venv -i .peers

# Independent implementations, each in its own virtualenv (they must not share ours:
# pydraughts imports as `draughts`). Used by the differential tests and `make bench`.
PEERS := .peers
$(PEERS)/pydraughts/.installed:
	$(PYTHON) -m venv $(PEERS)/pydraughts
	$(PEERS)/pydraughts/bin/python -m pip install --quiet pydraughts==0.6.7
	@touch $@
$(PEERS)/py-draughts/.installed:
	$(PYTHON) -m venv $(PEERS)/py-draughts
	$(PEERS)/py-draughts/bin/python -m pip install --quiet py-draughts==1.10.1
	@touch $@

peers: $(PEERS)/pydraughts/.installed $(PEERS)/py-draughts/.installed

# Deep checks that do not belong in `make test` (each prints its figures).
perft-deep: install
	$(BIN)/python -m benchmarks.perft_deep

perft-games: install
	$(BIN)/python -m benchmarks.perft_games

corpus: install
	$(BIN)/python -m pytest tests/arbiter/test_corpus_replay.py tests/arbiter/test_pdn_corpus.py

# Both Dutch texts against bbpPairings on every reference tournament of ../shared/data/swiss/
# (971 paired by bbpPairings 6.0.0, 974 by 5.0.1; `make test` runs a sample).
swiss-reference: install
	SWISS_REFERENCE=all $(BIN)/python -m pytest tests/tournaments/test_swiss_reference.py -q

# Fuzzing of the PDN reader, FEN and move parsers (hypothesis): prints the count of inputs
# and the foreign exceptions (any exception other than the arbiter's own); exits 1 on one.
FUZZ_INPUTS ?= 20000
fuzz: install
	$(BIN)/python -m tests.arbiter.fuzz $(FUZZ_INPUTS)

differential: install peers
	$(BIN)/python -m benchmarks.differential 100000

bench: install peers
	$(BIN)/python -m benchmarks.arbiter_speed
	$(BIN)/python -m benchmarks.text_verdict
	$(BIN)/python -m benchmarks.whole_files
	$(BIN)/python -m benchmarks.pairing
	$(BIN)/python -m benchmarks.swiss_engines --sizes 100 500 1000
	$(BIN)/python -m benchmarks.standings_queries
	$(BIN)/python -m benchmarks.team_standings
	$(BIN)/python -m benchmarks.verify_round
	$(BIN)/python -m benchmarks.public_pages
	$(BIN)/python -m benchmarks.crosstable_pdf

# 500 followers of a 500-player open while results are entered through the API: gunicorn on
# PostgreSQL with a real Celery worker, all on 127.0.0.1 (prints the figures; not in `make test`).
LOAD_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/damier_load
LOAD_REDIS_URL ?= redis://127.0.0.1:6379/4
LOAD_PORT ?= 8150
LOAD_SECONDS ?= 60
load: install
	DATABASE_URL=$(LOAD_DATABASE_URL) CELERY_BROKER_URL=$(LOAD_REDIS_URL) \
		DJANGO_CACHE_URL=$(LOAD_REDIS_URL) \
		$(BIN)/python -m benchmarks.load --port $(LOAD_PORT) --seconds $(LOAD_SECONDS)

# The live relay under load: 20 boards polled from a growing PDN file (a move every 2 s
# each) while 500 followers watch the round page; gunicorn, a Celery worker and beat on
# PostgreSQL (prints the move-to-follower latency, errors, the queue's length).
LOAD_RELAY_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/damier_relay_load
LOAD_RELAY_REDIS_URL ?= redis://127.0.0.1:6379/5
load-relay: install
	DATABASE_URL=$(LOAD_RELAY_DATABASE_URL) CELERY_BROKER_URL=$(LOAD_RELAY_REDIS_URL) \
		DJANGO_CACHE_URL=$(LOAD_RELAY_REDIS_URL) \
		$(BIN)/python -m benchmarks.relay_load --seconds $(LOAD_SECONDS)
