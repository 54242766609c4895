# Build options shared by every target, as INTERFACE libraries each target links:
#   cipherwatt_options  - language standard and sanitizers
#   cipherwatt_warnings - compiler warnings (errors with CIPHERWATT_WARNINGS_AS_ERRORS)

set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)
set(CMAKE_EXPORT_COMPILE_COMMANDS ON)
set(CMAKE_POSITION_INDEPENDENT_CODE ON)

add_library(cipherwatt_options INTERFACE)
add_library(cipherwatt::options ALIAS cipherwatt_options)
target_compile_features(cipherwatt_options INTERFACE cxx_std_20)

if(CIPHERWATT_SANITIZE)
    target_compile_options(cipherwatt_options INTERFACE
        -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
    target_link_options(cipherwatt_options INTERFACE -fsanitize=address,undefined)
endif()

if(CIPHERWATT_TSAN)
    if(CIPHERWATT_SANITIZE)
        message(FATAL_ERROR "CIPHERWATT_TSAN and CIPHERWATT_SANITIZE cannot be combined")
    endif()
    target_compile_options(cipherwatt_options INTERFACE -fsanitize=thread -fno-omit-frame-pointer)
    target_link_options(cipherwatt_options INTERFACE -fsanitize=thread)
endif()

if(CIPHERWATT_FUZZ)
    # Coverage instrumentation everywhere, so libFuzzer is guided through the library too.
    target_compile_options(cipherwatt_options INTERFACE -fsanitize=fuzzer-no-link)
endif()

add_library(cipherwatt_warnings INTERFACE)
add_library(cipherwatt::warnings ALIAS cipherwatt_warnings)
# C sources (the example plugin and the test plugins) link it too; they get the shared ones.
target_compile_options(cipherwatt_warnings INTERFACE
    -Wall -Wextra -Wpedantic -Wshadow -Wcast-align -Wunused -Wconversion -Wsign-conversion
    -Wnull-dereference -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough
    $<$<COMPILE_LANGUAGE:CXX>:-Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual>)
# GCC 12 reports -Wmaybe-uninitialized inside libstdc++ (<regex>, <functional>) when the
# sanitizers instrument optimised code, and under ThreadSanitizer at -O2 -Wnull-dereference
# inside std::string's constructor (vector<string>::insert); the GCC manual warns of such
# false positives. The other presets keep both warnings.
if((CIPHERWATT_SANITIZE OR CIPHERWATT_TSAN) AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(cipherwatt_warnings INTERFACE -Wno-maybe-uninitialized)
endif()
if(CIPHERWATT_TSAN AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(cipherwatt_warnings INTERFACE -Wno-null-dereference)
endif()
if(CIPHERWATT_WARNINGS_AS_ERRORS)
    target_compile_options(cipherwatt_warnings INTERFACE -Werror)
endif()

# Unity builds for the Qt side's targets (CIPHERWATT_UNITY_BUILD): every file of a target compiled
# in batches of eight. Names local to a file (anonymous namespaces, file-scope statics) must then
# be unique within the target: every build lists the target's sources in unity-sources/, and
# the test "build: no file-local name is declared twice in a unity-built target" runs
# scripts/check-unity-names.py over them. The cipher library is left out (its sources carry
# per-file instruction-set flags).
function(cipherwatt_unity_build target)
    if(CIPHERWATT_UNITY_BUILD)
        set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
    endif()
    file(GENERATE OUTPUT "${CMAKE_BINARY_DIR}/unity-sources/${target}.txt"
         CONTENT "$<TARGET_PROPERTY:${target},SOURCE_DIR>\n$<JOIN:$<TARGET_PROPERTY:${target},SOURCES>,\n>\n")
endfunction()
