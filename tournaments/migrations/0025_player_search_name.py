"""Player.search_name: each player's name as the player directory searches it
(tournaments.names.search_key), written for the players already stored."""

from django.db import migrations, models

from tournaments.names import search_key


def write_search_names(apps, schema_editor):
    """Fill the new column, without a history row: the names themselves do not change."""
    Player = apps.get_model("tournaments", "Player")
    players = list(Player.objects.only("pk", "last_name", "first_name"))
    for player in players:
        player.search_name = search_key(f"{player.last_name} {player.first_name}")
    Player.objects.bulk_update(players, ["search_name"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0024_documents_columns_sized"),
    ]

    operations = [
        migrations.AddField(
            model_name="historicalplayer",
            name="search_name",
            field=models.CharField(
                blank=True, editable=False, max_length=420, verbose_name="search key"
            ),
        ),
        migrations.AddField(
            model_name="player",
            name="search_name",
            field=models.CharField(
                blank=True, editable=False, max_length=420, verbose_name="search key"
            ),
        ),
        migrations.RunPython(write_search_names, migrations.RunPython.noop),
    ]
