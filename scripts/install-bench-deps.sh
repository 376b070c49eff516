#!/usr/bin/env bash
# Installs what `make bench` compares SwiftVLC with: ffmpeg/ffprobe (which also generate the
# benchmark media) and Debian's python-vlc. Idempotent; needs root or sudo when something is
# missing. Not part of install-deps.sh: the benchmarks run on demand, not in CI.
set -euo pipefail

packages=(
  ffmpeg        # ffmpeg/ffprobe peers, and the generator of the benchmark inputs
  python3-vlc   # the python-vlc peer, for Debian's /usr/bin/python3
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
