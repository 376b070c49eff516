#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The SwiftVLC authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Writes a tiny PGS (Blu-ray "HDMV presentation graphics") subtitle stream as a .sup file.

    python3 scripts/pgs-sup.py OUT.sup [--width W] [--height H]

FFmpeg has no PGS encoder, so the tests that record bitmap subtitles make their PGS stream
here and their VobSub (dvdsub) and DVB (dvbsub) streams from it with ffmpeg, which converts
bitmap subtitles into one another. The file follows the .sup layout of the HDMV spec as
FFmpeg's `sup` demuxer and `pgssub` decoder read it: segments of "PG", PTS and DTS (90 kHz),
type and size. Two display sets:

- at 0.5 s an epoch start: a presentation composition (PCS) of one object at (16, H - 40), a
  window (WDS) around it, a palette (PDS: 1 white, 2 black, 0 transparent) and the object
  (ODS): a 64x16 white box with a black border, run-length coded;
- at 2.5 s a composition with no object, which clears it.
"""

import argparse
import struct

PCS, WDS, PDS, ODS, END = 0x16, 0x17, 0x14, 0x15, 0x80


def segment(pts, kind, payload):
    return b"PG" + struct.pack(">IIBH", pts, 0, kind, len(payload)) + payload


def rle_line(pixels):
    """One line of PGS run-length code, ended by 00 00."""
    out = bytearray()
    i = 0
    while i < len(pixels):
        colour = pixels[i]
        run = 1
        while i + run < len(pixels) and pixels[i + run] == colour and run < 16383:
            run += 1
        if colour != 0 and run < 3:
            out += bytes([colour]) * run
        elif colour == 0:
            out += bytes([0, run]) if run < 64 else bytes([0, 0x40 | run >> 8, run & 0xFF])
        elif run < 64:
            out += bytes([0, 0x80 | run, colour])
        else:
            out += bytes([0, 0xC0 | run >> 8, run & 0xFF, colour])
        i += run
    return bytes(out) + b"\x00\x00"


def box(width, height):
    rows = []
    for y in range(height):
        edge = y in (0, height - 1)
        rows.append([2 if edge or x in (0, width - 1) else 1 for x in range(width)])
    return b"".join(rle_line(row) for row in rows)


def display_set(pts, width, height, number, shown):
    obj_w, obj_h, x, y = 64, 16, 16, height - 40
    objects = struct.pack(">HBBHH", 0, 0, 0, x, y) if shown else b""
    state = 0x80 if shown else 0x00
    pcs = struct.pack(">HHBHBBBB", width, height, 0x10, number, state, 0, 0, 1 if shown else 0)
    out = segment(pts, PCS, pcs + objects)
    out += segment(pts, WDS, struct.pack(">BBHHHH", 1, 0, x, y, obj_w, obj_h))
    if shown:
        palette = struct.pack(">BB", 0, 0)
        palette += struct.pack(">BBBBB", 1, 235, 128, 128, 255)  # white
        palette += struct.pack(">BBBBB", 2, 16, 128, 128, 255)  # black
        out += segment(pts, PDS, palette)
        data = box(obj_w, obj_h)
        length = len(data) + 4
        header = struct.pack(">HBB", 0, 0, 0xC0) + length.to_bytes(3, "big")
        out += segment(pts, ODS, header + struct.pack(">HH", obj_w, obj_h) + data)
    return out + segment(pts, END, b"")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output")
    parser.add_argument("--width", type=int, default=160)
    parser.add_argument("--height", type=int, default=120)
    args = parser.parse_args()
    with open(args.output, "wb") as out:
        out.write(display_set(45_000, args.width, args.height, 0, True))
        out.write(display_set(225_000, args.width, args.height, 1, False))


if __name__ == "__main__":
    main()
