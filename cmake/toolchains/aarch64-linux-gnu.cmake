# Cross build of the DUT worker for 64-bit ARM (Raspberry Pi 4, Cortex-A72) with Debian's cross
# toolchain (crossbuild-essential-arm64). Botan, OpenSSL and nlohmann-json for arm64 come from
# the private sysroot made by packaging/arm64-sysroot.sh; libc and libstdc++ from the cross
# toolchain in /usr/aarch64-linux-gnu. Use with -DCIPHERWATT_BENCH_ONLY=ON (preset `aarch64`).

set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

set(CIPHERWATT_ARM64_SYSROOT "/opt/cipherwatt/arm64-sysroot" CACHE PATH
    "Unpacked arm64 libraries (packaging/arm64-sysroot.sh)")
set(CMAKE_FIND_ROOT_PATH "${CIPHERWATT_ARM64_SYSROOT}" /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config answers for the target (Botan's build.h is architecture-specific).
set(ENV{PKG_CONFIG_SYSROOT_DIR} "${CIPHERWATT_ARM64_SYSROOT}")
set(ENV{PKG_CONFIG_LIBDIR}
    "${CIPHERWATT_ARM64_SYSROOT}/usr/lib/aarch64-linux-gnu/pkgconfig:${CIPHERWATT_ARM64_SYSROOT}/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")

# OpenSSL's configuration.h lives in the multiarch include directory; libbotan's own
# dependencies (libtspi, zlib, ...) must be found when linking against it.
set(_arch_include "${CIPHERWATT_ARM64_SYSROOT}/usr/include/aarch64-linux-gnu")
set(_arch_libs "${CIPHERWATT_ARM64_SYSROOT}/usr/lib/aarch64-linux-gnu")
set(CMAKE_CXX_FLAGS_INIT "-isystem ${_arch_include}")
set(CMAKE_EXE_LINKER_FLAGS_INIT
    "-Wl,-rpath-link,${_arch_libs} -Wl,-rpath-link,${CIPHERWATT_ARM64_SYSROOT}/lib/aarch64-linux-gnu")
