"""One International game served to the relay in growing versions (issue 26's test)."""

#: A legal game of 40 plies (seeded random moves), in the arbiter's notation.
PLIES = tuple(
    [
        "34-29",
        "20-24",
        "29x20",
        "14x25",
        "33-28",
        "16-21",
        "28-22",
        "17x28",
        "32x14",
        "9x20",
        "37-32",
        "18-23",
        "39-33",
        "13-19",
        "43-39",
        "21-27",
        "31x22",
        "12-18",
        "22x24",
        "20x29",
        "33x24",
        "11-16",
        "36-31",
        "3-9",
        "38-33",
        "23-28",
        "32x23",
        "9-14",
        "23-18",
        "4-9",
        "18-13",
        "8x30",
        "35x24",
        "7-11",
        "24-20",
        "15x24",
        "49-43",
        "16-21",
        "31-27",
        "21x32",
    ]
)

#: Ply 23 (White's) moves a man backwards: docs/rules/international.md §2.1.
WRONG_AT_23 = "32-37"


def version(
    plies: int | None = None,
    *,
    result: str = "*",
    wrong: bool = False,
    board: int = 1,
    round: int = 1,
) -> str:
    """The PDN of the game's first ``plies`` plies (all when None), with ``result``; with
    ``wrong``, ply 23 is replaced by an illegal move."""
    moves = list(PLIES[:plies] if plies is not None else PLIES)
    if wrong:
        moves[22] = WRONG_AT_23
    text = " ".join(
        f"{index // 2 + 1}. {move}" if index % 2 == 0 else move for index, move in enumerate(moves)
    )
    return (
        f'[Event "Relay"]\n[Round "{round}"]\n[Board "{board}"]\n[GameType "20"]\n'
        f'[White "?"]\n[Black "?"]\n[Result "{result}"]\n\n{text} {result}\n'
    )


def push_token(source) -> str:
    """The push token of the event of ``source`` (a RelaySource)."""
    from games.models import RelayToken

    return RelayToken.objects.get(event_id=source.round.event_id).token
