Content-Length: 125

{"jsonrpc": "2.0", "id": "start", "method": "initialize", "params": {"processId": null, "rootUri": null, "capabilities": {}}}Content-Length: 281

{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///tmp/deckdsl-fuzz-skkmp2ux/lsp/%25ZZ.deck", "version": 2}, "contentChanges": [{"range": {"start": {"line": 48, "character": 13}, "end": {"line": 41, "character": 16}}, "text": "x"}]}}