"""The routes of the public pages, one module per group of tournaments.views, each with its
own namespace (config.urls includes them). This file imports nothing."""
