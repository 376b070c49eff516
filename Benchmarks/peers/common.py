# SPDX-FileCopyrightText: 2026 The SwiftVLC authors
# SPDX-License-Identifier: LGPL-2.1-or-later

"""What the python-vlc peers share: the same instance options as SwiftVLC's headless instance."""
import vlc

HEADLESS = ["--no-video-title-show", "--quiet", "--vout=vdummy", "--aout=adummy", "--avcodec-hw=none"]


def instance(extra=()):
    return vlc.Instance(HEADLESS + list(extra))
