// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// scripts/bench.sh egress, the secrets rows (run inside tests/with-keyring.sh by egress.sh): a
// request that the proxy rewrites (the secret's host: plain HTTP read and rewritten; HTTPS with
// the proxy's TLS towards the sandbox and its own towards the API) against the same request to a
// host without the secret (plain HTTP forwarded unread; HTTPS a blind CONNECT tunnel). The API is
// the tests' own (tests/secrets/test_api.py, its own test CA), on loopback under host-map names.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, binDir } from '../../tests/interop/harness.mjs';
import { spawnClient, percentile, row } from './lib.mjs';

const f2 = (x) => x.toFixed(2);

const N = Number(process.env.HOPX_BENCH_SECRET_REQUESTS ?? 200);
const root = process.env.HOPX_ROOT ?? join(import.meta.dirname, '../..');
const pki = mkdtempSync(join(tmpdir(), 'hopx-secrets-bench-'));
const openssl = (...args) => {
  const r = spawnSync('openssl', args, { cwd: pki, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`openssl ${args[0]} failed`);
};
writeFileSync(join(pki, 'ext.cnf'), 'subjectAltName=DNS:secure.test,DNS:othersecure.test\n');
openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'ca.key',
  '-out', 'ca.pem', '-days', '2', '-subj', '/CN=HOPX secrets bench CA');
openssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'api.key', '-out', 'api.csr',
  '-subj', '/CN=secure.test');
openssl('x509', '-req', '-in', 'api.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'api.pem',
  '-days', '2', '-extfile', 'ext.cnf');

const value = 'bench-' + Math.random().toString(16).slice(2);
const api = spawn('/usr/bin/python3', [join(root, 'tests/secrets/test_api.py'), join(pki, 'api.pem'), join(pki, 'api.key')],
  { stdio: ['pipe', 'pipe', 'inherit'] });
api.stdin.write(value + '\n');
const [httpPort, httpsPort] = await new Promise((resolve, reject) => {
  let out = '';
  api.stdout.on('data', (d) => {
    out += d;
    const m = out.match(/^PORTS (\d+) (\d+)\n/);
    if (m) resolve([Number(m[1]), Number(m[2])]);
  });
  api.on('exit', () => reject(new Error('the test API exited')));
});


const app = await startApp([], {}, (tree) => {
  const dir = join(tree.env.XDG_CONFIG_HOME, 'hopx-desktop');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'hopx-desktop.ini'), '[network]\n'
    + `hostMap="api.test=127.0.0.1:${httpPort}", "other.test=127.0.0.1:${httpPort}", `
    + `"secure.test=127.0.0.1:${httpsPort}", "othersecure.test=127.0.0.1:${httpsPort}"\n`
    + `upstreamCaFiles=${join(pki, 'ca.pem')}\n`);

  const set = spawnSync(join(binDir, 'hopx-desktop'),
    ['--set-secret', 'API_TOKEN', '--hosts', 'api.test,secure.test', '--secret-always-allow'],
    { env: tree.env, input: value, stdio: ['pipe', 'ignore', 'inherit'] });
  if (set.status !== 0) throw new Error('--set-secret failed (is a keychain running? run through tests/with-keyring.sh)');
});
const c = spawnClient(join(binDir, 'hopx-mcp'), ['--no-launch'], { HOPX_MCP_SOCKET: app.socket, PATH: process.env.PATH });
await c.initialize();
const created = await c.tool('create_sandbox', { secrets: ['API_TOKEN'], network: ['other.test', 'othersecure.test'] });
const id = created.structuredContent?.id;
if (!id) throw new Error('create_sandbox failed: ' + JSON.stringify(created));

// N requests, a new connection each (the proxy serves one request per sandbox connection; its
// own connections to the API it keeps for the next request), timed inside
// the sandbox, in ROUNDS rounds (plain and TLS taking turns), each after 10 unmeasured pairs.
// The two hosts take turns, and which goes first alternates, so that the machine's other work
// and the order slow both alike. Both verify against the same bundle file (the sandbox's own,
// which trusts the proxy's CA, plus the test CA that the tunnelled API shows): requests reads
// the whole file for every request, and the system bundle against a one-certificate file alone
// cost tens of ms.
const ROUNDS = Number(process.env.HOPX_BENCH_SECRET_ROUNDS ?? 3);
await c.tool('file_write', { sandbox_id: id, path: '/workspace/api-ca.pem', content: readFileSync(join(pki, 'ca.pem'), 'utf8') });
const code = (a, b) => `
import os, time, requests, json
bundle = os.environ.get('REQUESTS_CA_BUNDLE') or '/etc/ssl/certs/ca-certificates.crt'
with open('/tmp/both-ca.pem', 'w') as out:
    out.write(open(bundle).read() + '\\n' + open('/workspace/api-ca.pem').read())
h = {'Authorization': 'Bearer ' + os.environ['API_TOKEN']}
t = {'a': [], 'b': []}
for i in range(${N} + 10):
    pair = (('a', '${a}'), ('b', '${b}'))
    for k, u in (pair if i % 2 == 0 else pair[::-1]):
        s = time.perf_counter(); r = requests.get(u, headers=h, verify='/tmp/both-ca.pem'); ms = (time.perf_counter() - s) * 1000
        assert r.status_code == 200, r.text
        if i >= 10:  # the first ones warm up caches on both sides
            t[k].append(ms)
print(json.dumps(t))`;
const measure = async (a, b) => {
  const r = await c.tool('execute_code', { sandbox_id: id, code: code(a, b), timeout: 300 });
  if (!r.structuredContent?.stdout) throw new Error('the timed run failed: ' + JSON.stringify(r).slice(0, 2000));
  return JSON.parse(r.structuredContent.stdout);
};
// Where an HTTPS request's time goes, seen from the sandbox: the proxy's "Connection
// established", the TLS handshake (with the proxy, or through the tunnel with the API), and the
// request until its answer is whole. One client for both (a raw socket on the proxy's Unix
// socket, Python's ssl), the two hosts taking turns as above.
const phasesCode = `
import os, socket, ssl, time, json
ctx = ssl.create_default_context(cafile='/tmp/both-ca.pem')
tok = os.environ['API_TOKEN']
def one(host, path):
    t0 = time.perf_counter()
    s = socket.socket(socket.AF_UNIX); s.connect('/run/sbx/net/proxy.sock')
    s.sendall(f'CONNECT {host}:${httpsPort} HTTP/1.1\\r\\nHost: {host}:${httpsPort}\\r\\n\\r\\n'.encode())
    head = b''
    while b'\\r\\n\\r\\n' not in head: head += s.recv(4096)
    t1 = time.perf_counter()
    t = ctx.wrap_socket(s, server_hostname=host)
    t2 = time.perf_counter()
    t.sendall(f'GET {path} HTTP/1.1\\r\\nHost: {host}\\r\\nAuthorization: Bearer {tok}\\r\\n\\r\\n'.encode())
    answer = b''
    while b'}\\n' not in answer: answer += t.recv(65536)
    t3 = time.perf_counter()
    assert b'200 OK' in answer, answer
    t.close()
    return [(t1 - t0) * 1000, (t2 - t1) * 1000, (t3 - t2) * 1000]
t = {'a': [], 'b': []}
for i in range(${N} + 10):
    pair = (('a', 'secure.test'), ('b', 'othersecure.test'))
    for k, h in (pair if i % 2 == 0 else pair[::-1]):
        p = one(h, '/' + k)
        if i >= 10:
            t[k].append(p)
print(json.dumps(t))`;
const plain = [];
const tls = [];
const phases = [];
for (let r = 0; r < ROUNDS; ++r) {
  plain.push(await measure(`http://api.test:${httpPort}/a`, `http://other.test:${httpPort}/b`));
  tls.push(await measure(`https://secure.test:${httpsPort}/a`, `https://othersecure.test:${httpsPort}/b`));
  const p = await c.tool('execute_code', { sandbox_id: id, code: phasesCode, timeout: 300 });
  if (!p.structuredContent?.stdout) throw new Error('the phases run failed: ' + JSON.stringify(p).slice(0, 2000));
  phases.push(JSON.parse(p.structuredContent.stdout));
}
const p50 = (s) => percentile(s, 50);
const range = (xs) => (xs.length > 1 ? `${f2(Math.min(...xs))} to ${f2(Math.max(...xs))}` : f2(xs[0]));
const line = (what, rounds) => row([what, range(rounds.map((t) => p50(t.b))), range(rounds.map((t) => p50(t.a))),
  range(rounds.map((t) => p50(t.a) - p50(t.b))), '≤ 1 ms']);

const load = spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.split(' ').slice(0, 3).join(' ');
console.log(`\n### Egress with a secret (load ${load}, ${ROUNDS} rounds of ${N} requests each, new connection each, `
  + 'p50 ms in the sandbox, range over the rounds)\n');
console.log(row(['request', 'without substitution', 'with substitution', 'added (ms)', 'target']));
console.log(row(['---', '---', '---', '---', '---']));
console.log(line('plain HTTP GET (read and forwarded vs read, rewritten, forwarded)', plain));
console.log(line('HTTPS GET (blind CONNECT tunnel vs TLS ended and redone by the proxy)', tls));

console.log(`\n### Where an HTTPS request's time goes (p50 ms in the sandbox, range over the rounds)\n`);
console.log(row(['phase', 'blind tunnel', 'TLS ended by the proxy', 'added (ms)']));
console.log(row(['---', '---', '---', '---']));
['CONNECT until "Connection established"', 'TLS handshake', 'request until the whole answer',
  'the whole request (the three; target ≤ 1 ms added)'].forEach((what, i) => {
  const at = (k) => phases.map((t) => p50(t[k].map((x) => (i < 3 ? x[i] : x[0] + x[1] + x[2]))));
  const tunnel = at('b');
  const ours = at('a');
  console.log(row([what, range(tunnel), range(ours), range(ours.map((x, r) => x - tunnel[r]))]));
});

await c.tool('delete_sandbox', { id });
c.close();
await app.stop();
api.stdin.end();
rmSync(pki, { recursive: true, force: true });

