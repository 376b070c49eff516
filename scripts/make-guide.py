#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The SwiftVLC authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Writes a synthetic XMLTV programme guide, for SwiftVLC's guide tests and benchmark.

    scripts/make-guide.py --channels 2000 --days 7 --start 20261201000000 OUT.xml[.gz]

Channel N (from 1) has id "chN.example", display names "Channel N" and "CH N"; its programmes
follow each other without gaps from --start (UTC, written with a "+0000" zone), lasting 30,
60 or 90 minutes in turn shifted by N, each with a title, sub-title, a ~180-byte description,
a category and both episode numbers. Prints "PROGRAMMES <count>" and "BYTES <xml bytes>".
A name ending in .gz is gzipped.
"""
import argparse
import calendar
import gzip
import time

DESCRIPTION = ("An account of the day's events, with reports from the regions, interviews, "
               "the weather for the coming days and a look at what the papers say & more, "
               "in <episode> order.")


def xmltv(seconds):
    return time.strftime("%Y%m%d%H%M%S", time.gmtime(seconds)) + " +0000"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--channels", type=int, default=2000)
    parser.add_argument("--days", type=int, default=7)
    parser.add_argument("--start", default="20261201000000")
    parser.add_argument("output")
    args = parser.parse_args()
    start = calendar.timegm(time.strptime(args.start, "%Y%m%d%H%M%S"))
    end = start + args.days * 86400
    description = DESCRIPTION.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    opener = gzip.open if args.output.endswith(".gz") else open
    count = 0
    size = 0
    with opener(args.output, "wb") as out:
        def write(text):
            nonlocal size
            data = text.encode()
            size += len(data)
            out.write(data)
        write('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE tv SYSTEM "xmltv.dtd">\n'
              '<tv generator-info-name="make-guide.py">\n')
        for n in range(1, args.channels + 1):
            write(f'  <channel id="ch{n}.example">\n    <display-name>Channel {n}</display-name>\n'
                  f'    <display-name>CH {n}</display-name>\n  </channel>\n')
        for n in range(1, args.channels + 1):
            at = start
            index = 0
            chunks = []
            while at < end:
                length = (30, 60, 90)[(index + n) % 3] * 60
                chunks.append(
                    f'  <programme start="{xmltv(at)}" stop="{xmltv(at + length)}" '
                    f'channel="ch{n}.example">\n'
                    f'    <title lang="en">Show {index % 50} on {n}</title>\n'
                    f'    <sub-title lang="en">Part {index}</sub-title>\n'
                    f'    <desc lang="en">{description}</desc>\n'
                    f'    <category lang="en">{("News", "Sport", "Film", "Kids")[index % 4]}</category>\n'
                    f'    <episode-num system="xmltv_ns">{index % 5}.{index % 20}.</episode-num>\n'
                    f'    <episode-num system="onscreen">S{index % 5 + 1}E{index % 20 + 1}</episode-num>\n'
                    f'  </programme>\n')
                at += length
                index += 1
                count += 1
            write("".join(chunks))
        write("</tv>\n")
    print(f"PROGRAMMES {count}")
    print(f"BYTES {size}")


if __name__ == "__main__":
    main()
