# The Raspberry Pi 4 worker, cross-built alongside the host build so the test suite can run
# it under qemu-aarch64 (Cortex-A72). Needs crossbuild-essential-arm64, qemu-user and the
# sysroot from packaging/arm64-sysroot.sh (all installed by packaging/install-deps.sh).

include(ExternalProject)

set(CIPHERWATT_ARM64_SYSROOT "/opt/cipherwatt/arm64-sysroot" CACHE PATH
    "Unpacked arm64 libraries (packaging/arm64-sysroot.sh)")
find_program(CIPHERWATT_AARCH64_CXX aarch64-linux-gnu-g++)
find_program(CIPHERWATT_QEMU_AARCH64 qemu-aarch64)

set(_have_cross OFF)
if(CIPHERWATT_AARCH64_CXX AND CIPHERWATT_QEMU_AARCH64
   AND EXISTS "${CIPHERWATT_ARM64_SYSROOT}/.cipherwatt-sysroot")
    set(_have_cross ON)
endif()
option(CIPHERWATT_AARCH64_WORKER "Cross-build the aarch64 worker and test it under qemu"
       ${_have_cross})

if(CIPHERWATT_AARCH64_WORKER AND NOT CMAKE_CROSSCOMPILING)
    if(NOT _have_cross)
        message(FATAL_ERROR "CIPHERWATT_AARCH64_WORKER needs aarch64-linux-gnu-g++, qemu-aarch64 "
                            "and ${CIPHERWATT_ARM64_SYSROOT} (run packaging/install-deps.sh)")
    endif()
    set(CIPHERWATT_AARCH64_BENCH "${CMAKE_BINARY_DIR}/aarch64-worker/ciphers/cipherwatt-bench")
    set(CIPHERWATT_AARCH64_XTEA "${CMAKE_BINARY_DIR}/aarch64-worker/ciphers/plugins/xtea/xtea.so")
    # Its static twin (for Android phones over adb), linked from the same objects.
    set(CIPHERWATT_AARCH64_STATIC_BENCH
        "${CMAKE_BINARY_DIR}/aarch64-worker/ciphers/cipherwatt-bench-static")
    # The host build's compiler launcher (ccache) serves the cross build too.
    set(_launcher "")
    if(CMAKE_CXX_COMPILER_LAUNCHER)
        set(_launcher "-DCMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER}"
                      "-DCMAKE_C_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER}")
    endif()
    ExternalProject_Add(aarch64_worker
        SOURCE_DIR "${PROJECT_SOURCE_DIR}"
        BINARY_DIR "${CMAKE_BINARY_DIR}/aarch64-worker"
        CMAKE_ARGS
            "-DCMAKE_TOOLCHAIN_FILE=${PROJECT_SOURCE_DIR}/cmake/toolchains/aarch64-linux-gnu.cmake"
            "-DCIPHERWATT_ARM64_SYSROOT=${CIPHERWATT_ARM64_SYSROOT}"
            -DCMAKE_BUILD_TYPE=Release -DCIPHERWATT_BENCH_ONLY=ON -DCIPHERWATT_BUILD_TESTS=OFF
            -DCIPHERWATT_STATIC_WORKER=ON ${_launcher}
        BUILD_ALWAYS ON
        INSTALL_COMMAND ""
        BUILD_BYPRODUCTS "${CIPHERWATT_AARCH64_BENCH}" "${CIPHERWATT_AARCH64_XTEA}"
                         "${CIPHERWATT_AARCH64_STATIC_BENCH}")
    # The static worker runs with qemu alone: no -L, no library path.
    set(CIPHERWATT_QEMU_STATIC_COMMAND "${CIPHERWATT_QEMU_AARCH64}" -cpu cortex-a72)
    # Everything a test needs to run the aarch64 worker: qemu as a Pi 4 core, the cross libc
    # and the sysroot's libraries.
    set(CIPHERWATT_QEMU_COMMAND
        "${CIPHERWATT_QEMU_AARCH64}" -cpu cortex-a72 -L /usr/aarch64-linux-gnu
        -E "LD_LIBRARY_PATH=${CIPHERWATT_ARM64_SYSROOT}/usr/lib/aarch64-linux-gnu:${CIPHERWATT_ARM64_SYSROOT}/lib/aarch64-linux-gnu")
endif()
