Content-Length: 125

{"jsonrpc": "2.0", "id": "start", "method": "initialize", "params": {"processId": null, "rootUri": null, "capabilities": {}}}Content-Length: 433

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///tmp/deckdsl-fuzz-skkmp2ux/lsp/b.deck", "languageId": "plaintext", "version": 27, "text": "# expect: DK502 9:5\n# message: `alias`\n# help: did you mean `aliases`?\n# caret: alias\n# A typo in a field of an attribute.\ngame \"Cartas\" {\n  id: 11-unknown-field\n  attribute rank {\n    alias: [valor]\n    values: [J, Q, K]\n  }\n}\n"}}}Content-Length: 69

{"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": []}}