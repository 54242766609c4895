#!/usr/bin/env bash
# Unpacks the arm64 libraries the Raspberry Pi worker links against into a private sysroot
# (default /opt/cipherwatt/arm64-sysroot), for the cross build and qemu-aarch64.
#
# Why not `apt-get install libbotan-2-dev:arm64`: Debian's Botan packages are not
# co-installable across architectures; installing the arm64 ones removes the amd64 Botan the
# rest of the build needs. So the .debs are downloaded and unpacked, not installed. Called by
# install-deps.sh (which enables the arm64 architecture first); idempotent.
set -euo pipefail

sysroot=${1:-/opt/cipherwatt/arm64-sysroot}
packages=(
    libbotan-2-dev libbotan-2-19 libtspi1
    libssl-dev libssl3
    libbz2-1.0 liblzma5 libsqlite3-0 zlib1g
)

stamp="$sysroot/.cipherwatt-sysroot"
want="${packages[*]} nlohmann-json3-dev"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    echo "arm64 sysroot: $sysroot is up to date"
    exit 0
fi

SUDO=()
[ "$(id -u)" -eq 0 ] || SUDO=(sudo)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work" # apt's download user must be able to write here
# nlohmann-json is header-only (Architecture: all), but the cross compiler must not see the
# host's /usr/include, so its headers go into the sysroot as well.
(cd "$work" && apt-get download "${packages[@]/%/:arm64}" nlohmann-json3-dev)
"${SUDO[@]}" mkdir -p "$sysroot"
for deb in "$work"/*.deb; do
    "${SUDO[@]}" dpkg-deb -x "$deb" "$sysroot"
done
echo "$want" | "${SUDO[@]}" tee "$stamp" >/dev/null
echo "arm64 sysroot: unpacked ${#packages[@]} packages into $sysroot"
