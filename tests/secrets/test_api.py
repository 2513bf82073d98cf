#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# test_api.py CERT KEY: the secrets tests' API on 127.0.0.1, plain HTTP on one port and TLS
# (CERT, signed by the test's own CA) on another; prints "PORTS <http> <https>". It knows the
# real value (stdin, one line) and never sends it back: it answers what it received as
# "auth=ok" for exactly "Bearer <value>", else the header as it came (a placeholder, say), and
# the same for the query string and the body ("query=ok", "body=ok"). It also says which
# connection carried the request ("conn", the caller's port) and the TLS name it was opened
# for ("sni"), and answers HTTP/1.1 keep-alive, so that a caller's kept connections can be
# followed; "/close-after" closes the connection after its answer, as an API's idle timeout
# would, and "/drop-next" has the next request on the connection closed unanswered, as when
# the timeout strikes while that request is on its way.
import http.server
import json
import ssl
import sys
import threading
import weakref

VALUE = sys.stdin.readline().rstrip("\n")
DROP_NEXT = weakref.WeakSet()  # connections whose next request is closed unanswered


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # The answer leaves in one piece, at once: unbuffered, the head and the body went as two
    # writes and the body waited for the head's (delayed) ACK, about 40 ms a request, which
    # the bench's blind tunnel paid and a proxy that reads the whole answer did not.
    wbufsize = -1
    disable_nagle_algorithm = True

    def answer(self):
        if self.connection in DROP_NEXT:
            self.close_connection = True
            return
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8", "replace") if length else ""
        auth = self.headers.get("Authorization", "")
        path, _, query = self.path.partition("?")

        def seen(text, ok):
            return "ok" if ok else ("leak" if VALUE in text else text)
        out = {
            "auth": seen(auth, auth == "Bearer " + VALUE),
            "query": seen(query, query == "key=" + VALUE),
            "body": seen(body, body == '{"key": "%s"}' % VALUE),
            "host": self.headers.get("Host", ""),
            "path": path,
            "conn": self.client_address[1],
            "sni": getattr(self.connection, "hopx_sni", None),
        }
        data = (json.dumps(out) + "\n").encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        if path == "/close-after":
            self.close_connection = True
        if path == "/drop-next":
            DROP_NEXT.add(self.connection)

    do_GET = answer
    do_POST = answer

    def log_message(self, *args):
        pass


def serve(server):
    server.serve_forever()


plain = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
secure = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(sys.argv[1], sys.argv[2])


def remember_name(sock, name, _context):
    sock.hopx_sni = name


context.sni_callback = remember_name
secure.socket = context.wrap_socket(secure.socket, server_side=True)
for s in (plain, secure):
    threading.Thread(target=serve, args=(s,), daemon=True).start()
print("PORTS %d %d" % (plain.server_address[1], secure.server_address[1]), flush=True)
sys.stdin.read()  # until the test closes stdin
