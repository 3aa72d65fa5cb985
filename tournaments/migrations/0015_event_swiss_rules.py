"""Events name the text of the FIDE Dutch system they are paired by. The events that exist
were paired by the text applied until 31 January 2026 and keep it, so they are added with
``pre-2026``; an event created from now on gets the 2026 text (the field's default). The
system's label no longer names a text."""

from django.db import migrations, models

CHOICES = [
    ("2026", "FIDE Dutch, text applied from 1 February 2026"),
    ("pre-2026", "FIDE Dutch, text applied until 31 January 2026"),
]
HELP = (
    "The text of the FIDE Dutch system the Swiss is paired by; an event keeps the text it "
    "started with."
)


SYSTEMS = [("rr", "round robin"), ("drr", "double round robin"), ("swiss", "Swiss (FIDE Dutch)")]


def field(default: str) -> models.CharField:
    return models.CharField(
        choices=CHOICES, default=default, help_text=HELP, max_length=8, verbose_name="Swiss rules"
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0014_rating_lists_and_event_policy"),
    ]

    operations = [
        migrations.AddField(model_name="event", name="swiss_rules", field=field("pre-2026")),
        migrations.AddField(
            model_name="historicalevent", name="swiss_rules", field=field("pre-2026")
        ),
        migrations.AlterField(model_name="event", name="swiss_rules", field=field("2026")),
        migrations.AlterField(
            model_name="historicalevent", name="swiss_rules", field=field("2026")
        ),
        *(
            migrations.AlterField(
                model_name=model,
                name="system",
                field=models.CharField(choices=SYSTEMS, max_length=8, verbose_name="system"),
            )
            for model in ("event", "historicalevent")
        ),
    ]
