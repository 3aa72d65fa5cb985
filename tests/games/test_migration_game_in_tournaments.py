"""Game moves from games to tournaments without moving a row (tournaments.0007 and
games.0003, both `_game_in_tournaments`): a database migrated forward from the schema before
the move keeps its games, their history, their records and the permissions granted on them.

A migration over data from far back, `deep`; `make test` keeps one of the kind, over the latest
data migration (tests/tournaments/test_migration_search_names.py)."""

import pytest
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.models import GameRecord, RecordSource
from tests.games.conftest import published_round
from tournaments.models import Game, GameResult
from tournaments.services.results import result_record

pytestmark = [pytest.mark.deep, pytest.mark.django_db(transaction=True)]

BEFORE = [("tournaments", "0006_player_fmjd_id_message"), ("games", "0002_records_disputes")]
AFTER = [("tournaments", "0007_game_in_tournaments"), ("games", "0003_game_in_tournaments")]


def _migrate(targets):
    """Migrate the test database to `targets`; the models of that state."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def test_games_survive_the_move_to_tournaments(organizer, official_arbiter, django_user_model):
    round_ = published_round(organizer, official_arbiter)
    game = Game.objects.get(pairing__round=round_)
    result_record(game=game, result=GameResult.WHITE_WIN, user=organizer)
    GameRecord.objects.create(game=game, pdn="1. 32-28 19-23 1-0", source=RecordSource.TYPED)
    organizer.user_permissions.add(
        Permission.objects.get(content_type__app_label="tournaments", codename="change_game")
    )
    try:
        before = _migrate(BEFORE)
        old_game = before.get_model("games", "Game")
        assert old_game.objects.get(pk=game.pk).result == GameResult.WHITE_WIN
        second = old_game.objects.create(
            pairing_id=game.pairing_id,
            index=2,
            white_id=game.black_id,
            black_id=game.white_id,
            result=GameResult.BLACK_WIN,
        )
        history = sorted(
            before.get_model("games", "HistoricalGame").objects.values_list("id", "result")
        )
        assert (game.pk, GameResult.WHITE_WIN) in history
        old_types = before.get_model("contenttypes", "ContentType").objects
        assert old_types.filter(app_label="games", model="game").exists()

        after = _migrate(AFTER)
        new_game = after.get_model("tournaments", "Game")
        assert sorted(new_game.objects.values_list("pk", "index", "result")) == [
            (game.pk, 1, GameResult.WHITE_WIN),
            (second.pk, 2, GameResult.BLACK_WIN),
        ]
        new_history = after.get_model("tournaments", "HistoricalGame").objects
        assert sorted(new_history.values_list("id", "result")) == history
        record = after.get_model("games", "GameRecord").objects.select_related("game").get()
        assert isinstance(record.game, new_game) and record.game.pk == game.pk
        types = after.get_model("contenttypes", "ContentType").objects
        assert not types.filter(app_label="games", model__in=("game", "historicalgame")).exists()
        assert types.filter(app_label="tournaments", model="game").exists()
    finally:
        _migrate(_latest())
        ContentType.objects.clear_cache()
    assert django_user_model.objects.get(pk=organizer.pk).has_perm("tournaments.change_game")
    assert Game.objects.filter(pairing=game.pairing).count() == 2
