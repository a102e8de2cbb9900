"""Pages people use in a browser: the chat widget a venue embeds on its site (`web/widget/`) and the
staff console (`web/console/`). Plain HTML, CSS and JavaScript shipped in the package, no build step;
the routes that serve them are in `concierge.http.app` (the local server) and
`concierge.http.functions` (the deployed `console` function)."""
