#!/usr/bin/env python3
"""A real HTTP server on 127.0.0.1 for IngestHTTP's tests.

Routes:
  GET  /hello              200 "hello", header X-Test: yes
  POST /echo (any method)  200, JSON {method, path, body, headers} of the request
  GET  /redirect           302 to /hello
  GET  /slow?seconds=S     waits S seconds, then 200 "late"
  GET  /big?bytes=N        200 with N bytes and a Content-Length
  GET  /stream?bytes=N     200 with N bytes, no Content-Length (ends when the connection closes)
  GET  /status?code=C      C with an empty body
The chosen port is printed on stdout as "PORT <n>" once the server listens; the server stops when
its standard input is closed.
"""
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, data=b"", headers=None, length=True):
        self.send_response(status)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        if length:
            self.send_header("Content-Length", str(len(data)))
        else:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        try:
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def handle_any(self):
        parts = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if parts.path == "/hello":
            return self.reply(200, b"hello", {"X-Test": "yes"})
        if parts.path == "/echo":
            data = json.dumps({"method": self.command, "path": self.path, "body": body.decode("utf-8", "replace"),
                               "headers": {k.lower(): v for k, v in self.headers.items()}}).encode()
            return self.reply(200, data, {"Content-Type": "application/json"})
        if parts.path == "/redirect":
            return self.reply(302, b"", {"Location": "/hello"})
        if parts.path == "/slow":
            time.sleep(float(query.get("seconds", "2")))
            return self.reply(200, b"late")
        if parts.path in ("/big", "/stream"):
            return self.reply(200, b"x" * int(query.get("bytes", "0")), length=parts.path == "/big")
        if parts.path == "/status":
            return self.reply(int(query.get("code", "200")))
        return self.reply(404, b"no route")

    do_GET = do_POST = do_PUT = do_DELETE = handle_any


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print("PORT", server.server_address[1], flush=True)
    threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
