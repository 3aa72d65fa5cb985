"""Pure scoring: what results are worth and how players are ranked on them.

Nothing here imports Django; the app turns its rows into the values of
:mod:`tournaments.values` and calls these functions.

- :mod:`~tournaments.scoring.results`: TRF codes and points of a game's result;
- :mod:`~tournaments.scoring.matches`: a pairing's result, two-game matches (match points);
- :mod:`~tournaments.scoring.tiebreaks`: the tie-breaks of FIDE C.07, one function each;
- :mod:`~tournaments.scoring.standings`: ranking by points and tie-breaks, shared places;
- :mod:`~tournaments.scoring.crosstable`: the crosstable as plain data;
- :mod:`~tournaments.scoring.performance`: rating performance.
"""
