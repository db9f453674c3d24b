#!/usr/bin/env bash
# Releases frontier: what .github/workflows/release.yml runs for a version tag, and what a
# maintainer can run by hand to check a release before tagging it.
#
#   .github/release.sh build TAG     frontier-TAG-GOOS-GOARCH[.exe] and checksums.txt into dist/
#   .github/release.sh publish TAG   attach dist/* to TAG's GitHub Release (gh), made if missing
#
# TAG is vMAJOR.MINOR.PATCH, or vMAJOR.MINOR.PATCH-PRERELEASE (v1.3.0-rc.1); anything else (a
# moving major tag such as v1) is refused, since the Action installs release binaries by that
# name and `version: latest` follows GitHub's "latest" release. A tag with a prerelease part is
# published as a prerelease, never as "latest"; a release is "latest" only when no release has
# a higher version, so that a fix to an older line (v1.4.1 after v2.0.0) does not take it over.
#
# TARGETS (GOOS/GOARCH, space-separated) builds fewer targets, for a quick check by hand; DIST is
# the folder of the files (default dist, below the repository).
set -euo pipefail
cd "$(dirname "$0")/.."

release='^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$'
prerelease='^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*$'

usage() {
  echo "usage: $0 build|publish TAG (TAG: vMAJOR.MINOR.PATCH or vMAJOR.MINOR.PATCH-PRERELEASE)" >&2
  exit 2
}
[ $# -eq 2 ] || usage
step=$1 tag=$2 dist=${DIST:-dist}
if ! [[ $tag =~ $release || $tag =~ $prerelease ]]; then
  echo "release: $tag is not a release tag: want vMAJOR.MINOR.PATCH or vMAJOR.MINOR.PATCH-PRERELEASE (v1.2.3, v1.3.0-rc.1)" >&2
  exit 1
fi

build() {
  local targets=${TARGETS:-linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64}
  local target goos goarch exe host
  rm -rf "$dist"
  mkdir -p "$dist"
  # Plain `go build` per target: frontier is pure Go (CGO_ENABLED=0), so each is one
  # cross-compile, and the ECharts bundle it embeds is committed.
  for target in $targets; do
    goos=${target%/*} goarch=${target#*/} exe=
    [ "$goos" = windows ] && exe=.exe
    CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch go build -trimpath -ldflags "-s -w -X main.version=$tag" \
      -o "$dist/frontier-$tag-$goos-$goarch$exe" ./cmd/frontier
  done
  (cd "$dist" && sha256sum -- frontier-* > checksums.txt)
  cat "$dist/checksums.txt"
  # The binary says the version it was released as (when one of them runs here).
  host=$dist/frontier-$tag-$(go env GOOS)-$(go env GOARCH)$(go env GOEXE)
  if [ -x "$host" ]; then
    "$host" version | tee /dev/stderr | head -n 1 | grep -qx "frontier $tag" || {
      echo "release: $host does not say it is frontier $tag" >&2
      exit 1
    }
  fi
}

# latestFlag is gh's --latest for tag: true only for a release with no higher release tag.
latestFlag() {
  local newest
  [[ $tag =~ $release ]] || { echo --latest=false; return; }
  newest=$({ git tag --list 'v*'; echo "$tag"; } | grep -E "$release" | sort -V | tail -n 1)
  if [ "$newest" = "$tag" ]; then echo --latest; else echo --latest=false; fi
}

publish() {
  local flags=()
  [ -s "$dist/checksums.txt" ] || { echo "release: no $dist/checksums.txt: run $0 build $tag first" >&2; exit 1; }
  if [[ $tag =~ $prerelease ]]; then flags+=(--prerelease); else flags+=(--prerelease=false); fi
  flags+=("$(latestFlag)")
  echo "release: $tag ${flags[*]}"
  if gh release view "$tag" >/dev/null 2>&1; then
    # A re-run, or a release drafted by hand: the files are replaced, the marking made right.
    gh release upload "$tag" "$dist"/* --clobber
    gh release edit "$tag" "${flags[@]}"
  else
    gh release create "$tag" "$dist"/* --verify-tag --title "$tag" --generate-notes "${flags[@]}"
  fi
}

case $step in
  build) build ;;
  publish) publish ;;
  *) usage ;;
esac
