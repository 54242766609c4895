#pragma once

// The messages of Android DUTs reached over adb (cipherwatt/core/adb.h): the kind and its
// fields, finding the device, deploying the worker and the link. Listed in the core's catalogue
// with the rest (messages.cpp).

#include "messages.h"

namespace cipherwatt::core::msg {

// The kind and its fields.
inline constexpr MessageTemplate kDutKindAdb{
    "core.adb.kind", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "Android device (adb)")};
inline constexpr MessageTemplate kDutKindAdbHelp{
    "core.adb.kind-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "An Android phone or board on USB debugging: the worker (a static build "
                      "for its ABI) is pushed to /data/local/tmp and runs through adb shell "
                      "(README, \"Android DUTs\"). Without a serial, the only device attached.")};
inline constexpr MessageTemplate kDutFieldSerial{
    "core.adb.field-serial", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "Device serial:")};
inline constexpr MessageTemplate kDutFieldSerialHelp{
    "core.adb.field-serial-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "The serial `adb devices -l` lists; empty for the only device attached.")};
inline constexpr MessageTemplate kDutFieldAdbWorker{
    "core.adb.field-worker", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut", "Worker to push:")};
inline constexpr MessageTemplate kDutFieldAdbWorkerHelp{
    "core.adb.field-worker-help", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "The cipherwatt-bench pushed to the device, built for its ABI (the static "
                      "aarch64 worker for a 64-bit ARM phone); empty for this computer's own.")};
inline constexpr MessageTemplate kAdbBadSerial{
    "core.adb.bad-serial", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "adb serial \"%1\": use letters, digits and . _ : - only (at most 64), "
                      "starting with a letter or digit")};
inline constexpr MessageTemplate kAdbNoPlugins{
    "core.adb.no-plugins", "cipherwatt::core::Dut",
    QT_TRANSLATE_NOOP("cipherwatt::core::Dut",
                      "%1: plugins are not pushed to an Android device (--plugin %2); measure "
                      "the built-in ciphers there")};

// Finding the device.
inline constexpr MessageTemplate kAdbCannotRun{
    "core.adb.cannot-run", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb",
                      "cannot run adb (%1): install the adb package (packaging/install-deps.sh)")};
inline constexpr MessageTemplate kAdbTimedOut{
    "core.adb.timed-out", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb", "adb %1 gave no answer within %2 s")};
inline constexpr MessageTemplate kAdbFailed{
    "core.adb.failed", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb", "adb %1 failed (exit status %2): %3")};
inline constexpr MessageTemplate kAdbNoDevice{
    "core.adb.no-device", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb",
                      "no Android device is attached (adb devices -l lists none ready): plug it "
                      "in and allow USB debugging on its screen")};
inline constexpr MessageTemplate kAdbSeveralDevices{
    "core.adb.several-devices", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb",
                      "several Android devices are attached (%1): name one as adb:<serial>")};
inline constexpr MessageTemplate kAdbNotReady{
    "core.adb.not-ready", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb",
                      "Android device %1 is %2, not ready: allow USB debugging on its screen, or "
                      "plug it in again")};
inline constexpr MessageTemplate kAdbNoProperties{
    "core.adb.no-properties", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb",
                      "Android device %1 did not tell its ABI (getprop ro.product.cpu.abi)")};

// Deploying the worker.
inline constexpr MessageTemplate kAdbNoLocalWorker{
    "core.adb.no-local-worker", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb",
                      "no cipherwatt-bench to push to the device: build it (the static aarch64 "
                      "worker for an ARM phone, README \"Android DUTs\") and name it with "
                      "--adb-worker")};
inline constexpr MessageTemplate kAdbWrongAbi{
    "core.adb.wrong-abi", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb",
                      "Android device %1 has the ABI %2, but %3 is built for %4: push a worker "
                      "built for %2 (--adb-worker; the preset aarch64-static for arm64-v8a)")};
inline constexpr MessageTemplate kAdbUnknownAbi{
    "core.adb.unknown-abi", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb",
                      "Android device %1 has the ABI %2, which CipherWatt has no worker for")};
inline constexpr MessageTemplate kAdbChecksum{
    "core.adb.checksum", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb", "cannot checksum %1 on the device (sha256sum: %2)")};
inline constexpr MessageTemplate kAdbPushedMismatch{
    "core.adb.pushed-mismatch", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb",
                      "the worker pushed to %1 has SHA-256 %2 on the device, not %3: the copy is "
                      "removed; plug the device in again and retry")};
inline constexpr MessageTemplate kAdbWorkerVersion{
    "core.adb.worker-version", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb",
                      "the worker on the device does not run: %1 --version said \"%2\" (exit "
                      "status %3), not cipherwatt-bench %4")};
inline constexpr MessageTemplate kAdbPushed{
    "core.adb.pushed", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb",
                      "worker %1 pushed to %2 (SHA-256 %3, checked on the device)")};
inline constexpr MessageTemplate kAdbFound{
    "core.adb.found", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb",
                      "worker already on the device at %1 (SHA-256 %2, checked on the device)")};
inline constexpr MessageTemplate kAdbDevice{
    "core.adb.device", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb",
                      "Android device %1: %2, Android %3 (SDK %4), ABI %5, kernel %6")};
inline constexpr MessageTemplate kAdbNotRooted{
    "core.adb.not-rooted", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb",
                      "Android device %1 is not rooted (%2): the worker runs unprivileged, so "
                      "the governor is pinned only where the shell user may write cpufreq (the "
                      "session records whether it was)")};
inline constexpr MessageTemplate kAdbRooted{
    "core.adb.rooted", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb",
                      "Android device %1 is rooted: the worker pins and restores the governor "
                      "through su (--governor-helper su)")};
inline constexpr MessageTemplate kAdbLoad{
    "core.adb.load", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb",
                      "before the baseline, Android device %1 showed load %2 (1 min) and these "
                      "wake locks held: %3")};
inline constexpr MessageTemplate kAdbLoadQuiet{
    "core.adb.load-quiet", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb",
                      "before the baseline, Android device %1 showed load %2 (1 min) and no wake "
                      "lock held")};

// The link.
inline constexpr MessageTemplate kAdbCannotStartWorker{
    "core.adb.cannot-start-worker", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb", "cannot start adb shell for the worker: %1")};
inline constexpr MessageTemplate kAdbLinkLost{
    "core.adb.link-lost", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb",
                      "the adb link to %1 was lost (%2): was the USB cable unplugged? The worker "
                      "on the device stops and restores its governor when its input closes")};
inline constexpr MessageTemplate kAdbShellKilled{
    "core.adb.shell-killed", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb", "adb shell was killed")};
inline constexpr MessageTemplate kAdbShellExit{
    "core.adb.shell-exit", "cipherwatt::core::Adb",
    QT_TRANSLATE_NOOP("cipherwatt::core::Adb", "adb shell ended with exit status %1")};

} // namespace cipherwatt::core::msg
