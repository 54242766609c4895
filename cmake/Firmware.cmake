# The Cortex-M firmware (firmware/), cross-built alongside the host build so the test suite can
# run it under qemu-system-arm -M mps2-an385. Needs gcc-arm-none-eabi, libnewlib-arm-none-eabi
# and qemu-system-arm (packaging/install-deps.sh installs them). Without them the firmware is not
# built, and when the tests are built one of them fails saying what is missing: a build that
# lacks them must not pass as if the firmware had been tested.

include(ExternalProject)

option(CIPHERWATT_FIRMWARE "Build the Cortex-M firmware and test it under qemu-system-arm" ON)
set(CIPHERWATT_FIRMWARE_MISSING "")
if(NOT CIPHERWATT_FIRMWARE)
    return()
endif()

find_program(CIPHERWATT_ARM_NONE_EABI_GCC arm-none-eabi-gcc)
find_program(CIPHERWATT_QEMU_SYSTEM_ARM qemu-system-arm)
if(NOT CIPHERWATT_ARM_NONE_EABI_GCC)
    list(APPEND CIPHERWATT_FIRMWARE_MISSING gcc-arm-none-eabi)
else()
    # newlib is a separate package: ask the compiler whether it finds the C library.
    execute_process(
        COMMAND "${CIPHERWATT_ARM_NONE_EABI_GCC}" -mcpu=cortex-m3 -mthumb
                -print-file-name=libc_nano.a
        OUTPUT_VARIABLE _newlib OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(NOT IS_ABSOLUTE "${_newlib}" OR NOT EXISTS "${_newlib}")
        list(APPEND CIPHERWATT_FIRMWARE_MISSING libnewlib-arm-none-eabi)
    endif()
endif()
if(NOT CIPHERWATT_QEMU_SYSTEM_ARM)
    list(APPEND CIPHERWATT_FIRMWARE_MISSING qemu-system-arm)
endif()
if(CIPHERWATT_FIRMWARE_MISSING)
    list(JOIN CIPHERWATT_FIRMWARE_MISSING ", " _missing)
    message(WARNING "The firmware is not built and its tests fail: missing ${_missing} "
                    "(run packaging/install-deps.sh, or configure with -DCIPHERWATT_FIRMWARE=OFF)")
    return()
endif()

set(CIPHERWATT_FIRMWARE_ELF "${CMAKE_BINARY_DIR}/firmware-build/firmware/cipherwatt-firmware.elf")
set(_launcher "")
if(CMAKE_C_COMPILER_LAUNCHER)
    set(_launcher "-DCMAKE_C_COMPILER_LAUNCHER=${CMAKE_C_COMPILER_LAUNCHER}")
endif()
ExternalProject_Add(cipherwatt_firmware
    SOURCE_DIR "${PROJECT_SOURCE_DIR}"
    BINARY_DIR "${CMAKE_BINARY_DIR}/firmware-build"
    CMAKE_ARGS
        "-DCMAKE_TOOLCHAIN_FILE=${PROJECT_SOURCE_DIR}/cmake/toolchains/arm-none-eabi.cmake"
        -DCIPHERWATT_FIRMWARE_ONLY=ON -DCMAKE_BUILD_TYPE=Release
        "-DCIPHERWATT_WARNINGS_AS_ERRORS=${CIPHERWATT_WARNINGS_AS_ERRORS}" ${_launcher}
    BUILD_ALWAYS ON
    INSTALL_COMMAND ""
    BUILD_BYPRODUCTS "${CIPHERWATT_FIRMWARE_ELF}")
