Content-Length: 125

{"jsonrpc": "2.0", "id": "start", "method": "initialize", "params": {"processId": null, "rootUri": null, "capabilities": {}}}Content-Length: 67

{"jsonrpc": "2.0", "method": "initialized", "params": {}, "id": 23}