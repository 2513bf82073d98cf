// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Connect an IDE, read back by the IDE itself (issue 34): for each IDE whose CLI is on npm and
// can list its MCP servers, `hopx-desktop --connect <ide>` writes into a fake HOME that already
// holds a server of the user's, then the IDE's own `mcp list` reads the file: it must name our
// server with the bridge beside hopx-desktop, still name the user's, and (where listing starts
// each server) say that it connected. Qwen Code and Cline are also driven through
// a whole session on the config Connect an IDE wrote (qwen_code.test.mjs, cline.test.mjs).
// Not here: Continue's CLI (`cn`, @continuedev/cli 1.5.47) installs from npm alone but has no
// command that lists MCP servers, and it reads ~/.continue/config.yaml only, not the
// mcpServers/ folder its VS Code and JetBrains extensions read (where Connect an IDE writes);
// Windsurf, Zed, JetBrains and Goose are not on npm. tests/ideconfig/tst_ideconfigformats reads
// their files back with their own format rules instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { binDir, clientPath, clientsDir, hopxMcp, startApp } from './harness.mjs';

// The user's own server, already in each file: disabled where the IDE has the flag, so that
// listing does not try to start it.
const USER_SERVER = 'fetch';
const CASES = [
  { ide: 'qwen-code', bin: 'qwen', file: '.qwen/settings.json', connects: true,
    before: { mcpServers: { [USER_SERVER]: { command: 'uvx', args: ['mcp-server-fetch'] } }, ui: { theme: 'Default' } } },
  // opencode's JSONC, comments and all; listing connects to every enabled server.
  { ide: 'opencode', bin: 'opencode', file: '.config/opencode/opencode.jsonc', connects: true,
    before: '{\n  // my servers\n  "mcp": {\n'
      + `    "${USER_SERVER}": { "type": "local", "command": ["uvx", "mcp-server-fetch"], "enabled": false }\n  }\n}\n` },
  // Gemini CLI starts servers only in a trusted folder: the user trusted the project.
  { ide: 'gemini-cli', bin: 'gemini', file: '.gemini/settings.json', connects: true,
    before: { mcpServers: { [USER_SERVER]: { command: 'uvx', args: ['mcp-server-fetch'] } } },
    prepare: (home, cwd) => writeFileSync(join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [cwd]: 'TRUST_FOLDER' })) },
  { ide: 'claude-code', bin: 'claude', file: '.claude.json', connects: true,
    before: { mcpServers: { [USER_SERVER]: { type: 'stdio', command: 'uvx', args: ['mcp-server-fetch'] } } } },
  // Codex lists its config without starting a server.
  { ide: 'codex', bin: 'codex', file: '.codex/config.toml', connects: false,
    before: `model = "o3"\n\n[mcp_servers.${USER_SERVER}]\ncommand = "uvx"\nargs = ["mcp-server-fetch"]\nenabled = false\n` },
  // Copilot CLI lists names without starting them (it drops an entry it cannot read);
  // `mcp get` shows the command it would run.
  { ide: 'copilot-cli', bin: 'copilot', file: '.copilot/mcp-config.json', connects: false,
    before: { mcpServers: { [USER_SERVER]: { type: 'local', command: 'uvx', args: ['mcp-server-fetch'], tools: ['*'] } } },
    show: [['mcp', 'get', 'hopx']] },
  // Kilo CLI 7 (opencode's code): its kilo.jsonc, comments and all. Its VS Code extension runs
  // the same CLI with KILO_PLATFORM=vscode, which also reads the servers of the extension's
  // releases before 7.0 (below kilo.jsonc): Connect an IDE updates that file as well, and the
  // extension's view must list our server once beside the user's old one.
  { ide: 'kilo-code', bin: 'kilo', file: '.config/kilo/kilo.jsonc', connects: true,
    before: '{\n  // mine\n  "mcp": {\n'
      + `    "${USER_SERVER}": { "type": "local", "command": ["uvx", "mcp-server-fetch"], "enabled": false },\n  },\n}\n`,
    second: { file: '.config/Code/User/globalStorage/kilocode.kilo-code/settings/mcp_settings.json',
      before: { mcpServers: { 'old-fetch': { command: 'uvx', args: ['mcp-server-fetch'], disabled: true, alwaysAllow: [] } } },
      env: { KILO_PLATFORM: 'vscode' }, other: 'old-fetch' } },
];

function run(command, args, env, cwd) {
  return spawnSync(command, args, { env, cwd, encoding: 'utf8', timeout: 90000, stdio: ['ignore', 'pipe', 'pipe'] });
}

// One IDE per CTest test (its id as the argument), or all of them.
const chosen = CASES.filter((x) => !process.argv[2] || x.ide === process.argv[2]);
if (!chosen.length) throw new Error(`no such IDE here: ${process.argv[2]}`);
const missing = chosen.filter((c) => !existsSync(join(clientsDir, 'node_modules', '.bin', c.bin)));
if (missing.length) {
  // CTest reads exit code 77 as "skipped" (SKIP_RETURN_CODE) and shows this line.
  console.log(`SKIP: ${missing.map((c) => c.bin).join(', ')} not installed in ${clientsDir} (scripts/test.sh installs them)`);
  process.exit(77);
}
for (const c of chosen) {
  const bin = join(clientsDir, 'node_modules', '.bin', c.bin);
  test(`${c.ide}: ${c.bin} mcp list reads what Connect an IDE wrote`, async () => {
    const app = await startApp();
    try {
      const home = join(app.root, 'home');
      const cwd = join(home, 'project');
      mkdirSync(cwd, { recursive: true });
      const env = { PATH: clientPath, HOME: home, XDG_CONFIG_HOME: join(home, '.config'),
        XDG_RUNTIME_DIR: app.env.XDG_RUNTIME_DIR, TERM: 'dumb', NO_COLOR: '1',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_AUTOUPDATER: '1', OPENCODE_DISABLE_MODELS_FETCH: '1',
        OPENCODE_PURE: '1', // (opencode would install its plugins from npm first)
        KILO_DISABLE_MODELS_FETCH: '1', KILO_DISABLE_AUTOUPDATE: '1', KILO_PURE: '1' };
      const put = (path, content) => {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
      };
      const file = join(home, c.file);
      put(file, c.before);
      const second = c.second && join(home, c.second.file);
      if (second) put(second, c.second.before);
      c.prepare?.(home, cwd);

      const connect = run(join(binDir, 'hopx-desktop'), ['--connect', c.ide], { ...env, QT_QPA_PLATFORM: 'offscreen' }, cwd);
      assert.equal(connect.status, 0, connect.stderr);
      assert.match(connect.stdout, new RegExp(`added this entry to ${file}`), connect.stdout);
      if (second) assert.ok(connect.stdout.includes(`also reads ${second}`), connect.stdout);

      // The IDE's own listing (and `show`), with `extra` in its environment.
      const listed = (extra = {}) => {
        let out = '';
        for (const args of [['mcp', 'list'], ...(c.show ?? [])]) {
          const r = run(bin, args, { ...env, ...extra }, cwd);
          const text = `${r.stdout}\n${r.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
          assert.equal(r.status, 0, `${c.bin} ${args.join(' ')}:\n${text}`);
          out += text;
        }
        const ours = out.split('\n').filter((l) => /\bhopx\b/.test(l) && !l.includes(USER_SERVER));
        assert.ok(ours.length, `${c.bin} mcp list does not name hopx:\n${out}`);
        assert.ok(out.includes(hopxMcp), `${c.bin} does not name the bridge ${hopxMcp}:\n${out}`);
        assert.match(out, new RegExp(`\\b${USER_SERVER}\\b`), `the user's server is gone:\n${out}`);
        // Listing starts the bridge and shakes hands with it (the bridge answers that itself).
        if (c.connects) assert.match(ours[0], /connected/i, out);
        console.log(`# ${c.ide}: ${out.trim().split('\n').filter((l) => /hopx|fetch/.test(l)).map((l) => l.trim()).join(' | ')}`);
        return { out, ours };
      };
      listed();
      if (second) {
        const { out, ours } = listed(c.second.env);
        assert.equal(ours.filter((l) => /connected|failed|disabled/i.test(l)).length, 1, `hopx twice:\n${out}`);
        assert.match(out, new RegExp(`\\b${c.second.other}\\b`), `the user's old server is gone:\n${out}`);
      }
    } finally {
      await app.stop();
    }
  });
}
