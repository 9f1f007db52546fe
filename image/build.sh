#!/usr/bin/env bash
# make image: the OCI image seemore:VERSION (Containerfile), built with podman from this machine's
# release binaries (linked with Swift's runtime, so no Swift in the image) on a Debian 12 base made
# without a registry (mmdebstrap --variant=minbase, then podman import). Installs podman, runc and
# mmdebstrap when missing. SEEMORE_IMAGE_BASE=NAME uses another base image (docker.io/library/
# debian:bookworm-slim where a registry is reachable).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH
# runc and no default ulimits: crun and setrlimit are refused in some sandboxes (image/containers.conf).
export CONTAINERS_CONF=${CONTAINERS_CONF:-$PWD/image/containers.conf}
version=$(sed -n 's/.*static let seemore = "\(.*\)".*/\1/p' Sources/SeeMoreText/Version.swift)
tag=seemore:$version
base=${SEEMORE_IMAGE_BASE:-localhost/seemore-base:bookworm}
staging=.build/image

missing=""
# Installed, not merely known to dpkg (a removed package keeps its configuration and its entry).
for package in podman runc mmdebstrap uidmap; do
    [ "$(dpkg-query -W -f='${Status}' "$package" 2> /dev/null)" = "install ok installed" ] || missing="$missing $package"
done
if [ -n "$missing" ]; then
    echo "Installing:$missing"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
fi
mkdir -p "$staging/bin"
if ! podman info > /dev/null 2> "$staging/podman-info.log"; then
    echo "image: podman cannot run on this machine, so no image is built:" >&2
    cat "$staging/podman-info.log" >&2
    exit 1
fi
if ! podman image exists "$base"; then
    echo "==> base image $base (mmdebstrap --variant=minbase bookworm)"
    mmdebstrap --quiet --variant=minbase bookworm "$staging/base.tar"
    podman import --quiet "$staging/base.tar" "$base" > /dev/null
    rm -f "$staging/base.tar"
fi

echo "==> release binaries"
swift build -c release --static-swift-stdlib --product seemore
swift build -c release --static-swift-stdlib --product seemore-serve
install -m 755 .build/release/seemore .build/release/seemore-serve "$staging/bin/"

echo "==> $tag"
podman build --quiet --network host -f Containerfile --build-arg BASE="$base" --build-arg BINARIES=prebuilt \
    --build-arg VERSION="$version" -t "$tag" . > /dev/null
size=$(podman image inspect --format '{{.Size}}' "$tag")
echo "image $tag: $((size / 1000000)) MB"
