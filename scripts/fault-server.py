#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The SwiftVLC authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""An HTTP server that misbehaves on purpose, for SwiftVLC's network tests.

    scripts/fault-server.py --root Tests/SwiftVLCTests/Fixtures [--verbose]

Binds 127.0.0.1 on a free port, prints "PORT <n>" as its first line and serves until it is
killed or its stdin closes (so a crashed test never leaves it running). GET and HEAD; plain
files honour "Range: bytes=a-b" with 206, because libVLC seeks with Range requests.

    /files/<path>                  the file, with Content-Type and Content-Length
    /stall/<path>                  headers and the first half of the body, then silence
    /hang/<anything>               reads the request, never answers
    /status/<code>/<anything>      that status with a tiny body
    /reset/<path>                  headers and a third of the body, then a TCP reset
    /drip/<bytes-per-second>/<path> the file, slowly
    /badlength/<path>              Content-Length 50% larger than the body, body, close
    /norange/<path>                the whole file for every request, Range ignored (as
                                   python's http.server): a server that cannot seek
    /auth/<user>/<password>/<path> the file behind HTTP Basic auth (realm "SwiftVLC")
    /hlsfault/<fault>/<n>/<dir>/<file>  HLS from <dir>; seg<n>.ts gets <fault>:
                                   stall, 404, 500 or reset
    /live/<dir>/index.m3u8         a sliding-window live playlist made from <dir>/index.m3u8,
                                   one segment further every target duration, looping
    /stalelive/<dir>/index.m3u8    the same, frozen once two segments have gone by
                                   (segments under /live/ and /stalelive/ are the real files)
    /nokey/<dir>/index.m3u8        <dir>/index.m3u8 marked AES-128 encrypted
                                   (#EXT-X-KEY:METHOD=AES-128,URI="missing.key") with a key
                                   that answers 404; segments are the real files
    /toggle/<name>/<route>/...     any route above while <name> is up; while it is down, 503
                                   (mode "down") or a connection held open in silence ("hang")
    /late/<ms>/<route>/...         any route above, each request answered <ms> late (a busy
                                   server)
    POST /control/<name>/<mode>    sets <name> to up, down or hang (answers 204)
    POST /documents/<name>         keeps the request body (a channel list, say) as <name>
    /documents/<name>              that body, typed by <name>'s extension
    GET /control/stats             {"open": connections open besides this one,
                                    "requests": {route: count}}

Live clocks start at the first request for that playlist, so each test sees sequence 0 first.
Held connections (/stall/, /hang/) end when the client closes them, so "open" drops to 0 once
every client has let go.
"""
import argparse
import base64
import mimetypes
import json
import os
import select
import socket
import struct
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote, urlsplit

CONTENT_TYPES = {
    ".m3u8": "application/vnd.apple.mpegurl",
    ".ts": "video/mp2t",
    ".mp4": "video/mp4",
    ".mkv": "video/x-matroska",
    ".wav": "audio/wav",
    ".srt": "application/x-subrip",
    ".m3u": "audio/x-mpegurl",
}
LIVE_WINDOW = 3  # segments listed in a live playlist
STALE_AFTER = 2  # segments a stale live playlist advances before it freezes
TOGGLE_MODES = ("up", "down", "hang")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive and Range, as libVLC expects
    server_version = "SwiftVLCFaultServer/1.0"

    def do_HEAD(self):
        self.do_GET()

    def setup(self):
        super().setup()
        with self.server.lock:
            self.server.open_connections += 1

    def finish(self):
        try:
            super().finish()
        except OSError:
            pass  # a reset connection has no socket left to flush
        finally:
            with self.server.lock:
                self.server.open_connections -= 1

    def do_GET(self):
        parts = [unquote(p) for p in urlsplit(self.path).path.split("/") if p]
        route, args = (parts[0], parts[1:]) if parts else ("", [])
        with self.server.lock:
            requests = self.server.requests
            requests[route] = requests.get(route, 0) + 1
        try:
            self.dispatch(route, args)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the client went away; nothing to report

    def do_POST(self):
        parts = [unquote(p) for p in urlsplit(self.path).path.split("/") if p]
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if len(parts) == 2 and parts[0] == "documents":
            with self.server.lock:
                self.server.documents[parts[1]] = body
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif len(parts) == 3 and parts[0] == "control" and parts[2] in TOGGLE_MODES:
            with self.server.lock:
                self.server.toggles[parts[1]] = parts[2]
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            self.send_status(404)

    def dispatch(self, route, args):
        if route == "files":
                self.send_file(args)
        elif route in ("stall", "reset", "badlength", "norange"):
            self.send_file(args, fault=route)
        elif route == "hang":
            self.hold()
        elif route == "status" and args and args[0].isdigit():
            self.send_status(int(args[0]))
        elif route == "drip" and args and args[0].isdigit():
            self.send_file(args[1:], rate=max(1, int(args[0])))
        elif route == "auth" and len(args) >= 3:
            self.send_authenticated(args[0], args[1], args[2:])
        elif route == "hlsfault" and len(args) >= 4:
            self.send_hls_fault(args[0], args[1], args[2:])
        elif route in ("live", "stalelive") and args:
            self.send_live(route, args)
        elif route == "nokey" and args:
            self.send_missing_key(args)
        elif route == "toggle" and len(args) >= 2:
            self.send_toggled(args[0], args[1], args[2:])
        elif route == "late" and len(args) >= 2 and args[0].isdigit():
            time.sleep(int(args[0]) / 1000)
            self.dispatch(args[1], args[2:])
        elif route == "documents" and len(args) == 1:
            with self.server.lock:
                body = self.server.documents.get(args[0])
            if body is None:
                return self.send_status(404)
            self.send_body(200, body, content_type(args[0]), {})
        elif route == "control" and args == ["stats"]:
            self.send_stats()
        else:
            self.send_status(404)

    # -- routes -------------------------------------------------------------------------

    def send_authenticated(self, user, password, relpath):
        expected = base64.b64encode(f"{user}:{password}".encode()).decode()
        if self.headers.get("Authorization", "") != f"Basic {expected}":
            self.send_status(401, {"WWW-Authenticate": 'Basic realm="SwiftVLC"'})
        else:
            self.send_file(relpath)

    def send_hls_fault(self, fault, index, rest):
        if rest[-1] != f"seg{index}.ts":
            self.send_file(rest)
        elif fault in ("404", "500"):
            self.send_status(int(fault))
        elif fault in ("stall", "reset"):
            self.send_file(rest, fault=fault)
        else:
            self.send_status(400)

    def send_missing_key(self, args):
        if args[-1] == "missing.key":
            return self.send_status(404)
        if args[-1] != "index.m3u8":
            return self.send_file(args)
        path = self.resolve(args)
        if path is None:
            return self.send_status(404)
        with open(path, encoding="utf-8") as file:
            lines = file.read().splitlines()
        first = next(i for i, line in enumerate(lines) if line.startswith("#EXTINF"))
        lines.insert(first, '#EXT-X-KEY:METHOD=AES-128,URI="missing.key"')
        body = ("\n".join(lines) + "\n").encode()
        self.send_body(200, body, CONTENT_TYPES[".m3u8"], {})

    def send_toggled(self, name, route, args):
        with self.server.lock:
            mode = self.server.toggles.get(name, "up")
        if mode == "down":
            self.send_status(503)
        elif mode == "hang":
            self.hold()
        else:
            self.dispatch(route, args)

    def send_stats(self):
        with self.server.lock:
            stats = {"open": self.server.open_connections - 1,
                     "requests": dict(self.server.requests)}
        self.send_body(200, json.dumps(stats).encode(), "application/json", {})

    def send_live(self, route, args):
        if args[-1] != "index.m3u8":
            return self.send_file(args)  # a segment: the real file (any ?query is ignored)
        path = self.resolve(args)
        if path is None:
            return self.send_status(404)
        target, segments = read_vod_playlist(path)
        if not segments:
            return self.send_status(500)
        clock = urlsplit(self.path).path
        started = self.server.live_clocks.setdefault(clock, time.monotonic())
        sequence = int((time.monotonic() - started) // target)
        if route == "stalelive":
            sequence = min(sequence, STALE_AFTER)
        count = len(segments)
        lines = [
            "#EXTM3U", "#EXT-X-VERSION:3", f"#EXT-X-TARGETDURATION:{target}",
            f"#EXT-X-MEDIA-SEQUENCE:{sequence}",
            f"#EXT-X-DISCONTINUITY-SEQUENCE:{sequence // count}",
        ]
        for number in range(sequence, sequence + min(LIVE_WINDOW, count)):
            extinf, uri = segments[number % count]
            if number % count == 0 and number != sequence:
                lines.append("#EXT-X-DISCONTINUITY")  # the loop restarts the timestamps
            lines += [extinf, f"{uri}?seq={number}"]
        body = ("\n".join(lines) + "\n").encode()
        self.send_body(200, body, CONTENT_TYPES[".m3u8"], {"Cache-Control": "no-cache"})

    # -- responses ----------------------------------------------------------------------

    def send_status(self, code, headers=None):
        body = f"{code}\n".encode()
        self.send_body(code, body, "text/plain", headers or {})

    def send_body(self, code, body, content_type, headers):
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_file(self, relpath, fault=None, rate=None):
        path = self.resolve(relpath)
        if path is None:
            return self.send_status(404)
        with open(path, "rb") as file:
            data = file.read()
        size, code, headers = len(data), 200, {"Accept-Ranges": "bytes"}
        wanted = parse_range(self.headers.get("Range"), size)
        if fault == "norange":
            headers, wanted = {}, None
        if wanted == "unsatisfiable":
            return self.send_status(416, {"Content-Range": f"bytes */{size}"})
        if wanted:
            first, last = wanted
            data, code = data[first:last + 1], 206
            headers["Content-Range"] = f"bytes {first}-{last}/{size}"
        declared = len(data) * 3 // 2 if fault == "badlength" else len(data)
        self.send_response(code)
        self.send_header("Content-Type", content_type(path))
        self.send_header("Content-Length", str(declared))
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        if self.command == "HEAD":
            return
        if fault == "stall":
            self.wfile.write(data[:len(data) // 2])
            self.wfile.flush()
            self.hold()
        elif fault == "reset":
            self.wfile.write(data[:len(data) // 3])
            self.reset_connection()
        elif rate:
            step = max(1, rate // 10)
            for offset in range(0, len(data), step):
                self.wfile.write(data[offset:offset + step])
                time.sleep(step / rate)
        else:
            self.wfile.write(data)
            if fault == "badlength":
                self.close_connection = True

    def hold(self):
        """Says nothing more, and returns once the client has closed the connection."""
        self.close_connection = True
        while True:
            ready, _, _ = select.select([self.connection], [], [], 1.0)
            if ready and not self.connection.recv(65536):
                return  # end of stream: the client let go (a reset raises instead)

    def reset_connection(self):
        # SO_LINGER with a zero timeout makes close() send RST instead of FIN. Detach first:
        # the request's file objects hold the socket and would delay the real close.
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        os.close(self.connection.detach())
        self.close_connection = True

    def resolve(self, relpath):
        root = self.server.root
        path = os.path.realpath(os.path.join(root, *relpath))
        inside = path.startswith(root + os.sep)
        return path if inside and os.path.isfile(path) else None

    def log_message(self, format, *args):
        if self.server.verbose:
            sys.stderr.write("fault-server: " + (format % args) + "\n")


def parse_range(header, size):
    """(first, last) for a single "bytes=a-b" range, None for no/unsupported range, or
    "unsatisfiable"."""
    if not header or not header.startswith("bytes=") or "," in header:
        return None
    start, _, end = header[len("bytes="):].strip().partition("-")
    try:
        if start == "":  # suffix range: the last <end> bytes
            first, last = max(0, size - int(end)), size - 1
        else:
            first, last = int(start), min(int(end), size - 1) if end else size - 1
    except ValueError:
        return None
    return "unsatisfiable" if first >= size or first > last else (first, last)


def read_vod_playlist(path):
    """(target duration, [(EXTINF line, segment URI)]) of a simple HLS media playlist."""
    target, segments, extinf = 2, [], None
    with open(path, encoding="utf-8") as file:
        for line in (line.strip() for line in file):
            if line.startswith("#EXT-X-TARGETDURATION:"):
                target = int(line.split(":", 1)[1])
            elif line.startswith("#EXTINF:"):
                extinf = line
            elif line and not line.startswith("#") and extinf:
                segments.append((extinf, line))
                extinf = None
    return target, segments


def content_type(path):
    extension = os.path.splitext(path)[1].lower()
    guessed = mimetypes.guess_type(path)[0]
    return CONTENT_TYPES.get(extension) or guessed or "application/octet-stream"


class Server(ThreadingHTTPServer):
    daemon_threads = True  # held and hung connections must not keep the process alive

    def handle_error(self, request, client_address):
        if self.verbose:
            super().handle_error(request, client_address)


def exit_when_stdin_closes():
    while sys.stdin.buffer.read(4096):
        pass
    os._exit(0)


def main():
    parser = argparse.ArgumentParser(description="HTTP server with injectable faults")
    parser.add_argument("--root", required=True, help="directory served under the routes")
    parser.add_argument("--verbose", action="store_true", help="log requests to stderr")
    args = parser.parse_args()

    server = Server(("127.0.0.1", 0), Handler)
    server.root = os.path.realpath(args.root)
    server.verbose = args.verbose
    server.live_clocks = {}
    server.lock = threading.Lock()
    server.open_connections = 0
    server.requests = {}
    server.toggles = {}
    server.documents = {}
    print(f"PORT {server.server_address[1]}", flush=True)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
