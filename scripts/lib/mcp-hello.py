#!/usr/bin/env python3
# An IDE's first call, for scripts/newcomer.sh: starts hopx-mcp (which must find a running app,
# --no-launch), initializes, and asks execute_code_isolated to print Hello World. Retries
# while the app is still coming up; exits 0 when the tool's text says Hello World.
#   python3 scripts/lib/mcp-hello.py path/to/hopx-mcp [seconds]
import json
import subprocess
import sys
import time

bridge = sys.argv[1]
deadline = time.monotonic() + (float(sys.argv[2]) if len(sys.argv) > 2 else 300)


def attempt():
    """One session; returns the tool's text, or None when the app was not reachable yet."""
    proc = subprocess.Popen([bridge, "--no-launch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)

    def send(message):
        proc.stdin.write(json.dumps(message) + "\n")
        proc.stdin.flush()

    def answer(request_id):
        for line in proc.stdout:
            message = json.loads(line)
            if message.get("id") == request_id:
                return message
        return None

    try:
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                         "clientInfo": {"name": "newcomer", "version": "1"}}})
        hello = answer(1)
        if hello is None or "error" in hello:
            # Not up yet: without an app the bridge answers the first request with why, and ends.
            print("hopx-mcp:", json.dumps(hello.get("error")) if hello else proc.stderr.read().strip(),
                  file=sys.stderr)
            return None
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        send({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
              "params": {"name": "execute_code_isolated",
                         "arguments": {"code": "print('Hello World')", "language": "python"}}})
        reply = answer(2)
        if reply is None:
            raise SystemExit("hopx-mcp closed without an answer: " + proc.stderr.read().strip())
        if "error" in reply:
            raise SystemExit("execute_code_isolated: " + json.dumps(reply["error"]))
        result = reply["result"]
        text = "\n".join(c.get("text", "") for c in result.get("content", []) if c.get("type") == "text")
        if result.get("isError"):
            raise SystemExit("execute_code_isolated failed: " + text)
        return text
    finally:
        proc.stdin.close()
        proc.kill()
        proc.wait()


while True:
    text = attempt()
    if text is not None:
        break
    if time.monotonic() > deadline:
        raise SystemExit("the app did not answer through hopx-mcp in time")
    time.sleep(2)
print(text)
try:
    stdout = json.loads(text).get("stdout", "")
except ValueError:
    stdout = text
if "Hello World" not in stdout:
    raise SystemExit("no Hello World in the tool's stdout")
print("Hello World came back")
