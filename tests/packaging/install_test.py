#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
"""Builds the .deb with CPack, unpacks it into a throw-away root (dpkg -x) and runs the installed
files: hopx-mcp --version, then a headless hopx-desktop and an MCP round trip (initialize,
tools/call health) through the installed bridge; its postinst and postrm (the AppArmor profile)
run by MAINTAINER_TEST against a fake root. Nothing is installed on the machine.

    install_test.py --build-dir BUILD --cpack CPACK --version X.Y.Z --maintainer-test SCRIPT
"""
import argparse
import glob
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

APP_ID = "dev.hopx.Desktop"
REQUIRED_RECOMMENDS = ["gnome-keyring | kwalletmanager", "python3-numpy", "python3-pandas",
                       "python3-matplotlib", "python3-dill", "nodejs", "golang-go", "slirp4netns",
                       "qt6-translations-l10n"]


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def run(cmd, timeout=120, **kwargs):
    try:
        result = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kwargs)
    except subprocess.TimeoutExpired:
        fail(f"{' '.join(cmd)} did not finish in {timeout} s")
    if result.returncode != 0:
        fail(f"{' '.join(cmd)} exited {result.returncode}\n{result.stdout}\n{result.stderr}")
    return result.stdout


def build_deb(args, tmp):
    out = os.path.join(tmp, "cpack")
    config = os.path.join(args.build_dir, "CPackConfig.cmake")
    if not os.path.exists(config):
        fail(f"{config} is missing: cmake/Packaging.cmake was not included")
    # Its own output directory: ctest -j may run other tests in the build tree meanwhile.
    run([args.cpack, "-G", "DEB", "--config", config, "-B", out], timeout=600)
    debs = [f for f in os.listdir(out) if f.endswith(".deb")]
    if len(debs) != 1:
        fail(f"expected one .deb in {out}, found {debs}")
    return os.path.join(out, debs[0])


def check_control(deb, version):
    fields = {}
    for name in ["Package", "Version", "Section", "Maintainer", "Depends", "Recommends", "Description"]:
        fields[name] = run(["dpkg-deb", "-f", deb, name]).strip()
    print("control:\n" + "\n".join(f"  {k}: {v}" for k, v in fields.items()))
    if fields["Package"] != "hopx-desktop":
        fail(f"Package is {fields['Package']!r}")
    if fields["Version"] != version:
        fail(f"Version is {fields['Version']!r}, the project's is {version!r}")
    if not fields["Section"] or "<" not in fields["Maintainer"] or "\n" not in fields["Description"]:
        fail("Section, Maintainer (name <email>) and a multi-line Description must be set")
    depends = [d.strip() for d in fields["Depends"].split(",")]
    names = [d.split()[0] for d in depends]
    # shlibdeps must have run: the Qt libraries come only from there. Ubuntu 24.04 renamed its
    # libraries for the 64-bit time_t transition (libqt6core6t64), Debian 12 did not.
    for needed in ["bubblewrap", "libqt6core6", "libqt6network6"]:
        if needed not in names and needed + "t64" not in names:
            fail(f"Depends lacks {needed}: {fields['Depends']}")
    recommends = [r.strip() for r in fields["Recommends"].split(",")]
    for needed in REQUIRED_RECOMMENDS:
        if needed not in recommends:
            fail(f"Recommends lacks {needed!r}: {fields['Recommends']}")
    # Each dependency must name a real package: this machine runs the binaries, so one of the
    # alternatives is installed here (catches typos in the hand-written part).
    # Virtual packages (qt6-websockets-abi from shlibdeps) count when an installed one provides them.
    provided = set()
    listing = subprocess.run(["dpkg-query", "-W", "-f=${Status}\t${Provides}\n"],
                             capture_output=True, text=True).stdout
    for line in listing.splitlines():
        status, _, provides = line.partition("\t")
        if status == "install ok installed":
            provided.update(p.strip().split()[0] for p in provides.split(",") if p.strip())
    for dep in depends:
        alternatives = [a.split()[0] for a in dep.split("|")]
        known = subprocess.run(["dpkg-query", "-W", "-f=${Status}\n"] + alternatives,
                               capture_output=True, text=True)
        if "install ok installed" not in known.stdout and not provided.intersection(alternatives):
            fail(f"no alternative of Depends entry {dep!r} is installed on this machine")


def check_files(root):
    expected = [
        "usr/bin/hopx-desktop",
        "usr/bin/hopx-mcp",
        "usr/libexec/hopx-desktop/hopx-sandbox-agent",
        f"usr/share/applications/{APP_ID}.desktop",
        f"usr/share/metainfo/{APP_ID}.metainfo.xml",
        f"usr/share/hopx-desktop/{APP_ID}-autostart.desktop",
        "usr/share/hopx-desktop/apparmor/hopx-desktop",
    ]
    for path in expected:
        if not os.path.isfile(os.path.join(root, path)):
            fail(f"the .deb has no /{path}")
    for path in expected[:3]:
        if not os.access(os.path.join(root, path), os.X_OK):
            fail(f"/{path} is not executable")
    icons = os.path.join(root, "usr/share/icons/hicolor")
    found = []
    for dirpath, _, files in os.walk(icons):
        found += [os.path.relpath(os.path.join(dirpath, f), icons) for f in files]
    # Whatever icons resources/icons holds; the desktop file names one, so at least one must be there.
    if not any(f.startswith(APP_ID + ".") for f in map(os.path.basename, found)):
        # Icons come from resources/icons (part of the GUI); a tree without them installs none.
        if glob.glob(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "resources", "icons", "*.svg")):
            fail(f"no {APP_ID} icon under /usr/share/icons/hicolor")
    strays = [f for f in found if not os.path.basename(f).startswith(APP_ID + ".")]
    if strays:
        fail(f"icons not named after the app id (Flatpak and AppStream need that): {strays}")
    print(f"files: ok ({len(found)} icons)")


class Bridge:
    """The installed hopx-mcp, spoken to line by line with a deadline on every read."""

    def __init__(self, cmd, env):
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=env)
        self.buffer = b""

    def send(self, message):
        self.proc.stdin.write((json.dumps(message) + "\n").encode())
        self.proc.stdin.flush()

    def receive(self, request_id, timeout=30):
        deadline = time.monotonic() + timeout
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                try:
                    message = json.loads(line)
                except ValueError:
                    fail(f"hopx-mcp wrote a line that is not JSON: {line[:200]!r}")
                if message.get("id") == request_id:
                    return message
            left = deadline - time.monotonic()
            if left <= 0:
                fail(f"no reply to request {request_id} in {timeout} s")
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                if not chunk:
                    fail(f"hopx-mcp closed stdout before replying to {request_id}: "
                         f"{self.proc.stderr.read().decode(errors='replace')}")
                self.buffer += chunk

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except (subprocess.TimeoutExpired, BrokenPipeError):
            self.proc.kill()
            self.proc.wait()
        return self.proc.returncode


def round_trip(root, tmp, version):
    bindir = os.path.join(root, "usr/bin")
    out = run([os.path.join(bindir, "hopx-mcp"), "--version"], timeout=10).strip()
    if out != f"hopx-mcp {version}":
        fail(f"installed hopx-mcp --version printed {out!r}")
    print(f"hopx-mcp --version: {out}")

    # Everything the app may write goes under tmp; the cloud provider points at a closed port.
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("HOPX_", "XDG_", "DBUS_")) and k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    for name in ["config", "data", "cache", "state", "runtime", "home"]:
        os.makedirs(os.path.join(tmp, name), mode=0o700)
    env.update(HOME=os.path.join(tmp, "home"), XDG_CONFIG_HOME=os.path.join(tmp, "config"),
               XDG_DATA_HOME=os.path.join(tmp, "data"), XDG_CACHE_HOME=os.path.join(tmp, "cache"),
               XDG_STATE_HOME=os.path.join(tmp, "state"), XDG_RUNTIME_DIR=os.path.join(tmp, "runtime"),
               HOPX_BASE_URL="http://127.0.0.1:9", QT_QPA_PLATFORM="offscreen")
    socket = os.path.join(tmp, "runtime", "mcp.sock")
    log = open(os.path.join(tmp, "hopx-desktop.log"), "w+")
    app = subprocess.Popen([os.path.join(bindir, "hopx-desktop"), "--headless", "--no-keychain",
                            "--socket", socket], env=env, stdout=log, stderr=subprocess.STDOUT)

    def app_log():
        log.flush()
        log.seek(0)
        return log.read()

    try:
        deadline = time.monotonic() + 30
        while not os.path.exists(socket):
            if app.poll() is not None:
                fail(f"installed hopx-desktop exited {app.returncode}:\n{app_log()}")
            if time.monotonic() > deadline:
                fail(f"installed hopx-desktop did not create {socket} in 30 s:\n{app_log()}")
            time.sleep(0.05)

        bridge = Bridge([os.path.join(bindir, "hopx-mcp"), "--socket", socket, "--no-launch"], env)
        bridge.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                     "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                                "clientInfo": {"name": "packaging-test", "version": "1"}}})
        init = bridge.receive(1)
        if "result" not in init or init["result"].get("serverInfo", {}).get("version") != version:
            fail(f"initialize: {init}")
        bridge.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        bridge.send({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                     "params": {"name": "health", "arguments": {}}})
        health = bridge.receive(2)
        result = health.get("result", {})
        data = result.get("structuredContent", {})
        if result.get("isError") or data.get("server") != "hopx-desktop" or data.get("version") != version:
            fail(f"tools/call health: {health}")
        local = data.get("providers", {}).get("local", {})
        # The relocated install (a prefix other than the configured one) must still find its agent.
        if "agent" in local.get("reason", ""):
            fail(f"the installed app does not find its sandbox agent: {local}")
        print(f"health: status={data.get('status')} local={local} "
              f"hopx={data.get('providers', {}).get('hopx')}")
        if local.get("available"):
            # The installed (static) agent really runs a sandbox, not just gets found.
            bridge.send({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
                         "params": {"name": "execute_code",
                                    "arguments": {"code": "echo installed-agent-ok", "language": "bash",
                                                  "provider": "local", "timeout": 30}}})
            run_reply = bridge.receive(3, timeout=60)
            run_data = run_reply.get("result", {}).get("structuredContent", {})
            if "installed-agent-ok" not in str(run_data.get("stdout", "")):
                fail(f"execute_code in a local sandbox of the installed app: {run_reply}\n{app_log()}")
            print("execute_code (local sandbox, installed agent): ok")
        else:
            # bubblewrap may be unusable on this machine (no user namespaces); that is not packaging.
            print(f"note: local sandboxes unavailable here, sandbox run skipped: {local.get('reason')}")
        code = bridge.close()
        if code != 0:
            fail(f"hopx-mcp exited {code} after stdin closed")
    finally:
        if app.poll() is None:
            app.send_signal(signal.SIGTERM)
            try:
                app.wait(timeout=15)
            except subprocess.TimeoutExpired:
                app.kill()
                app.wait()
                fail(f"hopx-desktop ignored SIGTERM for 15 s:\n{app_log()}")
    if app.returncode != 0:
        fail(f"hopx-desktop exited {app.returncode} on SIGTERM:\n{app_log()}")
    if os.path.exists(socket):
        fail("hopx-desktop left its socket behind")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--cpack", required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--maintainer-test", required=True)
    args = parser.parse_args()
    for tool in ["dpkg-deb", "dpkg-shlibdeps"]:
        if not shutil.which(tool):
            fail(f"{tool} is missing (apt-get install dpkg-dev)")
    # /tmp, not a long TMPDIR: a socket path is limited to 107 bytes.
    tmp = tempfile.mkdtemp(prefix="hopx-pkg-", dir="/tmp")
    try:
        started = time.monotonic()
        deb = build_deb(args, tmp)
        print(f"built {os.path.basename(deb)} in {time.monotonic() - started:.1f} s")
        check_control(deb, args.version)
        root = os.path.join(tmp, "root")
        run(["dpkg", "-x", deb, root])
        check_files(root)
        control = os.path.join(tmp, "control")
        run(["dpkg-deb", "-e", deb, control])
        print(run(["bash", args.maintainer_test, control, root], timeout=60), end="")
        round_trip(root, tmp, args.version)
        print(f"ok ({time.monotonic() - started:.1f} s)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
