"""The core's reads (selectors): rows turned into the pure algorithms' values and into what
pages, documents and the API show. One module per concept, imported by its own name
(``from tournaments.selectors.standings import standings_get``); this file re-exports nothing.
"""
