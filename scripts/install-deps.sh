#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The SwiftVLC authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Installs the Debian packages SwiftVLC builds, tests and runs with, or the packages named as
# arguments. Idempotent: does nothing when they are all present. Needs root or sudo when
# something is missing.
set -euo pipefail

packages=("$@")
[ $# -gt 0 ] || packages=(
  pkg-config
  libvlc-dev          # headers and libvlc.so (pkg-config name: libvlc)
  vlc-plugin-base     # demuxers, decoders, vmem/amem, null outputs, stream output
  libvlc-bin          # vlc-cache-gen: writes plugins.dat; without it each process's first
                      # libvlc_new loads all ~370 plugins (about 0.3-1 s)
  vlc-plugin-video-output  # X11 output for embedding into a window
  libpng-dev          # Thumbnail.pngData() encodes with libpng (pkg-config name: libpng)
  libjpeg-dev         # Thumbnail.jpegData(quality:): libjpeg-turbo (pkg-config name: libjpeg)
  libfreetype-dev libfontconfig-dev  # contact sheets' header and times (freetype2, fontconfig)
  libavformat-dev libavcodec-dev libswscale-dev libavutil-dev  # exact frames, recordings' copy
  libcurl4-openssl-dev  # HTTPFetch: lists and guides over http(s) (libcurl.so.4 at first use)
  zlib1g-dev          # gzipped programme guides (XMLTV) are inflated with zlib (pkg-config: zlib)
  libx11-dev          # the X11 example and window tests
  xvfb                # a headless X server for the window tests
  x11-apps            # xwd, to capture a window in tests
  fonts-dejavu-core   # subtitle rendering needs a font
  tmux                # the terminal-mode test of the CLI
  zsh fish            # the packaging tests parse the generated completions with them
  lintian             # scripts/test-packaging.sh checks the .deb with Debian's checks
  ffmpeg              # tests only: writes the probe corpus; ffprobe is the probe oracle
  musepack-tools      # tests only: mpcenc writes the probe corpus's Musepack file
  mkvtoolnix          # tests only: mkvmerge writes Matroska chapter editions and nesting
  libgtk-4-dev        # SwiftVLCGTK and the GTK example player (linked by name; headers for make check-gtk)
  weston              # a headless Wayland compositor for the GTK player's tests
  xdotool             # types keys and clicks into windows under Xvfb (GTK player, input tests)
  dvdauthor           # tests only: authors a DVD-Video folder with a menu (dvdauthor, spumux)
  playerctl dbus      # MPRIS control of the GTK player on a private session bus
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
