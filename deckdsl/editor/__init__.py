"""The designer's editor loop: `highlight` (a Pygments lexer for deck and game files), `lsp` (the language
server, `deckdsl lsp`) and `preview` (the live preview in the browser, `deckdsl preview`)."""
