// The deckdsl extension: highlighting comes from the TextMate grammars (syntaxes/), everything else from
// the language server that `deckdsl lsp` runs over stdin/stdout.
'use strict';

const path = require('path');
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;

/** The executable of the `deckdsl.path` setting, with `${workspaceFolder}` and relative paths resolved. */
function executable() {
  const configured = vscode.workspace.getConfiguration('deckdsl').get('path') || 'deckdsl';
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  let command = configured.replace(/\$\{workspaceFolder\}/g, folder || '');
  // A bare name (`deckdsl`) is looked up on PATH; a relative path (`.venv/bin/deckdsl`) is the workspace's.
  if (folder && !path.isAbsolute(command) && /[\\/]/.test(command)) {
    command = path.join(folder, command);
  }
  return command;
}

async function start() {
  const command = executable();
  // No `transport`: the client then talks over the process's stdin/stdout without adding `--stdio`.
  const serverOptions = { command, args: ['lsp'] };
  const clientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'deckdsl' },
      { scheme: 'file', language: 'deckdsl-game' },
      { scheme: 'untitled', language: 'deckdsl' },
      { scheme: 'untitled', language: 'deckdsl-game' },
    ],
    synchronize: {
      // A deck is checked against its game profile and its deckdsl.toml: tell the server when they change.
      fileEvents: vscode.workspace.createFileSystemWatcher('**/{*.game,deckdsl.toml,pyproject.toml}'),
    },
    outputChannelName: 'deckdsl',
  };
  client = new LanguageClient('deckdsl', 'deckdsl', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (error) {
    client = undefined;
    const choice = await vscode.window.showErrorMessage(
      `deckdsl: could not start \`${command} lsp\` (${error.message || error}). ` +
        'Install deckdsl, or set "deckdsl.path" to its executable.',
      'Open Settings',
    );
    if (choice === 'Open Settings') {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'deckdsl.path');
    }
  }
}

async function stop() {
  if (client) {
    const running = client;
    client = undefined;
    try {
      await running.stop();
    } catch (error) {
      // A server that never started, or already exited, has nothing left to stop.
    }
  }
}

async function restart() {
  await stop();
  await start();
}

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('deckdsl.restartServer', restart),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('deckdsl.path')) {
        restart();
      }
    }),
  );
  await start();
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate };
