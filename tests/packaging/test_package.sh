#!/usr/bin/env bash
# The .deb, end to end: build it with CPack from this build tree, check what it holds (desktop
# entry, AppStream metainfo, polkit policy, udev rule, icons, man pages, dependencies), install
# it with dpkg (apt-get -f install for what dpkg alone cannot), run the installed programs,
# remove it and check that nothing of it is left.
#
# usage: test_package.sh <build dir> <work dir>
# Installing needs root: as root, or through `sudo -n`. Without either the test fails.
set -euo pipefail

build=$1
work=$2
fail() { echo "test_package: $*" >&2; exit 1; }

if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
elif sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
else
    fail "installing the package needs root or passwordless sudo"
fi
if dpkg-query -W -f='${Status}' cipherwatt 2>/dev/null | grep -q "install ok installed"; then
    fail "a cipherwatt package is already installed here; remove it first (dpkg -r cipherwatt)"
fi

rm -rf "$work"
mkdir -p "$work"
(cd "$build" && cpack -G DEB -B "$work" >"$work/cpack.log" 2>&1) ||
    { cat "$work/cpack.log" >&2; fail "cpack failed"; }
deb=$(find "$work" -maxdepth 1 -name 'cipherwatt_*.deb' | head -n 1)
[ -n "$deb" ] || fail "cpack made no cipherwatt_*.deb"
echo "package: $(basename "$deb") ($(du -h "$deb" | cut -f1))"

# What it holds.
dpkg-deb -I "$deb" >"$work/info"
dpkg-deb -c "$deb" >"$work/contents"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for lib in libqt6core6 libqt6widgets6 libqt6sql6 libbotan-2 libssl3 libusb-1.0-0 libssh-4 \
    libqcustomplot libqt6sql6-sqlite libqt6svg6; do
    grep -q "$lib" <<<"$depends" || fail "Depends lacks $lib"
done
for path in ./usr/bin/cipherwatt-cli ./usr/bin/cipherwatt-bench ./usr/bin/wt300-sim \
    ./usr/share/applications/org.cipherwatt.CipherWatt.desktop \
    ./usr/share/metainfo/org.cipherwatt.CipherWatt.metainfo.xml \
    ./usr/share/icons/hicolor/scalable/apps/org.cipherwatt.CipherWatt.svg \
    ./usr/share/icons/hicolor/48x48/apps/org.cipherwatt.CipherWatt.png \
    ./usr/share/icons/hicolor/256x256/apps/org.cipherwatt.CipherWatt.png \
    ./usr/share/man/man1/cipherwatt-cli.1.gz ./usr/share/man/man1/cipherwatt-bench.1.gz \
    ./usr/share/man/man1/wt300-sim.1.gz ./usr/share/polkit-1/actions/org.cipherwatt.governor.policy \
    ./usr/lib/udev/rules.d/70-cipherwatt-yokogawa.rules ./usr/include/cipherwatt/cipher_plugin.h \
    ./usr/share/doc/cipherwatt/copyright; do
    grep -q " $path\$" "$work/contents" || fail "the package lacks $path"
done
for extra in ${CIPHERWATT_PACKAGE_EXPECTS:-}; do
    grep -q " $extra\$" "$work/contents" || fail "the package lacks $extra"
done
if grep -E ' \./usr/(bin|lib)/.*(test_|toy)' "$work/contents"; then
    fail "the package holds test programs or test plugins"
fi

# The metadata files, validated by their own tools.
mkdir -p "$work/root"
dpkg-deb -x "$deb" "$work/root"
desktop-file-validate "$work/root/usr/share/applications/org.cipherwatt.CipherWatt.desktop"
appstreamcli validate --no-net "$work/root/usr/share/metainfo/org.cipherwatt.CipherWatt.metainfo.xml"
xmllint --noout --dtdvalid /usr/share/polkit-1/policyconfig-1.dtd \
    "$work/root/usr/share/polkit-1/actions/org.cipherwatt.governor.policy"
grep -q '<annotate key="org.freedesktop.policykit.exec.path">/usr/bin/cipherwatt-bench</annotate>' \
    "$work/root/usr/share/polkit-1/actions/org.cipherwatt.governor.policy" ||
    fail "the polkit policy does not name /usr/bin/cipherwatt-bench"
grep -q 'ATTR{idVendor}=="0b21".*TAG+="uaccess"' \
    "$work/root/usr/lib/udev/rules.d/70-cipherwatt-yokogawa.rules" || fail "the udev rule lacks uaccess"
file "$work/root/usr/share/icons/hicolor/48x48/apps/org.cipherwatt.CipherWatt.png" |
    grep -q "48 x 48" || fail "the 48x48 icon is not 48x48"
zcat "$work/root/usr/share/man/man1/cipherwatt-cli.1.gz" | grep -q '^\.SH' ||
    fail "the man page of cipherwatt-cli has no sections"

# Installed for real, run from the installed paths, removed.
export DEBIAN_FRONTEND=noninteractive
if ! "${SUDO[@]}" dpkg -i "$deb"; then
    "${SUDO[@]}" apt-get -f install -y --no-install-recommends
fi
dpkg-query -W -f='${Status}\n' cipherwatt | grep -q "install ok installed" ||
    fail "dpkg did not install the package"
remove() { "${SUDO[@]}" dpkg --purge cipherwatt >/dev/null 2>&1 || true; }
trap remove EXIT
/usr/bin/cipherwatt-cli --version
/usr/bin/cipherwatt-bench --version
/usr/bin/cipherwatt-bench self-test >"$work/self-test.txt" ||
    { tail -n 20 "$work/self-test.txt" >&2; fail "the installed cipherwatt-bench failed its self-test"; }
tail -n 1 "$work/self-test.txt"
/usr/bin/cipherwatt-bench --plugin /usr/lib/cipherwatt/plugins/xtea.so \
    self-test | grep -q "xtea-128-cbc" || fail "the installed XTEA plugin does not load"
for extra in ${CIPHERWATT_PACKAGE_RUN:-}; do
    QT_QPA_PLATFORM=offscreen "$extra" --version
done
"${SUDO[@]}" dpkg --purge cipherwatt
trap - EXIT
if dpkg-query -W -f='${Status}' cipherwatt 2>/dev/null | grep -q "installed"; then
    fail "dpkg --purge left the package installed"
fi
while read -r _ _ _ _ _ path; do
    case "$path" in */) continue ;; esac
    if [ -e "${path#.}" ] || [ -L "${path#.}" ]; then
        fail "${path#.} is left after removal"
    fi
done <"$work/contents"
echo "test_package: built, validated, installed, ran and removed $(basename "$deb")"
