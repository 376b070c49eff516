#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The SwiftVLC authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Builds SwiftVLC as a dependent package does, from README.md's own text, and fails on any
# warning. The snippets are taken from the README, not copied here:
#   - "<!-- dependent: url -->": the Package.swift of a package that depends on SwiftVLC by
#     Git URL and branch. The URL is pointed at a Git repository made from this checkout (a
#     branch "main" holding the working tree), the README's Use example becomes a file of its
#     target, and it builds with no warning at all; then with the snippet's commented
#     SwiftVLCGTK line enabled and a program that shows a VideoView, again with no warning.
#   - "<!-- dependent: path -->": the Package.swift of a package that depends on a checkout
#     by path. Resolved with the checkout in a folder named SwiftVLC, as written, and in one
#     named SwiftVLC-main with the folder's name written in both places as the README says
#     (and, as the README warns, failing with "unknown package" when it is not).
# CI runs it after `make build`. Needs network for nothing: SwiftPM clones from the file
# system.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

fail() { echo "test-dependents: FAIL: $*" >&2; exit 1; }
ok() { echo "test-dependents: ok: $*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The ```swift block after the line "<!-- dependent: NAME -->" in README.md.
snippet() {
  awk -v mark="<!-- dependent: $1 -->" '
    $0 == mark { armed = 1; next }
    armed && /^```swift$/ { inside = 1; next }
    inside && /^```$/ { exit }
    inside { print }' README.md
}
# The README's Use example: the first ```swift block of "## Use" that imports SwiftVLC.
use_example() {
  awk '
    /^## / { use = ($0 == "## Use") }
    use && /^```swift$/ { inside = 1; block = ""; next }
    inside && /^```$/ { inside = 0; if (index(block, "import SwiftVLC\n")) { printf "%s", block; exit } }
    inside { block = block $0 "\n" }' README.md
}
# Builds the package in $1 (with swift build's arguments after it) and fails on any warning.
# (SwiftPM warns about pkg-config flags it refuses, such as gtk4.pc's -pthread and -msse, for
# every system library in the graph: CGTK declares GTK itself for that reason.)
build_clean() {
  local dir=$1
  shift
  local log=$tmp/build.log
  (cd "$dir" && swift build "$@") >"$log" 2>&1 || { cat "$log"; fail "build failed in $dir"; }
  if grep -i 'warning:' "$log"; then fail "warnings building $dir $*"; fi
}

url_manifest=$(snippet url)
path_manifest=$(snippet path)
example=$(use_example)
[ -n "$url_manifest" ] || fail "README.md has no <!-- dependent: url --> snippet"
[ -n "$path_manifest" ] || fail "README.md has no <!-- dependent: path --> snippet"
grep -q '^import SwiftVLC$' <<<"$example" || fail "README.md's Use section has no example"
placeholder=https://github.com/OWNER/SwiftVLC.git
grep -qF "\"$placeholder\"" <<<"$url_manifest" || fail "the url snippet does not use $placeholder"

# A Git repository of this checkout's working tree on branch main, named like the real one.
remote=$tmp/remote/SwiftVLC.git
mkdir -p "$tmp/source" "$tmp/remote"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
  [ -e "$file" ] || continue
  mkdir -p "$tmp/source/$(dirname "$file")" && cp -P "$file" "$tmp/source/$file"
done
(cd "$tmp/source" && git init -q -b main && git add -A \
  && git -c user.name=ci -c user.email=ci@localhost commit -qm snapshot)
git clone -q --bare "$tmp/source" "$remote"

# 1. By URL and branch, SwiftVLC alone: the README's Use example compiles, no warning.
app=$tmp/MyPlayer
mkdir -p "$app/Sources/MyPlayer"
sed "s|$placeholder|file://$remote|" <<<"$url_manifest" >"$app/Package.swift"
printf '%s\n' "$example" >"$app/Sources/MyPlayer/Example.swift"
printf '%s\n' 'import SwiftVLC' '' 'print(VLCError.cancelled)' \
  >"$app/Sources/MyPlayer/main.swift"
build_clean "$app"
ok "a package depending on SwiftVLC by URL (README snippet) builds the Use example, no warning"

# 2. The same package with the snippet's SwiftVLCGTK line enabled, showing a VideoView.
grep -q '^ *// \.product(name: "SwiftVLCGTK", package: "SwiftVLC"),$' "$app/Package.swift" \
  || fail "the url snippet has no commented SwiftVLCGTK product line"
sed -i 's|^\( *\)// \(\.product(name: "SwiftVLCGTK", package: "SwiftVLC"),\)$|\1\2|' \
  "$app/Package.swift"
cat >"$app/Sources/MyPlayer/Video.swift" <<'SWIFT'
import SwiftVLC
import SwiftVLCGTK

/// A video widget attached to a player, as the SwiftVLCGTK article shows.
@MainActor
func makeVideo(for player: Player) -> VideoView {
  let video = VideoView()
  video.attach(player)
  return video
}
SWIFT
build_clean "$app"
ok "with SwiftVLCGTK enabled (README snippet's line), a VideoView program builds, no warning"

# 3. By path: the snippet as written beside a folder named SwiftVLC, then beside one named
# SwiftVLC-main with that name in both places; without it, SwiftPM's "unknown package".
resolves() { (cd "$1" && swift package show-dependencies >/dev/null 2>"$tmp/describe.log"); }
for folder in SwiftVLC SwiftVLC-main; do
  place=$tmp/by-path-$folder
  mkdir -p "$place/MyPlayer/Sources/MyPlayer"
  cp -a "$tmp/source" "$place/$folder"
  printf '%s\n' "$example" >"$place/MyPlayer/Sources/MyPlayer/Example.swift"
  manifest=$path_manifest
  if [ "$folder" != SwiftVLC ]; then
    sed "s|\"../SwiftVLC\"|\"../$folder\"|" <<<"$manifest" >"$place/MyPlayer/Package.swift"
    resolves "$place/MyPlayer" && fail "$folder: resolved with package: \"SwiftVLC\""
    grep -q "unknown package 'SwiftVLC'" "$tmp/describe.log" \
      || fail "$folder: not the README's error: $(cat "$tmp/describe.log")"
    manifest=$(sed "s|\"../SwiftVLC\"|\"../$folder\"|; s|package: \"SwiftVLC\"|package: \"$folder\"|" \
      <<<"$manifest")
  fi
  printf '%s\n' "$manifest" >"$place/MyPlayer/Package.swift"
  resolves "$place/MyPlayer" || fail "$folder: $(cat "$tmp/describe.log")"
  ok "by path, a folder named $folder resolves as the README says"
done
