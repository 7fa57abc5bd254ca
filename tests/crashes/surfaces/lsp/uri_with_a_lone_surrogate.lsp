Content-Length: 125

{"jsonrpc": "2.0", "id": "start", "method": "initialize", "params": {"processId": null, "rootUri": null, "capabilities": {}}}Content-Length: 190

{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:/// \ud800 tmp/deckdsl-fuzz-b85eec_k/lsp/a.deck", "languageId": "", "version": 19, "text": {}}}}