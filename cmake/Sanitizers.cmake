# Sanitizer and fuzzing builds (scripts/test.sh --asan/--tsan, scripts/fuzz.sh). Each uses its own
# build directory: instrumented objects must not mix with a normal build's. The sandbox agent is
# never instrumented (app/CMakeLists.txt says why).
#   -DHOPX_SANITIZE=address;undefined   ASan + UBSan over the whole build (gcc or clang)
#   -DHOPX_SANITIZE=thread              TSan
#   -DHOPX_FUZZ=ON                      the libFuzzer targets in tests/fuzz (clang only; ASan + UBSan)
option(HOPX_FUZZ "Build the libFuzzer targets in tests/fuzz (clang only, implies ASan + UBSan)" OFF)
set(HOPX_SANITIZE "" CACHE STRING "Sanitizers for every target: 'address;undefined' or 'thread'")

if(HOPX_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        message(FATAL_ERROR "HOPX_FUZZ needs clang (libFuzzer): -DCMAKE_CXX_COMPILER=clang++")
    endif()
    set(HOPX_SANITIZE "address;undefined")
    # Coverage feedback for every library the targets link; only the targets get libFuzzer's main.
    add_compile_options(-fsanitize=fuzzer-no-link)
endif()

if(HOPX_SANITIZE)
    list(JOIN HOPX_SANITIZE "," hopx_sanitizers)
    add_compile_options(-fsanitize=${hopx_sanitizers} -fno-omit-frame-pointer)
    add_link_options(-fsanitize=${hopx_sanitizers})
    if("undefined" IN_LIST HOPX_SANITIZE)
        # A UB report must fail the test or stop the fuzzer, not scroll by. vptr needs the RTTI of
        # every class it checks; Qt's own are not instrumented, which is fine for this check.
        add_compile_options(-fno-sanitize-recover=undefined)
    endif()
endif()
