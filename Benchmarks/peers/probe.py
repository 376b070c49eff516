# SPDX-FileCopyrightText: 2026 The SwiftVLC authors
# SPDX-License-Identifier: LGPL-2.1-or-later

"""Probe peer: parses every file of a list with python-vlc, one after the other, reading what
SwiftVLC's Media.parse reads (duration, 26 metadata fields, tracks). Arguments after the list
are added to the instance's. Prints one JSON object."""
import json
import sys
import threading
import time

import vlc

from common import instance


def main():
    paths = [line for line in open(sys.argv[1]).read().splitlines() if line]
    vlc_instance = instance(sys.argv[2:])
    playable = 0
    start = time.monotonic()
    for path in paths:
        media = vlc_instance.media_new_path(path)
        parsed = threading.Event()
        media.event_manager().event_attach(
            vlc.EventType.MediaParsedChanged, lambda event: parsed.set())
        if media.parse_with_options(vlc.MediaParseFlag.local, 5000) == 0:
            parsed.wait(7)
        if media.get_parsed_status() == vlc.MediaParsedStatus.done:
            for key in range(26):
                media.get_meta(vlc.Meta(key))
            tracks = list(media.tracks_get() or [])
            if tracks or media.get_duration() > 0:
                playable += 1
        media.release()
    seconds = time.monotonic() - start
    print(json.dumps({"files": len(paths), "playable": playable, "seconds": seconds}))


main()
