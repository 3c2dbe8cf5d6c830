#!/usr/bin/env python3
"""A small HTTP/1.1 server with network faults, written with nothing but the Python 3 standard
library, so that `osprey fetch` can be checked against a server that is not Osprey's own.

Usage: fault_server.py [--dump DIR] [--exit-with-stdin]
Prints "PORT <n>" on its first line once it listens on 127.0.0.1, then serves until killed.
With --dump, writes the large image it serves to DIR/large.png (for byte comparisons); with
--exit-with-stdin, exits when its standard input closes (so it never outlives a test run).

Routes (any path prefix works, so that each check has its own counters: /a/slow.png, ...):
  .../slow.png     the large PNG (about 1.7 MB) at about 100 kB/s: 10 kB every 0.1 s
  .../silent.png   the head and 10 kB of the large PNG, then 5 s of silence, then the rest
  .../busy.png     503 with Retry-After: 1 for the first two requests, then a small PNG
  .../cut.png      the large PNG with ETag and Accept-Ranges: bytes; the first response is
                   cut after 600,000 body bytes; honours Range: bytes=N- and If-Range (206)
  /log             JSON: every request so far as {"path", "range", "if_range", "time"}
"""
import http.server
import json
import os
import random
import signal
import socketserver
import struct
import sys
import threading
import time
import zlib

ETAG = '"osprey-fault-v1"'


def png(width, height, seed):
    """An RGB PNG of noise: incompressible, so its file is about width * height * 3 bytes."""
    rng = random.Random(seed)
    rows = b"".join(b"\x00" + rng.randbytes(width * 3) for _ in range(height))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 1))
            + chunk(b"IEND", b""))


LARGE = png(750, 755, 1)   # about 1.7 MB
SMALL = png(16, 16, 2)


class State:
    lock = threading.Lock()
    log = []
    counts = {}

    @classmethod
    def record(cls, handler):
        with cls.lock:
            index = cls.counts.get(handler.path, 0)
            cls.counts[handler.path] = index + 1
            cls.log.append({"path": handler.path, "range": handler.headers.get("Range"),
                            "if_range": handler.headers.get("If-Range"), "time": time.time()})
            return index


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def head(self, status, length, content_type="image/png", extra=None, close=False):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(length))
        for name, value in (extra or {}).items():
            self.send_header(name, value)
        if close:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()

    def do_GET(self):
        if self.path == "/log":
            with State.lock:
                body = json.dumps(State.log).encode()
            self.head(200, len(body), "application/json")
            self.wfile.write(body)
            return
        index = State.record(self)
        name = self.path.rsplit("/", 1)[-1]
        try:
            if name == "slow.png":
                self.head(200, len(LARGE))
                for start in range(0, len(LARGE), 10_000):
                    self.wfile.write(LARGE[start:start + 10_000])
                    self.wfile.flush()
                    time.sleep(0.1)
            elif name == "silent.png":
                self.head(200, len(LARGE))
                self.wfile.write(LARGE[:10_000])
                self.wfile.flush()
                time.sleep(5)
                self.wfile.write(LARGE[10_000:])
            elif name == "busy.png":
                if index < 2:
                    self.head(503, 0, "text/plain", {"Retry-After": "1"})
                else:
                    self.head(200, len(SMALL))
                    self.wfile.write(SMALL)
            elif name == "cut.png":
                self.ranged(cut=index == 0)
            else:
                self.head(404, 0, "text/plain")
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def ranged(self, cut):
        validators = {"ETag": ETAG, "Accept-Ranges": "bytes"}
        wanted = self.headers.get("Range")
        if_range = self.headers.get("If-Range")
        start = 0
        if wanted and wanted.startswith("bytes=") and wanted.endswith("-") and (if_range is None or if_range == ETAG):
            start = int(wanted[len("bytes="):-1])
        if start >= len(LARGE):
            self.head(416, 0, "text/plain", {"Content-Range": "bytes */%d" % len(LARGE)})
            return
        body = LARGE[start:]
        if start > 0:
            validators["Content-Range"] = "bytes %d-%d/%d" % (start, len(LARGE) - 1, len(LARGE))
        self.head(206 if start > 0 else 200, len(body), extra=validators, close=cut)
        if cut:
            self.wfile.write(body[:600_000])
            self.wfile.flush()
            return
        self.wfile.write(body)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def exit_with_parent():
    """Exits once standard input closes: the process that started the server is gone."""
    while sys.stdin.buffer.read(4096):
        pass
    os._exit(0)


def main():
    # A parent that ignores SIGTERM passes that on to its children: restore the default.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if "--exit-with-stdin" in sys.argv:
        threading.Thread(target=exit_with_parent, daemon=True).start()
    if "--dump" in sys.argv:
        folder = sys.argv[sys.argv.index("--dump") + 1]
        with open(folder + "/large.png", "wb") as file:
            file.write(LARGE)
    server = Server(("127.0.0.1", 0), Handler)
    print("PORT %d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
