#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The SwiftVLC authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Writes a small MPEG transport stream that carries only a DVB teletext stream.

    python3 scripts/teletext-ts.py OUT.ts [--seconds N]

The stream follows ETSI EN 300 472 (teletext in PES) and EN 300 706 (the teletext lines):
one program (number 1, PMT on PID 0x1000) with a private-data stream (stream_type 0x06) on
PID 0x200 whose teletext descriptor (0x56) names two pages, English:

- 100, the initial page (teletext_type 1): a header row, "SWIFTVLC TELETEXT" on row 2 and a
  solid white block of mosaic graphics on rows 4 to 9, columns 10 to 29;
- 888, a subtitle page (teletext_type 2, C6 set): a boxed white block on row 20 and the boxed
  text "SUBTITLE 888" on row 22, nothing else.

Every 200 ms a PES (data_identifier 0x10) carries one full cycle of both pages: the header
(X/0) and rows (X/n) of each, in EBU data units 0x02 (page 100) and 0x03 (page 888) of 44
bytes, Hamming 8/4 coded addresses and header fields, odd-parity characters, bits reversed
as EN 300 472 transmits them. Each page ends with a time-filling header (page FF) of its
magazine, which completes it, so after the first PES both are in a decoder's cache. PCR rides on the teletext
PID. Mux it with video with ffmpeg (`-map 0:v -map 1:0 -c:s copy`), which keeps the
descriptor and writes the 0x24-byte PES header teletext needs.
"""

import argparse
import sys

PMT_PID = 0x1000
TELETEXT_PID = 0x200
PROGRAM = 1
PES_INTERVAL = 18_000  # 200 ms at 90 kHz
FIRST_PTS = 126_000  # 1.4 s, like ffmpeg's muxer

# EN 300 706 8.2: Hamming 8/4 code words for 0..15, first transmitted bit in bit 0.
HAMMING = [0x15, 0x02, 0x49, 0x5E, 0x64, 0x73, 0x38, 0x2F,
           0xD0, 0xC7, 0x8C, 0x9B, 0xA1, 0xB6, 0xFD, 0xEA]

START_BOX, END_BOX = 0x0B, 0x0A
MOSAIC_WHITE, FULL_BLOCK = 0x17, 0x7F


def reverse_bits(byte):
    return int(f"{byte:08b}"[::-1], 2)


def odd_parity(character):
    character &= 0x7F
    return character | (0x80 if bin(character).count("1") % 2 == 0 else 0)


def text(characters, width):
    """`characters` (str or code list) padded with spaces to `width`, odd parity."""
    codes = [ord(c) for c in characters] if isinstance(characters, str) else list(characters)
    codes = (codes + [0x20] * width)[:width]
    return [odd_parity(c) for c in codes]


def address(magazine, row):
    return [HAMMING[(magazine & 7) | (row & 1) << 3], HAMMING[row >> 1]]


def header(magazine, page, subtitle, title):
    erase, newsflash, suppress = 1, 0, 1 if subtitle else 0
    fields = [page & 0xF, page >> 4, 0, erase << 3, 0, newsflash << 2 | subtitle << 3,
              suppress, 0]
    return address(magazine, 0) + [HAMMING[f] for f in fields] + text(title, 32)


def filler(magazine):
    """A time-filling header (page FF): in parallel magazine mode a page ends only at the
    next header of another page in its magazine, never at a repeat of its own header."""
    return header(magazine, 0xFF, 0, "")


def row(magazine, number, characters):
    return address(magazine, number) + text(characters, 40)


def page_100():
    block = [0x20] * 9 + [MOSAIC_WHITE] + [FULL_BLOCK] * 20
    return [header(1, 0x00, 0, "SwiftVLC Lab      100"),
            row(1, 2, "   SWIFTVLC TELETEXT INDEX PAGE 100")] + [
        row(1, n, block) for n in range(4, 10)] + [filler(1)]


def page_888():
    boxed_block = [0x20] * 8 + [START_BOX, START_BOX, MOSAIC_WHITE] + [FULL_BLOCK] * 16 + [
        END_BOX, END_BOX]
    boxed_text = [0x20] * 12 + [START_BOX, START_BOX] + [ord(c) for c in "SUBTITLE 888"] + [
        END_BOX, END_BOX]
    return [header(8, 0x88, 1, "SwiftVLC Lab      888"),
            row(8, 20, boxed_block), row(8, 22, boxed_text), filler(8)]


def data_unit(unit_id, line_offset, line):
    assert len(line) == 42
    return [unit_id, 0x2C, 0xC0 | 0x20 | line_offset, 0xE4] + [reverse_bits(b) for b in line]


def teletext_payload():
    units = []
    lines = [(0x02, line) for line in page_100()] + [(0x03, line) for line in page_888()]
    for index, (unit_id, line) in enumerate(lines):
        units += data_unit(unit_id, 7 + index % 16, line)
    # EN 300 472: PES_packet_length + 6 is a multiple of 184; stuffing units (0xFF) fill it.
    total = 9 + 36 + 1 + len(units)
    while total % 184:
        units += [0xFF, 0x2C] + [0xFF] * 44
        total += 46
    return [0x10] + units


def timestamp(prefix, value):
    return [prefix << 4 | (value >> 29 & 0x0E) | 1, value >> 22 & 0xFF,
            (value >> 14 & 0xFE) | 1, value >> 7 & 0xFF, (value << 1 & 0xFE) | 1]


def pes(pts):
    body = teletext_payload()
    header_data = timestamp(0x2, pts) + [0xFF] * 31  # PES_header_data_length 0x24
    length = 3 + len(header_data) + len(body)
    return [0, 0, 1, 0xBD, length >> 8, length & 0xFF, 0x85, 0x80, 0x24] + header_data + body


def crc32(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte << 24
        for _ in range(8):
            crc = (crc << 1 ^ 0x04C11DB7) if crc & 0x80000000 else crc << 1
            crc &= 0xFFFFFFFF
    return [crc >> 24, crc >> 16 & 0xFF, crc >> 8 & 0xFF, crc & 0xFF]


def section(table_id, extension, body):
    length = 5 + len(body) + 4
    data = [table_id, 0xB0 | length >> 8, length & 0xFF, extension >> 8, extension & 0xFF,
            0xC1, 0, 0] + body
    return data + crc32(data)


def pat():
    return section(0x00, 1, [PROGRAM >> 8, PROGRAM & 0xFF, 0xE0 | PMT_PID >> 8, PMT_PID & 0xFF])


def pmt():
    pages = []
    for kind, magazine, page in [(1, 1, 0x00), (2, 0, 0x88)]:
        pages += [ord("e"), ord("n"), ord("g"), kind << 3 | magazine, page]
    descriptor = [0x56, len(pages)] + pages
    stream = [0x06, 0xE0 | TELETEXT_PID >> 8, TELETEXT_PID & 0xFF,
              0xF0 | len(descriptor) >> 8, len(descriptor) & 0xFF] + descriptor
    body = [0xE0 | TELETEXT_PID >> 8, TELETEXT_PID & 0xFF, 0xF0, 0x00] + stream
    return section(0x02, PROGRAM, body)


class Packetizer:
    def __init__(self):
        self.counters = {}

    def packets(self, pid, payload, pcr=None):
        """TS packets for `payload`, which starts a unit (PSI payloads hold a pointer field
        first); `pcr` (90 kHz) goes in the first packet's adaptation field."""
        out = []
        first = True
        while payload or first:
            content = []  # adaptation field after its length byte
            if first and pcr is not None:
                content = [0x10, pcr >> 25 & 0xFF, pcr >> 17 & 0xFF, pcr >> 9 & 0xFF,
                           pcr >> 1 & 0xFF, (pcr & 1) << 7 | 0x7E, 0]
            adaptation = [len(content)] + content if content else []
            room = 184 - len(adaptation)
            if len(payload) < room:  # stuff the adaptation field up to 188 bytes
                missing = room - len(payload)
                if not adaptation:
                    adaptation = [0] if missing == 1 else [0, 0x00] + [0xFF] * (missing - 2)
                else:
                    adaptation += [0xFF] * missing
                adaptation[0] = len(adaptation) - 1
                room = len(payload)
            chunk, payload = payload[:room], payload[room:]
            counter = self.counters.get(pid, 0)
            self.counters[pid] = (counter + 1) % 16
            control = (0x30 if adaptation else 0x10) | counter
            head = [0x47, (0x40 if first else 0) | pid >> 8, pid & 0xFF, control]
            data = bytes(head + adaptation + chunk)
            assert len(data) == 188, len(data)
            out.append(data)
            first = False
        return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("output")
    parser.add_argument("--seconds", type=float, default=6.0)
    arguments = parser.parse_args()
    packetizer = Packetizer()
    stream = []
    for index in range(int(arguments.seconds * 90_000 / PES_INTERVAL)):
        pts = FIRST_PTS + index * PES_INTERVAL
        stream += packetizer.packets(0, [0] + pat())
        stream += packetizer.packets(PMT_PID, [0] + pmt())
        stream += packetizer.packets(TELETEXT_PID, pes(pts), pcr=pts - 63_000)
    with open(arguments.output, "wb") as output:
        output.write(b"".join(stream))


if __name__ == "__main__":
    sys.exit(main())
