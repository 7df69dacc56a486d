#!/usr/bin/env python3
"""A lesson-generation endpoint on 127.0.0.1 for the HTTP sink tests, with injected faults.

It deduplicates POSTs by their Idempotency-Key, as a real endpoint must, and records what it saw
in --state (JSON Lines, appended with one write(2) each, read back at start: a server killed with
SIGKILL and restarted on the same --port keeps its memory):
  {"event": "request", "n": N, "key": K, "action": A}      every POST, with the fault it met
  {"event": "first", "key": K, "id": ID, "bodyId": ID2}     the first delivery of a key
  {"event": "repeat", "key": K}                             a key delivered again (deduplicated)
Tests count first deliveries and repeats from this file.

--faults is a comma list of actions, the n-th POST meeting the n-th (cycled):
  ok       deliver, answer 200 (a repeat gets 200 and Idempotent-Replayed: true)
  drop     close the connection before reading the request's meaning (nothing delivered)
  ackdrop  deliver, then close the connection without answering (the client cannot know)
  slow     wait --slow seconds (past the client's timeout), then deliver and answer
  dupack   deliver and send the 200 answer twice on the connection
  500/503  answer that status, nothing delivered
  429      answer 429 with Retry-After: --retry-after, nothing delivered
  400/422  answer that status (a refusal), nothing delivered
The port is printed as "PORT <n>" once the server listens; it stops when standard input closes.
"""
import argparse
import json
import os
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

parser = argparse.ArgumentParser()
parser.add_argument("--state", required=True)
parser.add_argument("--port", type=int, default=0)
parser.add_argument("--faults", default="ok")
parser.add_argument("--slow", type=float, default=1.5)
parser.add_argument("--retry-after", default="1")
args = parser.parse_args()
faults = [f.strip() for f in args.faults.split(",") if f.strip()]
lock = threading.Lock()
seen = set()
count = 0
if os.path.exists(args.state):
    with open(args.state, encoding="utf-8") as f:
        for line in f:
            try:
                e = json.loads(line)
            except ValueError:
                continue          # a line cut by a kill -9 of this server
            if e.get("event") == "first":
                seen.add(e["key"])
state_fd = os.open(args.state, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)


def record(event):
    os.write(state_fd, (json.dumps(event) + "\n").encode())


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def drop(self):
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def answer(self, status, headers=None, twice=False):
        body = b"{}"
        raw = ("HTTP/1.1 %d X\r\nContent-Type: application/json\r\nContent-Length: %d\r\n" % (status, len(body))).encode()
        for k, v in (headers or {}).items():
            raw += ("%s: %s\r\n" % (k, v)).encode()
        raw += b"\r\n" + body
        try:
            self.wfile.write(raw * (2 if twice else 1))
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def deliver(self, key, body):
        """Records the delivery of `key`; True when it is the first."""
        try:
            body_id = json.loads(body).get("id")
        except ValueError:
            body_id = None
        with lock:
            if key in seen:
                record({"event": "repeat", "key": key})
                return False
            seen.add(key)
            record({"event": "first", "key": key, "id": key.rsplit(".r", 1)[0], "bodyId": body_id, "size": len(body)})
            return True

    def do_POST(self):
        global count
        length = int(self.headers.get("Content-Length") or 0)
        key = self.headers.get("Idempotency-Key")
        with lock:
            count += 1
            n = count
        action = faults[(n - 1) % len(faults)]
        record({"event": "request", "n": n, "key": key, "action": action})
        if action == "drop":
            return self.drop()
        body = self.rfile.read(length) if length else b""
        if not key:
            return self.answer(400)
        if action in ("500", "503", "400", "422", "404"):
            return self.answer(int(action))
        if action == "429":
            return self.answer(429, {"Retry-After": args.retry_after})
        if action == "slow":
            time.sleep(args.slow)
        first = self.deliver(key, body)
        if action == "ackdrop":
            return self.drop()
        self.answer(200, {} if first else {"Idempotent-Replayed": "true"}, twice=action == "dupack")
        if action == "dupack":
            self.close_connection = True


class Server(ThreadingHTTPServer):
    allow_reuse_address = True
    daemon_threads = True


server = Server(("127.0.0.1", args.port), Handler)
print("PORT", server.server_address[1], flush=True)
threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
server.serve_forever()
