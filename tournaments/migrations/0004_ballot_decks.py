"""Load the published ballot decks (tournaments/data/ballots) with every card replayed.

tournaments.ballots.decks.load_deck replays each card with arbiter and raises DeckError for a
card it cannot play or a source FEN it cannot reconcile: the migration then fails, loudly.
"""

from django.db import migrations

from tournaments.ballots.decks import BUILTIN_DECKS, load_deck


def load_decks(apps, schema_editor):
    BallotDeck = apps.get_model("tournaments", "BallotDeck")
    BallotCard = apps.get_model("tournaments", "BallotCard")
    for slug in BUILTIN_DECKS:
        deck = load_deck(slug)
        row = BallotDeck.objects.create(
            name=deck.name, slug=deck.slug, variant=deck.variant, source=deck.source, builtin=True
        )
        BallotCard.objects.bulk_create(
            BallotCard(
                deck=row,
                number=card.number,
                code=card.code,
                name=card.name,
                notation=card.notation,
                moves=card.moves,
                start_fen=card.start_fen,
                fen=card.fen,
                barred=card.barred,
                brazilian=card.brazilian,
                group=card.group,
                correction=card.correction,
            )
            for card in deck.cards
        )


def unload_decks(apps, schema_editor):
    BallotDeck = apps.get_model("tournaments", "BallotDeck")
    BallotDeck.objects.filter(builtin=True, slug__in=list(BUILTIN_DECKS)).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0003_ballots"),
    ]

    operations = [
        migrations.RunPython(load_decks, unload_decks),
    ]
