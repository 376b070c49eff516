# SPDX-FileCopyrightText: 2026 The SwiftVLC authors
# SPDX-License-Identifier: LGPL-2.1-or-later

"""Thumbnail peer: one python-vlc player, kept playing without audio; for each time it seeks,
waits until the player reports the new position, and takes a snapshot (PNG, 320 px wide).

usage: thumbnails.py FILE fast|precise OUTDIR SECONDS... ; prints one JSON object."""
import json
import os
import sys
import threading
import time

import vlc

from common import instance


def main():
    path, mode, outdir = sys.argv[1], sys.argv[2], sys.argv[3]
    times = [float(value) for value in sys.argv[4:]]
    vlc_instance = instance()
    start = time.monotonic()
    media = vlc_instance.media_new_path(path)
    media.add_option(":no-audio")
    if mode == "fast":
        media.add_option(":input-fast-seek")
    player = vlc_instance.media_player_new()
    player.set_media(media)
    playing = threading.Event()
    vout = threading.Event()
    events = player.event_manager()
    events.event_attach(vlc.EventType.MediaPlayerPlaying, lambda event: playing.set())
    events.event_attach(vlc.EventType.MediaPlayerVout, lambda event: vout.set())
    player.play()
    playing.wait(10)
    vout.wait(10)
    failed = 0
    for index, seconds in enumerate(times):
        target = int(seconds * 1000)
        # A fast seek lands on the keyframe before the target (GOPs of at most 4 s here).
        lowest = target - 4000 if mode == "fast" else target
        player.set_time(target)
        deadline = time.monotonic() + 5
        while not lowest <= player.get_time() <= target + 1000 and time.monotonic() < deadline:
            time.sleep(0.002)
        # Writes the PNG of the next picture shown, then returns.
        # libVLC refuses snapshots while its video output is still being set up (it is
        # recreated a few times after opening): retry for up to a second.
        for attempt in range(100):
            if player.video_take_snapshot(0, os.path.join(outdir, f"{index}.png"), 320, 0) == 0:
                break
            time.sleep(0.01)
        else:
            failed += 1
    seconds = time.monotonic() - start
    player.stop()
    player.release()
    print(json.dumps({"seconds": seconds, "thumbnails": len(times), "failed": failed}))
    sys.exit(1 if failed else 0)


main()
