"""The dispute desk pages: who sees and changes what, the replay at any ply, the ruling form."""

import re

import pytest
from django.urls import reverse

from games.models import Dispute, DisputeStatus
from games.services.disputes import dispute_open
from games.services.records import record_save
from tests.factories import UserFactory
from tests.games.conftest import published_round
from tournaments.models import Game, GameResult
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db

RECORD = '[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *'


@pytest.fixture
def dispute(game, organizer, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        record_save(game=game, pdn=RECORD, user=organizer)
    result_record(game=game, result=GameResult.WHITE_WIN, user=organizer)
    return dispute_open(
        game=game, claim="wrong-result", statement="I did not resign.", ply=3, user=organizer
    )


def test_the_dispute_page_steps_through_the_replay_without_javascript(
    client, dispute, official_arbiter
):
    client.force_login(official_arbiter)
    url = reverse("desk:dispute", args=(dispute.pk,))
    page = client.get(url).content.decode()
    assert 'role="img"' in page and "ply 3" in page
    assert 'href="?ply=2#replay" rel="prev" data-key="ArrowLeft"' in page
    assert 'href="?ply=4#replay" rel="next" data-key="ArrowRight"' in page
    assert "Draw counters at ply 3" in page and "FMJD rules, annex 1, art. 6.2" in page
    assert "FMJD rules, end of the game" in page  # the rule that applies to a result claim
    assert "REFERENCE.md" not in page
    start = client.get(url, {"ply": 0}).content.decode()
    assert "Start position" in start and 'rel="prev"' not in start
    end = client.get(url, {"ply": 99}).content.decode()
    assert 'rel="next"' not in end and "14x23" in end
    assert 'name="reason"' in page  # the arbiter's ruling form


def test_the_draw_rules_are_named_and_cited_in_the_page_language(client, dispute, official_arbiter):
    """The names and articles written once in the arbiter are shown translated."""
    client.force_login(official_arbiter)
    url = reverse("desk:dispute", args=(dispute.pk,))
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "règle des 25 coups (automatique)" in page
    assert "Règlement FMJD, annexe 1, art. 6.2" in page
    assert "25-move rule" not in page


@pytest.mark.parametrize(
    ("variant", "claim", "english", "french"),
    [
        (
            "international",
            "wrong-result",
            "FMJD rules, end of the game",
            "Règlement FMJD, fin de partie",
        ),
        (
            "thai",
            "illegal-move",
            "rules of Thai draughts, moves and captures",
            "règles des dames thaïlandaises, marche et prise",
        ),
        (
            "ugolki",
            "wrong-result",
            "rules of ugolki, end of the game",
            "règles des ugolki, fin de partie",
        ),
    ],
)
def test_the_rules_of_play_and_of_the_end_are_cited_in_the_page_language(
    client, organizer, official_arbiter, variant, claim, english, french
):
    """Each game's citations are written once where the game is defined (arbiter) and shown
    translated on the dispute page."""
    round_ = published_round(organizer, official_arbiter, variant=variant)
    game = Game.objects.get(pairing__round=round_)
    dispute = dispute_open(game=game, claim=claim, statement="s", user=organizer)
    client.force_login(official_arbiter)
    url = reverse("desk:dispute", args=(dispute.pk,))
    assert english in client.get(url).content.decode()
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert french in page and english not in page


def test_an_arbiter_rules_through_the_page(client, dispute, official_arbiter, game):
    client.force_login(official_arbiter)
    url = reverse("desk:dispute", args=(dispute.pk,))
    answer = client.post(
        url,
        {"decision": "adjust", "result": "1/2", "reason": "Agreed draw.", "expected_version": 1},
    )
    assert answer.status_code == 302
    assert Game.objects.get(pk=game.pk).result == GameResult.DRAW
    page = client.get(url).content.decode()
    assert "Agreed draw." in page and 'name="reason"' not in page


def test_the_replay_ruling_accepts_the_ply_it_proposes(client, game, organizer, official_arbiter):
    """A dispute on an illegal move at ply 3: the form proposes to resume after ply 2 (the
    last position reached legally), accepts it, and says the range of a ply out of it."""
    record_save(game=game, pdn='[GameType "20"]\n1. 32-28 19-23 2. 28-22 *', user=organizer)
    dispute = dispute_open(
        game=game, claim="illegal-move", statement="28-22 is illegal.", ply=3, user=organizer
    )
    client.force_login(official_arbiter)
    url = reverse("desk:dispute", args=(dispute.pk,))
    page = client.get(url).content.decode()
    proposed = re.search(r'name="ply" value="(\d+)"[^>]*max="(\d+)"', page)
    assert proposed and proposed.groups() == ("2", "2")
    refused = client.post(url, {"decision": "replay", "ply": 3, "reason": "r"})
    assert refused.status_code == 200
    assert "less than or equal to 2" in refused.content.decode()
    answer = client.post(
        url,
        {
            "decision": "replay",
            "ply": proposed[1],
            "reason": "Replay 28-22.",
            "expected_version": 0,
        },
    )
    assert answer.status_code == 302, answer.content.decode()[-2000:]
    assert Dispute.objects.get(pk=dispute.pk).ruling.replay_from_ply == 2


def test_a_stale_ruling_shows_the_refusal(client, dispute, official_arbiter, game, organizer):
    client.force_login(official_arbiter)
    result_record(game=game, result=GameResult.BLACK_WIN, user=organizer)
    answer = client.post(
        reverse("desk:dispute", args=(dispute.pk,)),
        {"decision": "adjust", "result": "1/2", "reason": "r", "expected_version": 1},
    )
    assert answer.status_code == 200 and "changed since you saw it" in answer.content.decode()
    assert Dispute.objects.get(pk=dispute.pk).status == DisputeStatus.OPEN


@pytest.fixture
def others(organizer, official_arbiter):
    other_organizer = UserFactory(username="other-organizer")
    other_arbiter = UserFactory(username="other-arbiter")
    published_round(other_organizer, other_arbiter)
    return {
        "stranger": UserFactory(username="stranger", is_staff=False),
        "other organizer": other_organizer,
        "other arbiter": other_arbiter,
    }


@pytest.mark.parametrize("who", ["anonymous", "stranger", "other organizer", "other arbiter"])
def test_outsiders_see_and_change_nothing(client, who, others, dispute, game):
    if who != "anonymous":
        client.force_login(others[who])
    event = game.pairing.round.event
    expected = 302 if who == "anonymous" else 403  # anonymous: sent to log in
    pages = [
        reverse("desk:desk", args=(event.slug,)),
        reverse("desk:dispute", args=(dispute.pk,)),
        reverse("desk:dispute_open", args=(game.pk,)),
    ]
    for url in pages:
        assert client.get(url).status_code == expected
    ruling = {"decision": "adjust", "result": "0-1", "reason": "mine", "expected_version": 1}
    assert client.post(pages[1], ruling).status_code == expected
    claim = {"claim": "wrong-result", "statement": "mine"}
    assert client.post(pages[2], claim).status_code == expected
    assert Dispute.objects.filter(game=game).count() == 1
    assert Dispute.objects.get(pk=dispute.pk).status == DisputeStatus.OPEN
    assert Game.objects.get(pk=game.pk).result == GameResult.WHITE_WIN


def test_a_player_opens_a_dispute_sees_it_and_cannot_rule(client, game, dispute):
    player = game.black.player.user
    client.force_login(player)
    answer = client.post(
        reverse("desk:dispute_open", args=(game.pk,)),
        {"claim": "draw-by-rule", "ply": "4", "statement": "Draw by the 25-move rule."},
    )
    opened = Dispute.objects.get(game=game, claim="draw-by-rule")
    assert answer.url == reverse("desk:dispute", args=(opened.pk,))
    page = client.get(answer.url).content.decode()
    assert "Waiting for the arbiter" in page and 'name="reason"' not in page
    assert "25-move rule (automatic)" in page  # the draw rules with their counters
    ruling = {"decision": "reject", "reason": "mine"}
    assert client.post(answer.url, ruling).status_code == 403
    assert (
        client.get(reverse("desk:desk", args=(game.pairing.round.event.slug,))).status_code == 403
    )


def test_the_desk_lists_disputes_and_flagged_records(
    client, dispute, organizer, django_capture_on_commit_callbacks, official_arbiter
):
    other = Game.objects.exclude(pk=dispute.game_id).filter(
        pairing__round__event=dispute.game.pairing.round.event
    )
    assert not other.exists()  # one board: flag the disputed game itself
    with django_capture_on_commit_callbacks(execute=True):
        record_save(
            game=dispute.game, pdn='[GameType "20"]\n1. 32-28 19-23 2. 28-22 *', user=organizer
        )
    client.force_login(official_arbiter)
    page = client.get(reverse("desk:desk", args=(dispute.game.pairing.round.event.slug,)))
    text = page.content.decode()
    assert "I did not resign." not in text  # statements stay on the dispute page
    assert "Wrong result" in text or "wrong result" in text
    assert "ply 3" in text and "capture is compulsory" in text


def test_the_ruling_form_names_each_result_once():
    from games.forms import RulingForm

    labels = [
        str(label) for _code, label in RulingForm(variant="international").fields["result"].choices
    ]
    assert "2-0 (white wins)" in labels and "+/- (white wins by forfeit)" in labels
    assert len(set(labels)) == len(labels)
    assert not any(label.count("(") > 1 for label in labels)


def test_a_draft_event_is_a_404_on_the_desk_for_whoever_may_not_preview_it(
    client, game, dispute, organizer
):
    """A draft's slug, games and disputes tell a stranger nothing (404, as on the public
    pages); a published event's desk is a 403 for them (its existence is public), and the
    draft's organizer still reaches it."""
    event = game.pairing.round.event
    stranger = UserFactory(username="stranger", is_staff=True)
    pages = (
        reverse("desk:desk", args=(event.slug,)),
        reverse("desk:upload", args=(event.slug,)),
        reverse("desk:dispute", args=(dispute.pk,)),
        reverse("desk:dispute_open", args=(game.pk,)),
    )
    client.force_login(stranger)
    assert [client.get(page).status_code for page in pages] == [403] * 4
    assert client.post(reverse("desk:assign", args=(event.slug,))).status_code == 403
    event.published = False
    event.save()
    assert [client.get(page).status_code for page in pages] == [404] * 4
    assert client.post(reverse("desk:assign", args=(event.slug,))).status_code == 404
    assert client.get(reverse("desk:desk", args=("no-such-event",))).status_code == 404
    client.force_login(organizer)
    assert [client.get(page).status_code for page in pages] == [200] * 4
