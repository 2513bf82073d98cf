// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Runs one real MCP client (from build/clients-node) headless against a scripted model on
// loopback, with our hopx-mcp configured the way a user configures it, reaching a
// hopx-desktop --headless that this process started on a private socket and private XDG dirs.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import net from 'node:net';
import { HTTP_ENDPOINT_LINE, privateTree, sanitizerEnv, scaled } from '../interop/harness.mjs';
import { ScriptedModel } from './fakemodel.mjs';

export const binDir = process.env.HOPX_BIN_DIR;
export const clientsDir = process.env.HOPX_CLIENTS_DIR;
if (!binDir || !clientsDir) throw new Error('HOPX_BIN_DIR and HOPX_CLIENTS_DIR must be set (CTest sets them)');
export const hopxMcp = join(binDir, 'hopx-mcp');

// The PATH a client runs with: this test's own Node first. A client's `#!/usr/bin/env node`
// would otherwise take the system's, which on Debian 12 is Node 18: Qwen Code, Gemini CLI and
// Codex's launcher need 20 or later (openAsBlob, the regex v flag), and test.sh installs Node 22
// for the tests (build/node) precisely so that every machine runs the same one.
export const clientPath = `${dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`;

// Why this client cannot run here, or null. Tests exit with CTest's skip code and this reason.
export function cannotRun(client) {
  if (!existsSync('/usr/bin/bwrap')) return 'bubblewrap is not installed (scripts/test.sh installs it)';
  const bin = clientBin(client);
  if (!existsSync(bin)) return `${client.pkg} is not installed in ${clientsDir} (scripts/test.sh installs tests/clients/package-lock.json)`;
  // A HOME of its own: clients write their config there even for --version (opencode makes
  // ~/.cache). A fixed /nonexistent was created on the host when run as root, and refused the
  // mkdir as any other user, which made the opencode tests skip for every non-root newcomer.
  const home = mkdtempSync(join(tmpdir(), 'hopx-client-probe-'));
  try {
    const probe = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30000, env: { PATH: clientPath, HOME: home } });
    if (probe.status !== 0) return `${client.pkg} does not run on this machine: ${(probe.stderr || probe.error?.message || '').trim().slice(0, 300)}`;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  return null;
}

export function clientBin(client) {
  return join(clientsDir, 'node_modules', '.bin', client.bin);
}

function canConnect(path) {
  return new Promise((resolve) => {
    const s = net.createConnection(path);
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(false));
  });
}

// The folder the client runs in: its project, which Claude Code declares as its root.
const projectDir = (root) => join(root, 'home', 'project');

// hopx-desktop --headless with its stderr kept: it names each client and the protocol it chose,
// and (hopx.mcp.session debug) each cancellation it received. `approveProject`: the user
// approved the client's project folder in the app's settings (files/approvedFolders).
// `testServerArgs`: hopx-desktop-testserver with these flags instead (e.g. --press-approval).
// `http`: also serve Streamable HTTP on a loopback port, with a bearer token (the result has
// `endpoint` and `httpToken`).
// `appEnv`: more of the app's environment (e.g. HOPX_BASE_URL of a loopback fake cloud).
export async function startApp({ approveProject = false, testServerArgs = null, http = false, appEnv = {} } = {}) {
  const tree = privateTree();
  if (approveProject) {
    appendFileSync(join(tree.env.XDG_CONFIG_HOME, 'hopx-desktop', 'hopx-desktop.ini'),
      `[files]\napprovedFolders=${projectDir(tree.root)}\n`);
  }
  const env = { ...tree.env, QT_LOGGING_RULES: 'hopx.mcp.session.debug=true', ...appEnv };
  const httpToken = http ? randomBytes(24).toString('hex') : null;
  if (http) env.HOPX_MCP_HTTP_TOKEN = httpToken;
  const program = testServerArgs ? 'hopx-desktop-testserver' : 'hopx-desktop';
  const child = spawn(join(binDir, program), ['--headless', '--socket', tree.socket, ...(http ? ['--http', '127.0.0.1:0'] : []),
    ...(testServerArgs ?? [])], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (chunk) => { log += chunk; });
  const deadline = Date.now() + scaled(15000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`hopx-desktop exited with ${child.exitCode}:\n${log}`);
    if (existsSync(tree.socket) && await canConnect(tree.socket) && (!http || HTTP_ENDPOINT_LINE.test(log))) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const endpoint = http ? HTTP_ENDPOINT_LINE.exec(log)?.[1] : null;
  if (http && !endpoint) throw new Error(`hopx-desktop named no HTTP endpoint:\n${log}`);
  const ini = join(tree.env.XDG_CONFIG_HOME, 'hopx-desktop', 'hopx-desktop.ini');
  return {
    ...tree,
    endpoint,
    httpToken,
    log: () => log,
    settings: () => (existsSync(ini) ? readFileSync(ini, 'utf8') : ''),
    // "client claude-code 2.1.332 speaks 2025-11-25" for every session, in order.
    sessions: () => [...log.matchAll(/client (\S+) (\S+) speaks (\S+)/g)].map((m) => ({ name: m[1], version: m[2], protocol: m[3] })),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      tree.cleanup();
    },
  };
}

// The environment a client runs with: nothing inherited but PATH, so no real key or endpoint
// of the machine's user can leak in; a private HOME, XDG dirs and TMPDIR (Claude Code refuses a
// /tmp/claude-<uid> it does not own, which a user namespace's uid 0 never does).
function clientEnv(root, runtimeDir) {
  const home = join(root, 'home');
  const tmp = join(root, 'tmp');
  const env = { PATH: clientPath, HOME: home, LANG: 'C.UTF-8', TERM: 'dumb', NO_COLOR: '1',
    TMPDIR: tmp, CLAUDE_CODE_TMPDIR: tmp,
    XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'), XDG_STATE_HOME: join(home, '.local', 'state') };
  // Only for clients connected by Connect an IDE (see connectIde): the others name the socket.
  if (runtimeDir) env.XDG_RUNTIME_DIR = runtimeDir;
  for (const dir of [tmp, env.XDG_CONFIG_HOME, env.XDG_DATA_HOME, env.XDG_CACHE_HOME, env.XDG_STATE_HOME]) {
    mkdirSync(dir, { recursive: true });
  }
  return env;
}

// The server's environment as a client's `mcp add` flags: ['-e', 'K=V', ...].
export function envFlags(flag, env) {
  return Object.entries(env).flatMap(([k, v]) => [flag, `${k}=${v}`]);
}

// Runs a client's own setup command (e.g. `claude mcp add ...`) in its private HOME.
export function setupCommand(ctx, args) {
  const r = spawnSync(ctx.bin, args, { env: ctx.env, cwd: ctx.cwd, encoding: 'utf8', timeout: 30000 });
  if (r.status !== 0) throw new Error(`${ctx.client.bin} ${args.join(' ')} failed (${r.status}): ${r.stderr}${r.stdout}`);
  return r.stdout;
}

// What a user does first: `hopx-desktop --connect <ide>` in the client's HOME, which writes
// the IDE's config with the bridge beside hopx-desktop (build/bin/hopx-mcp). That bridge finds
// the test's app by the client's XDG_RUNTIME_DIR (the app's private one), which the client
// passes on to the servers it starts; the test fails if the app saw no session.
export function connectIde(ctx, ide) {
  const r = spawnSync(join(binDir, 'hopx-desktop'), ['--connect', ide],
    { env: { ...ctx.env, QT_QPA_PLATFORM: 'offscreen' }, encoding: 'utf8', timeout: 30000 });
  if (r.status !== 0) throw new Error(`hopx-desktop --connect ${ide} failed (${r.status}): ${r.stderr}${r.stdout}`);
  const path = /(?:created|added this entry to|updated the entry in) (\S+)/.exec(r.stdout)?.[1];
  if (!path) throw new Error(`hopx-desktop --connect ${ide} named no file: ${r.stdout}`);
  return path;
}

// One whole client run: the model plays `script`; returns what the model saw and what happened.
// `server` replaces hopx-mcp as the MCP server named "hopx" ({ command, args, env }), or is a
// function of the default one (e.g. to add hopx-mcp arguments or wrap it).
// `project`: files (name → text) in the folder the client runs in, whose path `onProject` gets
// before the client starts; `approveProject`, `testServerArgs`: see startApp.
export async function runClient(client, script, { prompt, toolTimeoutMs, limitMs = 45000, server = null,
  project = {}, approveProject = false, testServerArgs = null, appEnv = {}, onProject = () => {} }) {
  // In a TSan build the app, not the client, is slower: both limits stretch alike, so a
  // cancellation by the client's own timeout still comes where the scenario expects it.
  toolTimeoutMs = toolTimeoutMs && scaled(toolTimeoutMs);
  limitMs = scaled(limitMs);
  const app = await startApp({ approveProject, testServerArgs, http: client.http, appEnv });
  const model = new ScriptedModel(client.dialect, script);
  const url = await model.listen();
  const env = clientEnv(app.root, client.ide ? app.env.XDG_RUNTIME_DIR : null);
  const cwd = projectDir(app.root);
  mkdirSync(cwd, { recursive: true });
  for (const [name, text] of Object.entries(project)) writeFileSync(join(cwd, name), text);
  onProject(cwd);
  const ctx = { client, bin: clientBin(client), env, cwd, url, toolTimeoutMs,
    server: null };
  // Over Streamable HTTP the client connects to the app's endpoint itself: no bridge.
  const ours = client.http ? { url: app.endpoint, headers: { Authorization: `Bearer ${app.httpToken}` } }
    : { command: hopxMcp, args: [], env: { HOPX_MCP_SOCKET: app.socket, ...sanitizerEnv() } };
  ctx.server = typeof server === 'function' ? server(ours) : (server ?? ours);
  try {
    client.configure(ctx);
    const started = Date.now();
    const child = spawn(ctx.bin, client.args(ctx, prompt), { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    // A client that never finishes is stopped, and the test then says what the model saw so far.
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    const exitCode = await new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
    clearTimeout(timer);
    // The project folder as the client left it (the app's tree goes when it stops).
    const projectFiles = Object.fromEntries(readdirSync(cwd, { withFileTypes: true })
      .filter((e) => e.isFile()).map((e) => [e.name, readFileSync(join(cwd, e.name), 'utf8')]));
    const run = { client: client.name, exitCode, project: cwd, projectFiles, seconds: (Date.now() - started) / 1000, stdout, stderr,
      model, sessions: app.sessions(), appLog: app.log(), appSettings: app.settings(), requests: model.requests };
    if (process.env.HOPX_CLIENTS_KEEP) {
      writeFileSync(join(process.env.HOPX_CLIENTS_KEEP, `${client.bin}-requests.json`), JSON.stringify(model.requests, null, 1));
      writeFileSync(join(process.env.HOPX_CLIENTS_KEEP, `${client.bin}-out.txt`), `${stdout}\n--- stderr\n${stderr}\n--- app\n${app.log()}`);
    }
    return run;
  } finally {
    killLeftovers(app.root);
    await model.close();
    await app.stop();
  }
}

// What a client left running once it exited: Cline starts a hub daemon (`cline
// --cline-hub-daemon --cwd <project>`) that outlives the run and would stay on the machine after
// the test, holding a loopback port. Found by its command line naming the client's private HOME
// (never the app's: its socket is elsewhere in the tree, and app.stop() ends it cleanly).
function killLeftovers(root) {
  const home = join(root, 'home') + '/';
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    if (Number(pid) === process.pid) continue;
    let cmdline = '';
    try { cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8'); } catch { continue; }
    if (!cmdline.includes(home)) continue;
    try { process.kill(Number(pid), 'SIGKILL'); } catch { /* gone meanwhile */ }
  }
}
