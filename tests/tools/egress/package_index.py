# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
"""A loopback package index for the egress tests: builds a few tiny wheels and npm tarballs
into DIR, serves DIR on 127.0.0.1 (an ephemeral port) and prints "PORT <n>" once ready.

    package_index.py DIR [--big-mib N]

Wheels: /simple/<name>/ (PEP 503 page) and the .whl beside it (hopxbad's bytes do not match
the sha256 its page publishes). npm: the packument at /npm/<name>, the tarball at /tarballs/.
Go: a module proxy (GOPROXY protocol) at /goproxy/. Package names refer to hosts pypi.test /
npm.test / goproxy.test, which the proxy under test maps to this server; nothing here ever
leaves loopback.
"""
import base64
import functools
import hashlib
import http.server
import io
import json
import os
import sys
import tarfile
import zipfile

root = sys.argv[1]
big_mib = int(sys.argv[sys.argv.index("--big-mib") + 1]) if "--big-mib" in sys.argv else 0


class Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        sys.stdout.write("REQUEST %s\n" % self.path)
        sys.stdout.flush()


server = http.server.ThreadingHTTPServer(
    ("127.0.0.1", 0), functools.partial(Handler, directory=root))
port = server.server_address[1]


def digest(data):
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def wheel(name, version, value, tampered=False):
    folder = os.path.join(root, "simple", name)
    os.makedirs(folder, exist_ok=True)
    filename = "%s-%s-py3-none-any.whl" % (name, version)
    info = "%s-%s.dist-info" % (name, version)
    files = {
        name + "/__init__.py": "VALUE = %r\n" % value,
        info + "/METADATA": "Metadata-Version: 2.1\nName: %s\nVersion: %s\n" % (name, version),
        info + "/WHEEL": "Wheel-Version: 1.0\nGenerator: hopx-test\nRoot-Is-Purelib: true\n"
                         "Tag: py3-none-any\n",
    }
    record = []
    path = os.path.join(folder, filename)
    with zipfile.ZipFile(path, "w") as z:
        for member, text in files.items():
            data = text.encode()
            z.writestr(member, data)
            record.append("%s,sha256=%s,%d" % (member, digest(data), len(data)))
        record.append(info + "/RECORD,,")
        z.writestr(info + "/RECORD", "\n".join(record) + "\n")
    with open(path, "rb") as f:
        sha = hashlib.sha256(f.read()).hexdigest()
    if tampered:
        # The index publishes one file's hash and serves other bytes (a poisoned mirror).
        with open(path, "ab") as f:
            f.write(b"tampered")
    with open(os.path.join(folder, "index.html"), "w") as f:
        f.write('<html><body><a href="%s#sha256=%s">%s</a></body></html>\n'
                % (filename, sha, filename))


def npm(name, version, value):
    package = {"name": name, "version": version, "main": "index.js"}
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as t:
        for member, text in (("package/package.json", json.dumps(package)),
                             ("package/index.js",
                              "module.exports = { value: %s };\n" % json.dumps(value))):
            data = text.encode()
            entry = tarfile.TarInfo(member)
            entry.size = len(data)
            entry.mode = 0o644
            t.addfile(entry, io.BytesIO(data))
    tgz = buffer.getvalue()
    os.makedirs(os.path.join(root, "tarballs"), exist_ok=True)
    os.makedirs(os.path.join(root, "npm"), exist_ok=True)
    tarball = "%s-%s.tgz" % (name, version)
    with open(os.path.join(root, "tarballs", tarball), "wb") as f:
        f.write(tgz)
    dist = {"tarball": "http://npm.test:%d/tarballs/%s" % (port, tarball),
            "shasum": hashlib.sha1(tgz).hexdigest(),
            "integrity": "sha512-" + base64.b64encode(hashlib.sha512(tgz).digest()).decode()}
    document = {"name": name, "dist-tags": {"latest": version},
                "versions": {version: dict(package, dist=dist)}}
    with open(os.path.join(root, "npm", name), "w") as f:
        json.dump(document, f)


def gomodule(module, version, value):
    """The files GOPROXY serves for one module version: list, .info, .mod and .zip."""
    folder = os.path.join(root, "goproxy", module, "@v")
    os.makedirs(folder, exist_ok=True)
    mod = "module %s\n\ngo 1.19\n" % module
    name = module.rsplit("/", 1)[-1]
    with open(os.path.join(folder, "list"), "w") as f:
        f.write(version + "\n")
    with open(os.path.join(folder, version + ".info"), "w") as f:
        json.dump({"Version": version, "Time": "2026-01-01T00:00:00Z"}, f)
    with open(os.path.join(folder, version + ".mod"), "w") as f:
        f.write(mod)
    prefix = "%s@%s/" % (module, version)
    with zipfile.ZipFile(os.path.join(folder, version + ".zip"), "w") as z:
        z.writestr(prefix + "go.mod", mod)
        z.writestr(prefix + name + ".go",
                   "package %s\n\nconst Value = %s\n" % (name, json.dumps(value)))


wheel("hopxdemo", "1.0", "installed by pip")
wheel("hopxtwo", "2.0", "installed by run_command")
wheel("hopxcached", "1.0", "installed from the cache")
wheel("hopxbad", "1.0", "must never install", tampered=True)
npm("hopx-demo", "1.0.0", "installed by npm")
gomodule("go.test/hopxdemo", "v1.0.0", "installed by go get")
if big_mib:
    with open(os.path.join(root, "big.bin"), "wb") as f:
        f.truncate(big_mib << 20)

print("PORT %d" % port, flush=True)
server.serve_forever()
