"""The browser client: static HTML, CSS and ES modules served at / by `pasture serve`.

No build step and nothing fetched from elsewhere: the page talks only to the server's
REST API and its websocket (docs/server.md, docs/web.md). There is no Python here.
"""
