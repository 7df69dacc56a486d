#!/usr/bin/env python3
"""A real HTTP server on 127.0.0.1 for the HTTP sink tests.

Prints its port on the first line of standard output, then serves until it has answered
--max requests or --seconds have passed. Each POST is logged as one JSON line in --log
(path, Idempotency-Key, body size, status). With --fail-first N, the first N POSTs answer 500
(to prove retries); with --always STATUS, every POST answers STATUS.
"""
import argparse
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

parser = argparse.ArgumentParser()
parser.add_argument("--log", required=True)
parser.add_argument("--fail-first", type=int, default=0)
parser.add_argument("--always", type=int, default=0)
parser.add_argument("--max", type=int, default=100)
parser.add_argument("--seconds", type=float, default=60)
args = parser.parse_args()
count = 0
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        global count
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with lock:
            count += 1
            n = count
        status = args.always or (500 if n <= args.fail_first else 200)
        with open(args.log, "a", encoding="utf-8") as log:
            log.write(json.dumps({"path": self.path, "key": self.headers.get("Idempotency-Key"),
                                  "size": len(body), "status": status,
                                  "id": json.loads(body).get("id") if body else None}) + "\n")
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()
        if n >= args.max:
            threading.Thread(target=server.shutdown).start()

    def log_message(self, *a):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Timer(args.seconds, server.shutdown).start()
server.serve_forever()
