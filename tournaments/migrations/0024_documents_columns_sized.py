"""Columns sized for what is written into them: a document's path holds the event's slug (up
to 200 characters) and a stored rating list's the file name, so both file columns hold 300
(Django's default, 100, refused an event whose slug passes about 60 characters on PostgreSQL).
A document's source state is now the SHA-256 of the event's state (64 characters): the states
read before are forgotten first, which only makes each document's next request check its
data again."""

from django.db import migrations, models


def forget_states(apps, schema_editor):
    apps.get_model("tournaments", "Document").objects.update(source_state="")


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0023_player_national_id_is_the_federations"),
    ]

    operations = [
        migrations.AlterField(
            model_name="document",
            name="file",
            field=models.FileField(
                blank=True, max_length=300, upload_to="documents/", verbose_name="file"
            ),
        ),
        migrations.RunPython(forget_states, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="document",
            name="source_state",
            field=models.CharField(blank=True, max_length=64, verbose_name="event state read"),
        ),
        migrations.AlterField(
            model_name="ratinglist",
            name="file",
            field=models.FileField(
                blank=True, max_length=300, upload_to="rating-lists/", verbose_name="file"
            ),
        ),
    ]
