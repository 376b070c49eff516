#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The SwiftVLC authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Checks the tool as a user gets it, without touching the system: `make install` into a
# temporary DESTDIR, the installed binary run with no Swift toolchain in its environment,
# `make uninstall`, then `make deb`: the package's metadata and contents read with dpkg-deb,
# lintian run on it and the binary extracted from it run. CI runs it; it builds the release
# tool when needed.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "test-packaging: FAIL: $*" >&2; exit 1; }
ok() { echo "test-packaging: ok: $*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

make --no-print-directory release >/dev/null
version=$(sed -n 's/.*static let current = "\(.*\)"/\1/p' Sources/SwiftVLCCommandLine/ToolVersion.swift)
[ -n "$version" ] || fail "no version in ToolVersion.swift"
deb_version=${version//-/\~}  # 0.3.0-dev is 0.3.0~dev for Debian (scripts/make-deb.sh)

# Runs the binary $1 with arguments as a user without Swift would: nothing but the system's
# directories on PATH, no LD_LIBRARY_PATH, no Swift variable; stdin empty, bounded.
run_bare() {
  local binary=$1
  shift
  (cd "$tmp" && env -i PATH=/usr/bin:/bin HOME="$tmp" timeout 30 "$binary" "$@" </dev/null)
}

# Checks that binary $1 prints the version and libVLC's, needs no Swift library and finds the
# demo clip in $2 (its share/swiftvlc directory) when `play` is given no source.
check_binary() {
  local binary=$1 where=$2
  local output
  output=$(run_bare "$binary" --version) || fail "$where: --version failed"
  [ "$(sed -n 1p <<<"$output")" = "swiftvlc $version" ] || fail "$where: --version said: $output"
  sed -n 2p <<<"$output" | grep -q '^libVLC 3\.0\.' || fail "$where: no libVLC version: $output"
  ! ldd "$binary" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|not found' \
    || fail "$where: needs a Swift library or a missing one (ldd above)"
  ! readelf -d "$binary" | grep -E 'RPATH|RUNPATH' || fail "$where: has a run path"
  output=$(run_bare "$binary" play 2>/dev/null) || fail "$where: play of the demo clip failed"
  grep -qx 'state ended' <<<"$output" || fail "$where: the demo clip did not play: $output"
  ok "$where: $(sed -n 1p <<<"$(run_bare "$binary" --version)") runs without a toolchain," \
    "links no Swift library, plays the installed demo clip"
  # As on a machine without Swift: the toolchain's runtime libraries hidden under an empty
  # directory, in a mount namespace of this command only (needs root; skipped, and said so,
  # without it).
  local toolchain
  toolchain=$(dirname "$(dirname "$(realpath "$(command -v swift)")")")/lib/swift
  [ -d "$toolchain/linux" ] || fail "no Swift runtime libraries in $toolchain/linux"
  if unshare -m true 2>/dev/null; then
    output=$(unshare -m sh -c 'mount -t tmpfs none "$1" && cd "$3" &&
      env -i PATH=/usr/bin:/bin HOME="$3" timeout 30 "$2" --version </dev/null' \
      sh "$toolchain" "$binary" "$tmp") || fail "$where: --version failed with $toolchain hidden"
    [ "$(sed -n 1p <<<"$output")" = "swiftvlc $version" ] || fail "$where: $output"
    ok "$where: --version with $toolchain hidden: $(tr '\n' ' ' <<<"$output")"
  else
    echo "test-packaging: skipped: hiding $toolchain needs root (unshare -m)"
  fi
}

# make install into a DESTDIR, with a PREFIX of our own.
root=$tmp/root
prefix=/opt/swiftvlc-test
make --no-print-directory install DESTDIR="$root" PREFIX="$prefix" >/dev/null
installed=(bin/swiftvlc share/swiftvlc/demo.mkv share/man/man1/swiftvlc.1
  share/bash-completion/completions/swiftvlc share/zsh/site-functions/_swiftvlc
  share/fish/vendor_completions.d/swiftvlc.fish)
for file in "${installed[@]}"; do
  [ -f "$root$prefix/$file" ] || fail "make install did not install $prefix/$file"
done
[ "$(find "$root" -type f | wc -l)" -eq ${#installed[@]} ] || fail "make install installed more"
tool=$root$prefix/bin/swiftvlc
cmp -s "$root$prefix/share/man/man1/swiftvlc.1" <(run_bare "$tool" --generate man) \
  || fail "the installed man page is not the tool's"
cmp -s "$root$prefix/share/bash-completion/completions/swiftvlc" \
  <(run_bare "$tool" --generate bash-completion) || fail "the installed bash completion differs"
man -l "$root$prefix/share/man/man1/swiftvlc.1" 2>&1 >/dev/null | grep . \
  && fail "man warns about the page"
ok "make install: ${#installed[@]} files under DESTDIR/PREFIX, man page and completions as generated"
# The installed (stripped) tool stays small: the Swift runtime is linked in, but only
# FoundationEssentials, not Foundation with its ICU data (README: 61 MB before, goal 20 MB).
size=$(stat -c %s "$root$prefix/bin/swiftvlc")
[ "$size" -le 20000000 ] || fail "the stripped tool is $size bytes, more than 20 MB"
ok "the installed tool is $size bytes stripped"
check_binary "$tool" "installed"

make --no-print-directory uninstall DESTDIR="$root" PREFIX="$prefix" >/dev/null
left=$(find "$root" -type f)
[ -z "$left" ] || fail "make uninstall left: $left"
[ ! -e "$root$prefix/share/swiftvlc" ] || fail "make uninstall left share/swiftvlc"
ok "make uninstall removed every file"

# make deb: metadata, contents, and the binary inside.
deb=$(make --no-print-directory -s deb | tail -n 1)
[ -f "$deb" ] || fail "make deb made no package ($deb)"
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = swiftvlc ] || fail "Package: $(field Package)"
[ "$(field Version)" = "$deb_version" ] || fail "Version: $(field Version), not $deb_version"
[ "$(field Architecture)" = "$(dpkg --print-architecture)" ] || fail "Architecture"
depends=$(field Depends)
# libavformat59 and libcurl4: loaded at first use, not linked (dpkg-shlibdeps cannot see them).
for package in libc6 libvlc5 libpng16-16 libavformat59 libcurl4 vlc-plugin-base; do
  grep -qE "(^|, )$package( |,|$)" <<<"$depends" || fail "Depends lacks $package: $depends"
done
grep -qi swift <<<"$depends" && fail "Depends names a Swift package: $depends"
# Every dependency exists and is installed here, where the tool just ran.
for package in $(tr ',' '\n' <<<"$depends" | sed 's/(.*//; s/ //g'); do
  dpkg-query -W -f='${Status}\n' "$package" | grep -q 'install ok installed' \
    || fail "Depends names $package, which is not installed here"
done
[ "$(field Recommends)" = vlc-plugin-video-output ] || fail "Recommends: $(field Recommends)"
info=$(dpkg-deb -I "$deb") || fail "dpkg-deb -I cannot read the package"
grep -qE '^ +[0-9]+ bytes, +[0-9]+ lines +md5sums' <<<"$info" || fail "no md5sums: $info"
listing=$(dpkg-deb -c "$deb")
contents=$(awk '$1 !~ /^d/ {print $2" "$6}' <<<"$listing" | sort)
expected=$(printf '%s\n' "root/root ./usr/bin/swiftvlc" \
  "root/root ./usr/share/bash-completion/completions/swiftvlc" \
  "root/root ./usr/share/doc/swiftvlc/CHANGELOG.md.gz" \
  "root/root ./usr/share/doc/swiftvlc/changelog.gz" \
  "root/root ./usr/share/doc/swiftvlc/copyright" \
  "root/root ./usr/share/fish/vendor_completions.d/swiftvlc.fish" \
  "root/root ./usr/share/man/man1/swiftvlc.1.gz" "root/root ./usr/share/swiftvlc/demo.mkv" \
  "root/root ./usr/share/zsh/vendor-completions/_swiftvlc" | sort)
[ "$contents" = "$expected" ] || fail "package contents: $contents"
grep -q '^-rwxr-xr-x root/root .* ./usr/bin/swiftvlc$' <<<"$listing" \
  || fail "the binary is not root-owned mode 755"
ok "make deb: $(basename "$deb"), $(du -k "$deb" | cut -f1) KB; Depends: $depends"

# Debian's own checks: no error (lintian exits non-zero on one); warnings and notes are shown.
report=$(lintian --fail-on error --tag-display-limit 0 "$deb" 2>&1) \
  || fail "lintian reports errors:"$'\n'"$report"
report=$(grep -v '^running with root privileges is not recommended!$' <<<"$report" || true)
ok "lintian: no error${report:+; it says:$'\n'$report}"

extracted=$tmp/deb
dpkg-deb -x "$deb" "$extracted"
zcat "$extracted/usr/share/man/man1/swiftvlc.1.gz" \
  | cmp -s - <(run_bare "$extracted/usr/bin/swiftvlc" --generate man) \
  || fail "the packaged man page is not the tool's"
check_binary "$extracted/usr/bin/swiftvlc" "from the package"
