#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The SwiftVLC authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Runs a command with a wall-clock limit and an idle-output limit.

A media test that goes wrong hangs instead of failing. This wrapper starts the command in
its own process group, copies its output through, and kills the whole group when the run
takes longer than --wall seconds or prints nothing for --idle seconds. The exit status is the
command's, or 124 when the watchdog fired.

    scripts/watchdog.py --wall 1500 --idle 300 -- make test
"""
import argparse
import os
import select
import signal
import subprocess
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--wall", type=float, required=True, help="wall-clock limit, seconds")
    parser.add_argument("--idle", type=float, required=True, help="idle-output limit, seconds")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")

    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True
    )
    started = last_output = time.monotonic()
    reason = None
    out = sys.stdout.buffer
    while True:
        ready, _, _ = select.select([process.stdout], [], [], 1.0)
        now = time.monotonic()
        if ready:
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                break
            out.write(chunk)
            out.flush()
            last_output = now
        if now - started > args.wall:
            reason = f"wall-clock limit of {args.wall:.0f} s reached"
        elif now - last_output > args.idle:
            reason = f"no output for {args.idle:.0f} s"
        if reason:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            print(f"\nwatchdog: {reason}; killed process group of: {' '.join(command)}",
                  file=sys.stderr, flush=True)
            return 124
    status = process.wait()
    try:  # leftovers of the command (a stray player process) never outlive it
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    return status if status >= 0 else 128 - status


if __name__ == "__main__":
    sys.exit(main())
