"""Events gain a draft state. The events that exist are already public, so they are added
published; an event created from now on starts as a draft (the field's default)."""

from django.db import migrations, models

HELP = (
    "A draft event is seen only by its organizers and arbiters; once published it is "
    "listed on the public site and the API."
)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0007_game_in_tournaments"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="published",
            field=models.BooleanField(default=True, help_text=HELP, verbose_name="published"),
        ),
        migrations.AddField(
            model_name="historicalevent",
            name="published",
            field=models.BooleanField(default=True, help_text=HELP, verbose_name="published"),
        ),
        migrations.AlterField(
            model_name="event",
            name="published",
            field=models.BooleanField(default=False, help_text=HELP, verbose_name="published"),
        ),
        migrations.AlterField(
            model_name="historicalevent",
            name="published",
            field=models.BooleanField(default=False, help_text=HELP, verbose_name="published"),
        ),
    ]
