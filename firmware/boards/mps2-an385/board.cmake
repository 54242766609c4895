# Arm MPS2 AN385 (Cortex-M3, 25 MHz) as modelled by qemu-system-arm -M mps2-an385: the board
# the test suite runs the firmware on.
set(CW_BOARD_CPU_FLAGS -mcpu=cortex-m3 -mthumb -mfloat-abi=soft)
# Sources in this folder besides board.c, e.g. a file registering a hardware AES backend.
set(CW_BOARD_SOURCES "")
# Limits of core/config.h for this board (plenty of RAM here: the defaults).
set(CW_BOARD_DEFINITIONS "")
