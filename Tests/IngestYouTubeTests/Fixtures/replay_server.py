#!/usr/bin/env python3
"""A real HTTP server on 127.0.0.1 for the YouTube client's tests.

It replays recorded responses (files of the shared corpus or made by the test) and injects
faults. Routes come from a JSON file given as argv[1]:

  {"routes": [{"method": "POST", "path": "/youtubei/v1/player",
               "responses": [{"status": 429}, {"status": 200, "file": "/…/player.json"}]}]}

Each request to a route takes the next response of its list; the last one repeats. A response
may have "status", "file" or "body", "headers", "delay" (seconds before answering) and
"drop": true (close the connection without answering). GET /__stats answers the number of
requests per "METHOD path" seen so far (and per "POST path?key" for POSTs carrying a key parameter); POST /__routes replaces the routes (same JSON).
The chosen port is printed on stdout as "PORT <n>" once the server listens.
"""
import json
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

lock = threading.Lock()
routes = {}
counts = {}


def load(spec):
    table = {}
    for r in spec.get("routes", []):
        table[(r.get("method", "GET"), r["path"])] = {"responses": r["responses"], "next": 0}
    return table


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def handle_any(self, method):
        path = self.path.split("?", 1)[0]
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if path == "/__stats":
            with lock:
                data = json.dumps(counts).encode()
            return self.reply(200, data, {"Content-Type": "application/json"})
        if path == "/__routes" and method == "POST":
            global routes
            with lock:
                routes = load(json.loads(body))
            return self.reply(200, b"{}", {})
        key = method + " " + path
        query = self.path.split("?", 1)[1] if "?" in self.path else ""
        with lock:
            counts[key] = counts.get(key, 0) + 1
            if method == "POST" and "key" in parse_qs(query):  # the InnerTube API key, counted apart
                counts[key + "?key"] = counts.get(key + "?key", 0) + 1
            route = routes.get((method, path))
            if route is None:
                response = {"status": 404, "body": "no route"}
            else:
                i = min(route["next"], len(route["responses"]) - 1)
                route["next"] += 1
                response = route["responses"][i]
        if response.get("delay"):
            time.sleep(response["delay"])
        if response.get("drop"):
            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            self.close_connection = True
            return
        if "file" in response:
            with open(response["file"], "rb") as f:
                data = f.read()
        else:
            data = response.get("body", "").encode()
        self.reply(response.get("status", 200), data, response.get("headers", {}))

    def reply(self, status, data, headers):
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        try:
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_GET(self):
        self.handle_any("GET")

    def do_POST(self):
        self.handle_any("POST")


def main():
    global routes
    with open(sys.argv[1]) as f:
        routes = load(json.load(f))
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print("PORT", server.server_address[1], flush=True)
    # Stop when the test closes our stdin (the test process ends or tears us down).
    threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
