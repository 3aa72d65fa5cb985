"""Ballot decks and draws, pure Python (no ORM).

- :mod:`tournaments.ballots.cards`: a card (opening moves or a start position) replayed with
  ``arbiter`` to the position the players start from, and drawn as a diagram.
- :mod:`tournaments.ballots.dealt`: a card as it is dealt to a board, the one value pairing
  lists, printed sheets and the check of a game record's opening read (no Django).
- :mod:`tournaments.ballots.decks`: the published decks shipped in ``tournaments/data/ballots``
  (docs/rules/tournaments.md §6), read and validated card by card, known source errors
  handled explicitly.
- :mod:`tournaments.ballots.draw`: the auditable draw (a seed picks a card from the cards still
  in the deck; re-running from the seed gives the same card).

The models and services (``tournaments.models``, ``tournaments.services.ballots``) store and
write what these functions compute.
"""
