#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The SwiftVLC authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Builds the Debian package of the swiftvlc tool from the release build (`make deb` runs this
# after `make release`): .build/deb/swiftvlc_VERSION_ARCH.deb. Prints the package's path.
#
# Depends is computed, not written by hand: dpkg-shlibdeps reads the libraries the binary links
# (libVLC, libpng, libc, libstdc++; the Swift runtime is linked in), and `dpkg -S` names the
# packages that hold the libraries it loads at first use (FFmpeg's, libcurl) and the libVLC
# plugins the tool itself relies on. The X11 video output, used
# only by `play --window`, becomes a Recommends the same way.
set -euo pipefail
cd "$(dirname "$0")/.."

work=.build/deb
rm -rf "$work" && mkdir -p "$work"
stage=$work/stage
make --no-print-directory install DESTDIR="$stage" PREFIX=/usr \
  ZSHCOMPDIR=/usr/share/zsh/vendor-completions >/dev/null

version=$("$stage/usr/bin/swiftvlc" --version | sed -n 's/^swiftvlc //p')
[ -n "$version" ] || { echo "make-deb: no version from swiftvlc --version" >&2; exit 1; }
# A version between releases, 0.3.0-dev, is 0.3.0~dev for Debian: a hyphen would make "dev" a
# Debian revision, and "~" sorts before the release.
version=${version//-/\~}
arch=$(dpkg --print-architecture)

# Who built the package, as Debian's tools find it: DEBFULLNAME and DEBEMAIL, else git's
# identity, else the user at this host.
name=${DEBFULLNAME:-$(git config user.name || true)}
email=${DEBEMAIL:-$(git config user.email || true)}
maintainer="${name:-$(id -un)} <${email:-$(id -un)@$(hostname -f)}>"

# Debian's layout: compressed man page; under /usr/share/doc, the copyright file, CHANGELOG.md
# and the Debian changelog a native package must have, one entry pointing at it, dated by the
# last commit.
gzip -9n "$stage/usr/share/man/man1/swiftvlc.1"
doc=$stage/usr/share/doc/swiftvlc
install -d "$doc"
gzip -9nc CHANGELOG.md >"$doc/CHANGELOG.md.gz"
# The licence, machine-readable (what the binary is made of and under which terms).
install -m 644 debian/copyright "$doc/copyright"
printf 'swiftvlc (%s) unstable; urgency=medium\n\n  * %s\n\n -- %s  %s\n' "$version" \
  "The changes of this version are in /usr/share/doc/swiftvlc/CHANGELOG.md.gz." \
  "$maintainer" "$(date -R -u -d "@$(git log -1 --format=%ct)")" | gzip -9n >"$doc/changelog.gz"

# Shared libraries: dpkg-shlibdeps wants a source package's debian/control to run in.
mkdir -p "$work/shlibs/debian"
printf 'Source: swiftvlc\n\nPackage: swiftvlc\nArchitecture: any\n' \
  >"$work/shlibs/debian/control"
binary=$(realpath "$stage/usr/bin/swiftvlc")
shlibs=$(cd "$work/shlibs" && dpkg-shlibdeps -O -e "$binary" 2>/dev/null \
  | sed -n 's/^shlibs:Depends=//p')
[ -n "$shlibs" ] || { echo "make-deb: dpkg-shlibdeps found no libraries" >&2; exit 1; }

# The plugins every command needs whatever the source: file access, the decoder, the frame and
# sample callbacks and null outputs the library renders through, scaling, and the stream
# output, muxers and file output of `record`.
plugins_dir=$(pkg-config --variable=libdir libvlc)/vlc/plugins
required=(access/libfilesystem_plugin.so codec/libavcodec_plugin.so
  video_output/libvmem_plugin.so audio_output/libamem_plugin.so
  video_output/libvdummy_plugin.so audio_output/libadummy_plugin.so
  video_chroma/libswscale_plugin.so stream_out/libstream_out_standard_plugin.so
  mux/libmux_ts_plugin.so mux/libmux_mp4_plugin.so access_output/libaccess_output_file_plugin.so)
recommended=(video_output/libxcb_x11_plugin.so)
owners() {
  for plugin in "$@"; do
    dpkg -S "$plugins_dir/$plugin" | cut -d: -f1
  done | sort -u | paste -sd, | sed 's/,/, /g'
}
# The libraries the tool loads at first use (CLibraryLoader), which dpkg-shlibdeps cannot see:
# the sonames written in the binary that it does not link (NEEDED). Each one's package is the
# one holding that soname, and its least version the newest the package's symbols file gives
# for the functions the binary looks up by name, as dpkg-shlibdeps would compute it.
libdir=$(pkg-config --variable=libdir libvlc)
needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
used=$work/used-names
strings -a "$binary" | sort -u >"$used"
loaded=()
for soname in $(grep -aoE 'lib[a-z0-9_+-]+\.so\.[0-9]+' "$binary" | sort -u); do
  grep -qxF "$soname" <<<"$needed" && continue
  package=$(dpkg -S "$libdir/$soname" | cut -d: -f1)
  symbols=$(dpkg-query --control-path "$package" symbols 2>/dev/null || true)
  least=""
  [ -n "$symbols" ] && least=$(awk -v used="$used" \
    'BEGIN { while ((getline name < used) > 0) wanted[name] = 1 }
     /^ / { split($1, symbol, "@"); if (symbol[1] in wanted) print $2 }' "$symbols" \
    | sort -V | tail -n 1)
  loaded+=("$package${least:+ (>= $least)}")
done
loaded_owners=$(printf '%s\n' "${loaded[@]}" | sort -u | paste -sd, | sed 's/,/, /g')
# The sans-serif font fontconfig finds for a contact sheet's header and times
# (`thumbnail --sheet` fails naming it when no font is installed): a file, not a library, so
# dpkg-shlibdeps cannot see it.
depends="$shlibs, $loaded_owners, $(owners "${required[@]}"), fonts-dejavu-core"
recommends=$(owners "${recommended[@]}")

install -d "$stage/DEBIAN"
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$stage/DEBIAN/md5sums"
cat >"$stage/DEBIAN/control" <<CONTROL
Package: swiftvlc
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$stage" | cut -f1)
Depends: $depends
Recommends: $recommends
Section: video
Priority: optional
Description: play, probe, thumbnail and record media with libVLC
 swiftvlc is a command-line tool built on SwiftVLC, a Swift library that wraps
 libVLC. It plays files and streams in the terminal or an X11 window, describes
 them (text or JSON), writes PNG stills and contact sheets, records streams to
 TS, MP4 or MKV, and lists media servers and renderers on the network.
CONTROL

deb=$work/swiftvlc_${version}_${arch}.deb
dpkg-deb --root-owner-group --build "$stage" "$deb" >/dev/null
echo "$deb"
