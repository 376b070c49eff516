#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The SwiftVLC authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Installs what `make bench` compares SwiftVLC with: ffmpeg/ffprobe (which also generate the
# benchmark media), Debian's python-vlc (the python-vlc peer, for /usr/bin/python3) and
# mediainfo (the library-probe peer).
# Not part of install-deps.sh's default list: the benchmarks run on demand, not in CI.
set -euo pipefail
exec "$(dirname "$0")/install-deps.sh" ffmpeg python3-vlc mediainfo
