"""A migration over data, the sample `make test` keeps of the kind (the longer chains from
tournaments 0006 are `deep`: tests/games/test_migration_game_in_tournaments.py and
tests/public/test_draft_events.py): tournaments 0025 writes the search key of every player
already stored, so that the player directory finds the players of a database migrated forward."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tournaments.models import Player
from tournaments.names import search_key

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0024_documents_columns_sized")]


def test_players_stored_before_the_search_key_are_found_after_it():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    OldPlayer = executor.loader.project_state(BEFORE).apps.get_model("tournaments", "Player")
    names = [("Çelik", "Ömer"), ("Иванов", "Пётр"), ("van der Veen", "Jan")]
    for last_name, first_name in names:
        OldPlayer.objects.create(last_name=last_name, first_name=first_name, rating=2000)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    for last_name, first_name in names:
        player = Player.objects.get(last_name=last_name)
        assert player.search_name == search_key(f"{last_name} {first_name}")
        assert player.search_name  # a key to search, not an empty column
    assert Player.objects.get(search_name__contains=search_key("celik")).first_name == "Ömer"
    assert Player.objects.get(search_name__contains=search_key("Ivanov")).first_name == "Пётр"
