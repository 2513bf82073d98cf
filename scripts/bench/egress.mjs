// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// scripts/bench.sh egress: what the egress proxy costs. A loopback index (the tests' own,
// tests/tools/egress/package_index.py) is reached from an allowlist sandbox under the name
// pypi.test (the settings' host map), and directly from the host as the reference.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, binDir } from '../../tests/interop/harness.mjs';
import { spawnClient, percentile, pssKiB, rssKiB, descendants, row, f1, f2 } from './lib.mjs';

const RUNS = Number(process.env.HOPX_BENCH_EGRESS_RUNS ?? 5);
const IDLE = 20;
const root = process.env.HOPX_ROOT ?? join(import.meta.dirname, '../..');
const p50 = (s) => percentile(s, 50);

const indexDir = mkdtempSync(join(tmpdir(), 'hopx-egress-bench-'));
const index = spawn('/usr/bin/python3', [join(root, 'tests/tools/egress/package_index.py'), indexDir, '--big-mib', '100'],
  { stdio: ['ignore', 'pipe', 'inherit'] });
const port = await new Promise((resolve, reject) => {
  let out = '';
  index.stdout.on('data', (d) => {
    out += d;
    const m = out.match(/^PORT (\d+)\n/);
    if (m) resolve(Number(m[1]));
  });
  index.on('exit', () => reject(new Error('the package index exited')));
});
index.stdout.resume();

const app = await startApp([], {}, (tree) => {
  const dir = join(tree.env.XDG_CONFIG_HOME, 'hopx-desktop');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'hopx-desktop.ini'), `[network]\nhostMap="pypi.test=127.0.0.1:${port}"\n`
    + `[packages]\npypiIndex=http://pypi.test:${port}/simple/\n`);
});
const c = spawnClient(join(binDir, 'hopx-mcp'), ['--no-launch'], { HOPX_MCP_SOCKET: app.socket, PATH: process.env.PATH });
await c.initialize();
const run = async (id, command) =>
  (await c.tool('run_command', { sandbox_id: id, command, timeout: 300 })).structuredContent;
const create = async (network) => (await c.tool('create_sandbox', { network })).structuredContent.id;

// 100 MiB: curl's own time_total, on the host (no proxy) and in the sandbox (through it),
// taking turns so that whatever else the machine does slows both alike.
const big = (host) => `curl -s -o /dev/null -w '%{time_total}' http://${host}:${port}/big.bin`;
const id = await create({ allow: ['pypi.test'] });
const direct = [];
const proxied = [];
for (let i = 0; i < RUNS; i++) {
  direct.push(Number(spawnSync('bash', ['-c', big('127.0.0.1')], { encoding: 'utf8' }).stdout));
  const r = await run(id, `env -u NO_PROXY -u no_proxy ${big('pypi.test')}`);
  proxied.push(Number(r.stdout));
}
const mib = 100;
const directRate = mib / p50(direct);
const proxyRate = mib / p50(proxied);

// pip install of the test wheel: through the proxy, and on the host from the index directly.
const pipArgs = (host) => `--no-deps --force-reinstall --index-url http://${host}:${port}/simple/ --trusted-host ${host} hopxdemo`;
const timedShell = (cmd) => `TIMEFORMAT=%R; { time ${cmd} >/dev/null 2>&1 ; } 2>&1`;
const pipSandbox = [];
for (let i = 0; i < RUNS; i++)
  pipSandbox.push(Number((await run(id, timedShell(`pip install ${pipArgs('pypi.test')}`))).stdout));
const target = mkdtempSync(join(tmpdir(), 'hopx-egress-pip-'));
const pipHost = [];
for (let i = 0; i < RUNS; i++)
  pipHost.push(Number(spawnSync('bash', ['-c', timedShell(`/usr/bin/python3 -m pip install --target ${target} --upgrade ${pipArgs('127.0.0.1')}`)], { encoding: 'utf8' }).stdout));
rmSync(target, { recursive: true, force: true });

// The package cache: the same install (no pip cache of its own) from the live index through the
// proxy (the reference), then from the app's cache (PIP_INDEX_URL) with the index up and stopped.
const fresh = '--no-deps --force-reinstall --no-cache-dir';
const timedPip = async (args) => Number((await run(id, timedShell(`pip install ${fresh} ${args} hopxdemo`))).stdout);
const pipLive = [], pipCached = [], pipOffline = [];
await timedPip(''); // fills the cache
for (let i = 0; i < RUNS; i++) {
  pipLive.push(await timedPip(`--index-url http://pypi.test:${port}/simple/ --trusted-host pypi.test`));
  pipCached.push(await timedPip(''));
}
index.kill();
for (let i = 0; i < RUNS; i++) pipOffline.push(await timedPip(''));
await c.tool('delete_sandbox', { id });

// Idle memory: IDLE sandboxes without network, then IDLE with an allowlist; the app's RSS and
// the sandboxes' processes (PSS), per sandbox.
async function idle(network) {
  const before = rssKiB(app.child.pid);
  const ids = [];
  for (let i = 0; i < IDLE; i++) ids.push(await create(network));
  await new Promise((r) => setTimeout(r, 1000));
  let pss = 0;
  for (const p of descendants(app.child.pid)) pss += pssKiB(p) || 0;
  const appKiB = rssKiB(app.child.pid) - before;
  for (const s of ids) await c.tool('delete_sandbox', { id: s });
  await new Promise((r) => setTimeout(r, 1000));
  return { appKiB, pss };
}
const none = await idle('none');
const allow = await idle({ allow: ['pypi.test'] });
const perSandboxKiB = (allow.pss - none.pss) / IDLE;
const appPerSandboxKiB = (allow.appKiB - none.appKiB) / IDLE;

const load = spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.split(' ').slice(0, 3).join(' ');
console.log(`\n### Egress (load ${load}, ${RUNS} runs, medians)\n`);
console.log(row(['measure', 'no proxy (host)', 'through the proxy', 'ratio', 'target']));
console.log(row(['---', '---', '---', '---', '---']));
console.log(row(['100 MiB download (MiB/s)', f1(directRate), f1(proxyRate), f2(proxyRate / directRate), '≥ 0.8×']));
console.log(row(['pip install test wheel (s)', f2(p50(pipHost)), f2(p50(pipSandbox)), f2(p50(pipSandbox) / p50(pipHost)), 'from the loopback index']));
console.log(row(['pip install test wheel, no pip cache (s): live index vs package cache', f2(p50(pipLive)), f2(p50(pipCached)), f2(p50(pipCached) / p50(pipLive)), 'cache (index up: page fresh, wheel from the cache)']));
console.log(row(['pip install test wheel from the package cache, index stopped (s)', f2(p50(pipLive)), f2(p50(pipOffline)), f2(p50(pipOffline) / p50(pipLive)), 'installs offline; reference = live index']));
console.log(row([`idle memory the proxy adds per sandbox (KiB), ${IDLE} alive`, '', `${f1(perSandboxKiB)} sandbox PSS + ${f1(appPerSandboxKiB)} app RSS`, '', '≤ 1024 KiB']));

c.close();
await app.stop();
index.kill();
rmSync(indexDir, { recursive: true, force: true });
