# Damier: `make run` sets up and serves the app, `make test` runs the suite (`make test-deep`
# the exhaustive sweeps besides).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
STAMP := $(VENV)/.installed

.PHONY: run install test test-deep test-quick explore lint typecheck-strict bench bench-dutch-generated load load-relay perft-deep perft-games corpus differential fuzz peers worker beat clean messages swiss-reference

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
# `make test` runs on every core (pytest-xdist: TEST_WORKERS processes, each with its own test
# database, media folder and live-server port; tests are handed out one by one, a worker
# holding two, in the order pytest-django sets, transactional tests after the others, on each
# worker, so that the journeys, long and last, end at the same time on every worker), without the
# exhaustive sweeps marked `deep`, of which it keeps a sample that fails on the same kinds of
# defect. `make test-deep` runs the sweeps (every admin lookup as every role, every page in
# every language, drawn values for every query parameter, migrations over data); CI runs both.
TEST_WORKERS ?= auto
PARALLEL := -n $(TEST_WORKERS) --dist load --maxschedchunk 1
test: install
	$(BIN)/python -m pytest $(PARALLEL) -m "not deep" --hypothesis-profile=ci

test-deep: install
	$(BIN)/python -m pytest $(PARALLEL) -m deep --hypothesis-profile=ci

# The pure cores (the arbiter's board, moves, records and draw rules; pairing, scoring,
# ballots) and the services, without the tests marked slow: about 30 s of CPU.
QUICK_TESTS := $(addprefix tests/arbiter/,test_board.py test_movegen.py test_fen.py \
	test_notation.py test_replay.py test_draws.py test_pdn_reader.py test_pdn_writer.py \
	test_geometry.py test_counters.py variants) \
	$(addprefix tests/tournaments/,test_berger.py test_dutch.py test_trf.py test_scoring.py \
	test_standings.py test_tiebreaks.py test_tiebreaks_two_games.py test_tiebreaks_round_robin.py \
	test_tiebreaks_c07.py test_teams_scoring.py test_rating_report.py test_ballots_decks.py \
	test_ballots_draw.py test_services_events.py test_services_players.py \
	test_services_registrations.py test_services_results.py test_services_rounds.py \
	test_ballots_services.py test_withdrawals.py)
test-quick: install
	$(BIN)/python -m pytest -m "not slow" --hypothesis-profile=ci -q $(QUICK_TESTS)

explore: install
	$(BIN)/python -m pytest -m hypothesis --hypothesis-profile=explore

# Real Celery workers (need CELERY_BROKER_URL, and DATABASE_URL for a shared database): one
# for the jobs (queue "celery": documents, verifications, pairings) and one for the live
# relay's polling (queue "relay", settings.CELERY_TASK_ROUTES), which waits on other
# people's servers; both stop together.
worker: install
	$(BIN)/celery -A config worker -Q relay -n relay@%h --loglevel=info & relay=$$!; \
	$(BIN)/celery -A config worker -Q celery -n jobs@%h --loglevel=info; \
	kill $$relay; wait $$relay

# Celery beat: the periodic checks (lost document jobs, import jobs and their files); run one
# per site, beside the workers.
beat: install
	$(BIN)/celery -A config beat --loglevel=info

# Type checking (settings in pyproject.toml): the pure cores under --strict at 0 errors; the
# Django apps with the Django and DRF plugins at MYPY_CEILING errors, a count that only goes
# down (tools/mypy_ceiling.py fails above it, and below it until it is lowered).
MYPY_STRICT := arbiter tournaments/values.py tournaments/pairing tournaments/scoring tournaments/ballots \
	tournaments/ratings/chart.py tournaments/rating_distribution.py
MYPY_APPS := tournaments games config accounts hall entries
MYPY_CEILING := 180

typecheck-strict: install
	$(BIN)/mypy --strict --follow-imports=silent $(MYPY_STRICT)

lint: typecheck-strict
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m tools.mypy_ceiling $(MYPY_CEILING) $(MYPY_APPS)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis

# The catalogues of every language offered (settings.LANGUAGES but English: fr, nl, ru), with
# GNU gettext: extract the messages into locale/<language>, then compile the .mo files
# (committed, so that a machine without gettext still gets every language). Translate the new
# entries of each locale/<language>/LC_MESSAGES/django.po (no empty msgstr, no fuzzy) and run it
# again; tests/test_translations.py checks every catalogue.
MESSAGE_LOCALES = $(BIN)/python manage.py shell --no-imports -c \
	"from django.conf import settings; print(' '.join('-l ' + code for code, _ in settings.LANGUAGES if code != 'en'))"
messages: install
	$(BIN)/python manage.py makemessages $$($(MESSAGE_LOCALES)) -i .venv -i .peers -i tests \
		-i benchmarks -i staticfiles -i media --add-location=file --no-obsolete
	$(BIN)/python manage.py compilemessages $$($(MESSAGE_LOCALES)) -i .venv -i .peers

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
	$(BIN)/python -m benchmarks.pdn_shapes
	$(BIN)/python -m benchmarks.pairing
	$(BIN)/python -m benchmarks.swiss_engines --sizes 100 500 1000 2000
	$(BIN)/python -m benchmarks.swiss_generated --players 500
	$(BIN)/python -m benchmarks.standings_queries
	$(BIN)/python -m benchmarks.team_standings
	$(BIN)/python -m benchmarks.verify_round
	$(BIN)/python -m benchmarks.public_pages
	$(BIN)/python -m benchmarks.public_pages --players 200 --repeat 5 --costs-only --runs 3
	$(BIN)/python -m benchmarks.crosstable_pdf

# Ten 1,000-player opens generated by bbpPairings 6.0.0, rounds 2, 6 and 10 paired by it and
# by Damier (about 80 minutes of CPU the first time: each tournament takes bbpPairings six
# minutes to generate; kept in .peers/swiss-generated/ for the next runs).
bench-dutch-generated: install
	$(BIN)/python -m benchmarks.swiss_generated --players 1000

# 500 followers of a 500-player open while results are entered through the API: gunicorn on
# PostgreSQL with a real Celery worker, all on 127.0.0.1 (prints the figures; not in `make test`).
LOAD_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/damier_load
LOAD_REDIS_URL ?= redis://127.0.0.1:6379/4
LOAD_PORT ?= 8150
LOAD_SECONDS ?= 60
# Fewer followers (LOAD_VISITORS=50) keep a shared or small machine below saturation: the
# waits then mean something, and the CPU a request costs, printed last, compares runs.
LOAD_VISITORS ?= 500
load: install
	DATABASE_URL=$(LOAD_DATABASE_URL) CELERY_BROKER_URL=$(LOAD_REDIS_URL) \
		DJANGO_CACHE_URL=$(LOAD_REDIS_URL) \
		$(BIN)/python -m benchmarks.load --port $(LOAD_PORT) --seconds $(LOAD_SECONDS) \
		--visitors $(LOAD_VISITORS)

# The live relay under load: 20 boards polled from a growing PDN file (a move every 2 s
# each) while 500 followers watch the round page; gunicorn, a Celery worker and beat on
# PostgreSQL (prints the move-to-follower latency, errors, the queue's length).
LOAD_RELAY_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/damier_relay_load
LOAD_RELAY_REDIS_URL ?= redis://127.0.0.1:6379/5
load-relay: install
	DATABASE_URL=$(LOAD_RELAY_DATABASE_URL) CELERY_BROKER_URL=$(LOAD_RELAY_REDIS_URL) \
		DJANGO_CACHE_URL=$(LOAD_RELAY_REDIS_URL) \
		$(BIN)/python -m benchmarks.relay_load --seconds $(LOAD_SECONDS) --visitors $(LOAD_VISITORS)
