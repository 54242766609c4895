#!/usr/bin/env bash
# Installs the dependencies of CipherWatt from Debian/Ubuntu packages. Idempotent: apt-get
# skips what is already installed. Uses sudo when not run as root.
#   install-deps.sh          everything: build, run, the test suite, the package, the cross
#                            builds (the README's test command)
#   install-deps.sh --main   what building and running the programs needs (the `main` preset,
#                            the README's first command)
set -euo pipefail

mode=all
case "${1:-}" in
"") ;;
--main) mode=main ;;
*)
    echo "install-deps: unknown option $1 (use --main or nothing)" >&2
    exit 1
    ;;
esac

if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
else
    echo "install-deps: not root and sudo is not available; run this script as root" >&2
    exit 1
fi

main_packages=(
    # toolchain
    build-essential cmake ninja-build pkg-config git
    # Qt 6 and QCustomPlot
    qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    # Qt's own translations (qtbase_ko.qm: standard buttons and dialogs in the Korean window)
    qt6-translations-l10n
    qt6-serialport-dev qt6-svg-dev libqt6sql6-sqlite libgl1-mesa-dev
    # Qt's PostgreSQL driver: a shared lab database (--db postgresql://...)
    libqt6sql6-psql
    libqcustomplot-dev libqcustomplot2.1-qt6
    # crypto backends (and their command-line tools, used by the benchmark comparison)
    libbotan-2-dev botan libssl-dev openssl nlohmann-json3-dev
    # meter and DUT transports, storage
    libusb-1.0-0-dev libssh-dev libsqlite3-dev
    # reports: fonts that render Latin and Korean (embedded in the PDFs)
    fonts-dejavu-core fonts-nanum
)
packages=(
    "${main_packages[@]}"
    # poppler's tools (pdftotext, pdfinfo, pdfimages, pdftoppm), with which the tests read the
    # PDFs back
    poppler-utils
    # source hygiene: the format check of the test suite, scripts/tidy.sh
    clang-format clang-tidy
    # storage tests: a real PostgreSQL server in a temporary directory (initdb, pg_ctl, psql,
    # pg_dump)
    postgresql
    # SSH DUT tests: a real sshd on 127.0.0.1, and ssh-keygen/ssh-agent for throwaway keys
    openssh-server openssh-client
    # tests (clang and its runtime for the libFuzzer preset; umockdev emulates the meter's USB
    # device for the USBTMC tests)
    catch2 python3 clang libclang-rt-14-dev umockdev libumockdev-dev
    # the package: .deb tools, validators for the desktop entry and AppStream metainfo, the
    # icon renderer (hicolor PNGs from the SVGs), man pages from --help, pkexec for the
    # governor policy
    dpkg-dev fakeroot file desktop-file-utils appstream libxml2-utils librsvg2-bin help2man
    pkexec
    # the Raspberry Pi 4 (aarch64) worker: cross compiler and qemu user-mode emulation
    crossbuild-essential-arm64 qemu-user
    # Android DUTs: adb reaches the phone (the tests use a fake adb instead)
    adb
    # the Cortex-M firmware: bare-metal cross compiler, its C library, and the emulated board
    # (mps2-an385) the tests run it on
    gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm
)

export DEBIAN_FRONTEND=noninteractive
if [ "$mode" = main ]; then
    "${SUDO[@]}" apt-get update
    "${SUDO[@]}" apt-get install -y --no-install-recommends "${main_packages[@]}"
    exit 0
fi
# arm64 package lists, for the cross build's sysroot (see arm64-sysroot.sh).
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    "${SUDO[@]}" dpkg --add-architecture arm64
fi
"${SUDO[@]}" apt-get update
"${SUDO[@]}" apt-get install -y --no-install-recommends "${packages[@]}"
"$(dirname "$0")/arm64-sysroot.sh"
