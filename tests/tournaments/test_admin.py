"""The admin site: every page renders, and an organizer runs an event end to end from /admin/."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.client import form_data, logged_in, message_texts
from tests.factories import (
    PlayerFactory,
    event_with_players,
    make_organizer,
    played_event,
)
from tournaments.forms import game_field_names
from tournaments.models import (
    Event,
    Game,
    GameResult,
    ImportJob,
    Player,
    ProhibitedPairing,
    Round,
    RoundStatus,
)
from tournaments.services import results, rounds
from tournaments.services.players import player_create

pytestmark = pytest.mark.django_db


def admin_pages(event: Event, round_: Round) -> list[str]:
    """Every admin page of the tournament core for one event and its first round."""
    pairing = round_.pairings.order_by("board").first()
    game = Game.objects.filter(pairing=pairing).first()
    registration = event.registrations.order_by("pairing_number").first()
    player = registration.player
    pages = [reverse("admin:index"), reverse("admin:app_list", args=("tournaments",))]
    for name, obj in (
        ("tournaments_player", player),
        ("tournaments_event", event),
        ("tournaments_registration", registration),
        ("tournaments_round", round_),
        ("tournaments_pairing", pairing),
        ("tournaments_game", game),
    ):
        pages += [
            reverse(f"admin:{name}_changelist"),
            reverse(f"admin:{name}_change", args=(obj.pk,)),
            reverse(f"admin:{name}_history", args=(obj.pk,)),
        ]
    history = pairing.history.first()
    pages += [
        reverse("admin:tournaments_pairing_simple_history", args=(pairing.pk, history.pk)),
        reverse("admin:tournaments_player_add"),
        reverse("admin:tournaments_event_add"),
        reverse("admin:tournaments_registration_add") + f"?event={event.pk}",
        reverse("admin:tournaments_player_import"),
        reverse("admin:tournaments_event_standings", args=(event.pk,)),
        reverse("admin:tournaments_round_results", args=(round_.pk,)),
        reverse("admin:tournaments_round_changelist") + f"?event__id__exact={event.pk}",
    ]
    return pages


# --- every page renders --------------------------------------------------------------------


@pytest.mark.parametrize("role", ["superuser", "organizer"])
def test_every_admin_page_renders(role, django_user_model):
    organizer = make_organizer("olga")
    event, round_ = played_event(organizer)
    if role == "superuser":
        user = django_user_model.objects.create_superuser("root", "root@example.org", "x")
    else:
        user = organizer
    client = logged_in(user)
    for url in admin_pages(event, round_):
        response = client.get(url)
        assert response.status_code == 200, f"{url} answered {response.status_code}"


def test_player_contact_details_only_on_the_change_form():
    organizer = make_organizer("olga")
    player_create(
        {"first_name": "Ton", "last_name": "Sijbrands", "email": "ton@example.org"},
        user=organizer,
    )
    client = logged_in(organizer)
    listing = client.get(reverse("admin:tournaments_player_changelist")).content.decode()
    assert "Sijbrands" in listing and "ton@example.org" not in listing
    player = Player.objects.get(last_name="Sijbrands")
    form = client.get(reverse("admin:tournaments_player_change", args=(player.pk,)))
    assert "ton@example.org" in form.content.decode()


def test_player_search_and_filters():
    organizer = make_organizer("olga")
    PlayerFactory(last_name="Boomstra", federation="NED", club="Hoogeveen")
    PlayerFactory(last_name="Georgiev", federation="RUS", club="Moscow")
    client = logged_in(organizer)
    url = reverse("admin:tournaments_player_changelist")
    found = client.get(url, {"q": "boom"}).content.decode()
    assert "Boomstra" in found and "Georgiev" not in found
    filtered = client.get(url, {"federation": "RUS"}).content.decode()
    assert "Georgiev" in filtered and "Boomstra" not in filtered
    by_club = client.get(url, {"club": "Hoogeveen"}).content.decode()
    assert "Boomstra" in by_club and "Georgiev" not in by_club


# --- the whole flow ------------------------------------------------------------------------


def test_an_organizer_runs_an_event_end_to_end():
    organizer = make_organizer("olga")
    client = logged_in(organizer)

    # Create the event through the add form.
    add = client.get(reverse("admin:tournaments_event_add"))
    data = form_data(add, "event_form")
    data.update(
        name=["Hoogeveen Open"],
        slug=["hoogeveen-open"],
        variant=["international"],
        start_date=["2026-07-01"],
        end_date=["2026-07-09"],
        system=["swiss"],
        number_of_rounds=["5"],
        tiebreaks=["tsol, SB"],
    )
    response = client.post(reverse("admin:tournaments_event_add"), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    event = Event.objects.get(slug="hoogeveen-open")
    assert list(event.organizers.all()) == [organizer]
    assert event.points_win == 2 and event.points_draw == 1
    assert event.tiebreaks == ["TSOL", "SB"]

    # Register six players with the changelist action.
    players = [PlayerFactory(rating=2300 - 10 * index) for index in range(6)]
    response = client.post(
        reverse("admin:tournaments_player_changelist"),
        {
            "action": "register_in_event",
            "_selected_action": [p.pk for p in players],
            "event": event.pk,
            "apply": "1",
        },
    )
    assert response.status_code == 302
    assert event.registrations.count() == 6
    numbers = dict(event.registrations.values_list("player_id", "pairing_number"))
    assert [numbers[p.pk] for p in players] == [1, 2, 3, 4, 5, 6]

    # Prohibit 1 v 2 through the event page's inline, before round 1.
    change_url = reverse("admin:tournaments_event_change", args=(event.pk,))
    data = form_data(client.get(change_url), "event_form")
    first, second = event.registrations.order_by("pairing_number")[:2]
    data.update(
        {
            "prohibited_pairings-TOTAL_FORMS": ["1"],
            "prohibited_pairings-0-first": [str(first.pk)],
            "prohibited_pairings-0-second": [str(second.pk)],
            "prohibited_pairings-0-reason": ["club"],
            "prohibited_pairings-0-note": [""],
        }
    )
    response = client.post(change_url, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert ProhibitedPairing.objects.filter(event=event).count() == 1

    # Pair round 1 (a draft), shown on the round page.
    response = client.post(reverse("admin:tournaments_event_pair_next_round", args=(event.pk,)))
    round_1 = Round.objects.get(event=event, number=1)
    assert response.url == reverse("admin:tournaments_round_change", args=(round_1.pk,))
    assert round_1.status == RoundStatus.DRAFT and round_1.pairings.count() == 3
    page = client.get(response.url).content.decode()
    assert "Publish" in page and "Delete draft" in page

    # Hand edit: put 1 against 2 on board 1; the prohibited pair is warned about, and saved.
    board_1 = round_1.pairings.get(board=1)
    edit_url = reverse("admin:tournaments_pairing_change", args=(board_1.pk,))
    assert client.get(edit_url).status_code == 200
    response = client.post(edit_url, {"white": first.pk, "black": second.pk}, follow=True)
    texts = message_texts(response)
    assert any("must not be paired" in text for text in texts), texts
    assert "must not be paired" in response.content.decode()
    board_1.refresh_from_db()
    assert (board_1.white_id, board_1.black_id, board_1.manual) == (first.pk, second.pk, True)
    assert history_users(board_1) >= {"olga"}

    # Publish over the warning (asked first), then enter every result on the one sheet.
    publish_url = reverse("admin:tournaments_round_publish", args=(round_1.pk,))
    assert "despite these warnings" in client.post(publish_url).content.decode()
    client.post(publish_url, {"confirmed": "1"})
    round_1.refresh_from_db()
    assert round_1.status == RoundStatus.PUBLISHED
    results_url = reverse("admin:tournaments_round_results", args=(round_1.pk,))
    data = form_data(client.get(results_url), "results-form")
    games = list(Game.objects.filter(pairing__round=round_1).order_by("pairing__board"))
    chosen = [GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_FORFEIT_WIN]
    for game, result in zip(games, chosen, strict=True):
        data[game_field_names(game.pk)[0]] = [result]
    response = client.post(results_url, data)
    assert response.status_code == 302
    assert [
        g.result for g in Game.objects.filter(pairing__round=round_1).order_by("pairing__board")
    ] == chosen

    # Complete round 1, pair round 2.
    client.post(reverse("admin:tournaments_round_complete", args=(round_1.pk,)), {"confirmed": "1"})
    round_1.refresh_from_db()
    assert round_1.status == RoundStatus.COMPLETED
    client.post(reverse("admin:tournaments_event_pair_next_round", args=(event.pk,)))
    round_2 = Round.objects.get(event=event, number=2)
    assert round_2.status == RoundStatus.DRAFT and round_2.pairings.count() == 3

    # The standings after round 1 show the points and each tie-break.
    standings = client.get(reverse("admin:tournaments_event_standings", args=(event.pk,)))
    text = standings.content.decode()
    assert "TSOL" in text and "SB" in text
    # Pairing number 1 (rating 2300) won board 1: 2 points.
    assert re.search(r"<td>1</td>\s*<td>[^<]+</td><td>2300</td><td>2</td>", text)
    assert re.search(r'<option value="1" selected>1</option>', text)  # the round shown
    start = text.index('id="standings"')
    table = text[start : text.index("</table>", start)]
    assert table.count("<tr>") == 7  # the header and six players


def history_users(obj) -> set[str]:
    return {record.history_user.username for record in obj.history.all() if record.history_user}


# --- rounds: refusals are admin messages ---------------------------------------------------


def test_pairing_a_round_while_the_previous_one_is_open_is_refused_with_a_message():
    organizer = make_organizer("olga")
    event, _ = played_event(organizer)
    client = logged_in(organizer)
    response = client.post(
        reverse("admin:tournaments_event_pair_next_round", args=(event.pk,)), follow=True
    )
    assert any("must be completed before round 2" in t for t in message_texts(response))
    assert event.rounds.count() == 1


def test_delete_draft_is_refused_once_the_round_is_published():
    organizer = make_organizer("olga")
    _, round_ = played_event(organizer)
    client = logged_in(organizer)
    response = client.post(
        reverse("admin:tournaments_round_delete_draft", args=(round_.pk,)),
        {"confirmed": "1"},
        follow=True,
    )
    assert any("only a draft round can be deleted" in t for t in message_texts(response))
    assert Round.objects.filter(pk=round_.pk).exists()


def test_delete_draft_removes_the_draft():
    organizer = make_organizer("olga")
    event = event_with_players(organizer, players=4)
    round_ = rounds.round_pair(event=event, user=organizer)
    client = logged_in(organizer)
    url = reverse("admin:tournaments_round_delete_draft", args=(round_.pk,))
    asked = client.post(url)
    assert "Delete the draft" in asked.content.decode() and Round.objects.filter(pk=round_.pk)
    response = client.post(url, {"confirmed": "1"})
    assert response.url == reverse("admin:tournaments_event_change", args=(event.pk,))
    assert not Round.objects.filter(pk=round_.pk).exists()


def test_completing_a_round_with_pending_games_names_the_boards():
    organizer = make_organizer("olga")
    _, round_ = played_event(organizer)
    client = logged_in(organizer)
    response = client.post(
        reverse("admin:tournaments_round_complete", args=(round_.pk,)),
        {"confirmed": "1"},
        follow=True,
    )
    assert any("boards 2, 3 have no result yet" in t for t in message_texts(response))


# --- the result sheet ----------------------------------------------------------------------


def test_result_sheet_lists_both_games_of_a_two_game_pairing_and_saves_them():
    organizer = make_organizer("olga")
    event = event_with_players(organizer, players=4, games_per_pairing=2, ranking="match")
    round_ = rounds.round_publish(
        round=rounds.round_pair(event=event, user=organizer), user=organizer
    )
    client = logged_in(organizer)
    url = reverse("admin:tournaments_round_results", args=(round_.pk,))
    page = client.get(url)
    games = list(Game.objects.filter(pairing__round=round_))
    assert len(games) == 4
    data = form_data(page, "results-form")
    for game in games:
        assert game_field_names(game.pk)[0] in data
        data[game_field_names(game.pk)[0]] = [GameResult.DRAW]
    assert client.post(url, data).status_code == 302
    assert set(Game.objects.filter(pairing__round=round_).values_list("result", flat=True)) == {
        GameResult.DRAW
    }


@pytest.mark.parametrize(
    "page",
    [
        lambda event, round_: reverse("admin:tournaments_round_results", args=(round_.pk,)),
        lambda event, round_: reverse("admin:tournaments_round_change", args=(round_.pk,)),
        lambda event, round_: reverse("admin:tournaments_event_change", args=(event.pk,)),
        lambda event, round_: reverse("admin:tournaments_event_standings", args=(event.pk,)),
        lambda event, round_: reverse("admin:tournaments_game_changelist"),
        lambda event, round_: reverse("admin:tournaments_pairing_changelist"),
        lambda event, round_: reverse("admin:tournaments_registration_changelist"),
        lambda event, round_: reverse("admin:tournaments_round_changelist"),
    ],
    ids=["results", "round", "event", "standings", "games", "pairings", "registrations", "rounds"],
)
def test_pages_run_a_number_of_queries_independent_of_the_event_size(page):
    counts = []
    for players in (4, 12):
        organizer = make_organizer(f"olga{players}")
        event, round_ = played_event(organizer, players=players)
        client = logged_in(organizer)
        url = page(event, round_)
        client.get(url)  # warms the per-process caches (content types...)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], f"{counts[0]} queries for 4 players, {counts[1]} for 12"


def test_a_concurrent_change_is_reported_on_its_board_and_nothing_is_saved():
    organizer = make_organizer("olga")
    colleague = make_organizer("chiefarbiter")
    _, round_ = played_event(organizer)
    client = logged_in(organizer)
    url = reverse("admin:tournaments_round_results", args=(round_.pk,))
    data = form_data(client.get(url), "results-form")
    game_2, game_3 = Game.objects.filter(pairing__round=round_).order_by("pairing__board")[1:]
    # Someone else enters board 2 after the sheet was read.
    results.result_record(game=game_2, result=GameResult.DRAW, user=colleague)
    data[game_field_names(game_2.pk)[0]] = [GameResult.BLACK_WIN]
    data[game_field_names(game_3.pk)[0]] = [GameResult.WHITE_WIN]
    response = client.post(url, data)
    assert response.status_code == 200
    text = response.content.decode()
    assert re.search(r"Changed by chiefarbiter at \d\d:\d\d: reload the sheet", text)
    assert "Nothing was saved" in text
    game_2.refresh_from_db()
    game_3.refresh_from_db()
    assert (game_2.result, game_3.result) == (GameResult.DRAW, GameResult.PENDING)


def test_an_untouched_board_changed_meanwhile_is_left_alone():
    organizer = make_organizer("olga")
    _, round_ = played_event(organizer)
    client = logged_in(organizer)
    url = reverse("admin:tournaments_round_results", args=(round_.pk,))
    data = form_data(client.get(url), "results-form")
    game_2, game_3 = Game.objects.filter(pairing__round=round_).order_by("pairing__board")[1:]
    results.result_record(game=game_2, result=GameResult.DRAW, user=organizer)
    data[game_field_names(game_3.pk)[0]] = [GameResult.WHITE_WIN]
    assert client.post(url, data).status_code == 302
    game_2.refresh_from_db()
    game_3.refresh_from_db()
    assert (game_2.result, game_3.result) == (GameResult.DRAW, GameResult.WHITE_WIN)


def test_result_sheet_of_a_draft_has_no_save():
    organizer = make_organizer("olga")
    event = event_with_players(organizer, players=4)
    round_ = rounds.round_pair(event=event, user=organizer)
    page = logged_in(organizer).get(reverse("admin:tournaments_round_results", args=(round_.pk,)))
    assert 'value="Save"' not in page.content.decode()


# --- history -------------------------------------------------------------------------------


def test_history_of_a_game_lists_who_entered_its_result():
    organizer = make_organizer("olga")
    _, round_ = played_event(organizer)
    game = Game.objects.filter(pairing__round=round_).order_by("pairing__board")[1]
    client = logged_in(make_organizer("chiefarbiter"))
    Event.objects.get(pk=round_.event_id).organizers.add(
        type(organizer).objects.get(username="chiefarbiter")
    )
    url = reverse("admin:tournaments_round_results", args=(round_.pk,))
    data = form_data(client.get(url), "results-form")
    data[game_field_names(game.pk)[0]] = [GameResult.BLACK_WIN]
    assert client.post(url, data).status_code == 302
    history = client.get(reverse("admin:tournaments_game_history", args=(game.pk,)))
    assert history.status_code == 200
    text = history.content.decode()
    assert "chiefarbiter" in text and "0-1" in text


def test_history_cannot_revert_a_game():
    organizer = make_organizer("olga")
    _, round_ = played_event(organizer)
    game = Game.objects.filter(pairing__round=round_).order_by("pairing__board").first()
    first_version = game.history.order_by("history_date").first()
    url = reverse("admin:tournaments_game_simple_history", args=(game.pk, first_version.pk))
    response = logged_in(organizer).post(url, {"result": GameResult.PENDING})
    assert response.status_code == 403
    game.refresh_from_db()
    assert game.result == GameResult.WHITE_WIN


# --- CSV import ----------------------------------------------------------------------------


def upload(client, capture, text: str | bytes, name: str = "players.csv"):
    """Post the file: the answer is at once a redirect to its job's page, which shows the
    preview once the job (run here as the transaction commits) is done."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = text if isinstance(text, bytes) else text.encode()
    file = SimpleUploadedFile(name, data, content_type="text/csv")
    with capture(execute=True):
        answer = client.post(reverse("admin:tournaments_player_import"), {"file": file})
    job = ImportJob.objects.latest("pk")
    assert answer.status_code == 302
    assert answer.url == reverse("admin:tournaments_player_import_job", args=(job.pk,))
    return client.get(answer.url)


def confirm(client, capture, preview):
    """Confirm the preview shown: the import runs as a job, then the job's page leads to
    the players' list."""
    data = form_data(preview, "import-confirm")
    with capture(execute=True):
        posted = client.post(preview.wsgi_request.path, {**data, "confirm": "1"})
    assert posted.status_code == 302 and posted.url == preview.wsgi_request.path
    return client.get(posted.url)


def test_csv_import_previews_then_writes_only_when_confirmed(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    client = logged_in(make_organizer("olga"))
    text = (
        "last_name,first_name,federation,fmjd_id,rating,title,club\n"
        "Boomstra,Roel,NED,16052,2400,GMI,Hoogeveen\n"
        "Georgiev,Alexander,RUS,13001,2390,GMI,\n"
    )
    preview = upload(client, capture, text)
    page = preview.content.decode()
    assert "2 players will be created" in page and not Player.objects.exists()
    response = confirm(client, capture, preview)
    assert response.status_code == 302
    assert response.url == reverse("admin:tournaments_player_changelist")
    assert "Import done: 2 players created, 0 players updated." in message_texts(response)
    preview = upload(client, capture, text.replace("2400", "2410"))
    page = preview.content.decode()
    assert "1 player will be changed" in page and "2400 → 2410" in page
    assert Player.objects.get(fmjd_id="16052").rating == 2400
    confirm(client, capture, preview)
    assert Player.objects.get(fmjd_id="16052").rating == 2410


def test_csv_import_of_a_file_changed_since_its_preview_shows_the_new_preview(
    django_capture_on_commit_callbacks,
):
    capture = django_capture_on_commit_callbacks
    client = logged_in(make_organizer("olga"))
    text = "last_name,first_name,fmjd_id,rating\nBoomstra,Roel,16052,2400\n"
    preview = upload(client, capture, text)
    player_create(
        {"last_name": "Boomstra", "first_name": "Roel", "fmjd_id": "16052", "rating": 2300},
        user=None,
    )
    again = confirm(client, capture, preview)
    page = again.content.decode()
    assert again.status_code == 200 and "The players changed since the preview" in page
    assert "2300 → 2400" in page
    assert Player.objects.get(fmjd_id="16052").rating == 2300


def test_csv_import_preview_names_each_refused_line(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    client = logged_in(make_organizer("olga"))
    text = (
        "last_name;first_name;federation;rating;remarks\n"
        "Boomstra;Roel;NED;2400;1\n"
        "Georgiev;Alexander;RUS;strong;1\n"
        '"Baljakin;Alexander;RUS;2380;1\n'
        "Héron;Zoë;FRA;2000;1\n"
    )
    preview = upload(client, capture, text.encode("cp1252"))
    page = preview.content.decode()
    assert "2 lines refused" in page and "These columns are not known" in page
    assert "strong" in page and "quotation marks" in page
    confirm(client, capture, preview)
    assert set(Player.objects.values_list("last_name", flat=True)) == {"Boomstra", "Héron"}


def test_csv_import_refuses_a_file_without_the_required_columns(
    django_capture_on_commit_callbacks,
):
    client = logged_in(make_organizer("olga"))
    page = upload(
        client, django_capture_on_commit_callbacks, "nickname,town\nBoomstra,Roel\n"
    ).content.decode()
    assert "lacks the column(s) last_name, first_name" in page
    assert ImportJob.objects.get().status == "failed"
    assert not Player.objects.exists()


def test_registration_of_a_player_already_in_the_event_is_refused_with_a_message():
    organizer = make_organizer("olga")
    event = event_with_players(organizer, players=2)
    player = event.registrations.first().player
    client = logged_in(organizer)
    response = client.post(
        reverse("admin:tournaments_player_changelist"),
        {
            "action": "register_in_event",
            "_selected_action": [player.pk],
            "event": event.pk,
            "apply": "1",
        },
        follow=True,
    )
    assert any("already registered" in t for t in message_texts(response))
    assert event.registrations.count() == 2


def test_late_entry_withdrawal_and_bye_through_the_registration_pages():
    organizer = make_organizer("olga")
    event, _ = played_event(organizer)
    client = logged_in(organizer)
    latecomer = PlayerFactory(last_name="Latecomer")
    add = reverse("admin:tournaments_registration_add")
    response = client.post(
        add,
        {
            "event": event.pk,
            "player": latecomer.pk,
            "rating": "",
            "joined_round": "2",
            "missed_rounds_half_point": "on",
        },
    )
    assert response.status_code == 302
    late = event.registrations.get(player=latecomer)
    assert (late.pairing_number, late.joined_round, late.missed_rounds_half_point) == (7, 2, True)
    withdraw = reverse("admin:tournaments_registration_withdraw", args=(late.pk,))
    response = client.post(withdraw, {"from_round": "4"})
    assert response.status_code == 200 and b"Not paired from round 4 on" in response.content
    late.refresh_from_db()
    assert late.withdrawn_from_round is None  # the preview writes nothing
    client.post(withdraw, {"from_round": "4", "confirmed": "1"})
    late.refresh_from_db()
    assert late.withdrawn_from_round == 4
    bye = reverse("admin:tournaments_registration_bye", args=(late.pk,))
    client.post(bye, {"round_number": "3"})
    assert list(late.bye_requests.values_list("round_number", flat=True)) == [3]
    response = client.post(bye, {"round_number": "1"}, follow=True)
    assert any("already paired" in t for t in message_texts(response))


def test_with_a_broker_the_round_is_paired_by_a_worker_after_commit(
    eager_celery, django_capture_on_commit_callbacks
):
    from unittest import mock

    eager_celery.conf.task_always_eager = False  # as with a broker (restored by the fixture)
    organizer = make_organizer("olga")
    event = event_with_players(organizer, players=4)
    client = logged_in(organizer)
    url = reverse("admin:tournaments_event_pair_next_round", args=(event.pk,))
    with (
        mock.patch("tournaments.tasks.round_pair_task.delay") as delay,
        django_capture_on_commit_callbacks(execute=True),
    ):
        response = client.post(url, follow=True)
    round_ = Round.objects.get(event=event, number=1)
    delay.assert_called_once_with(round_.pk, organizer.pk)
    assert any("being paired by a worker" in t for t in message_texts(response))
    assert "a worker may still be pairing this round" in response.content.decode()


def test_an_unknown_tiebreak_code_is_refused_on_the_event_form():
    organizer = make_organizer("olga")
    event = event_with_players(organizer, players=2, tiebreaks=["TSOL", "SB"])
    client = logged_in(organizer)
    url = reverse("admin:tournaments_event_change", args=(event.pk,))
    data = form_data(client.get(url), "event_form")
    assert data["tiebreaks"] == ["TSOL, SB"]
    data["tiebreaks"] = ["TSOL, XYZ"]
    response = client.post(url, data)
    assert response.status_code == 200
    assert "Unknown tie-break code(s) XYZ" in response.content.decode()
    event.refresh_from_db()
    assert event.tiebreaks == ["TSOL", "SB"]


@pytest.mark.parametrize("model", [Event, Player])
def test_the_admin_form_shows_every_editable_field(model):
    from django.contrib import admin

    fieldsets = admin.site._registry[model].fieldsets
    shown = {
        name
        for _, options in fieldsets
        for entry in options["fields"]
        for name in ((entry,) if isinstance(entry, str) else entry)
    }
    editable = {
        f.name for f in model._meta.get_fields() if f.concrete and not f.auto_created and f.editable
    }
    assert shown == editable


def test_a_round_robin_round_shows_its_rest_board_on_the_round_page_and_sheet():
    from tournaments.models import System

    organizer = make_organizer("olga")
    event = event_with_players(organizer, players=5, system=System.ROUND_ROBIN)
    client = logged_in(organizer)
    client.post(reverse("admin:tournaments_event_pair_next_round", args=(event.pk,)))
    round_ = event.rounds.get()
    page = client.get(reverse("admin:tournaments_round_change", args=(round_.pk,)))
    assert "zero-point bye" in page.content.decode()
    rounds.round_publish(round=round_, user=organizer)
    sheet = client.get(reverse("admin:tournaments_round_results", args=(round_.pk,)))
    assert "zero-point bye" in sheet.content.decode()
    assert len(form_data(sheet, "results-form")) == 1 + 3 * 2  # CSRF token, 2 games x 3 fields
