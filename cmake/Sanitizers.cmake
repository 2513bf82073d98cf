# Sanitizer and fuzzing builds (scripts/test.sh --asan/--tsan, scripts/fuzz.sh). Each uses its own
# build directory: instrumented objects must not mix with a normal build's. The sandbox agent is
# never instrumented (app/sandbox-agent/CMakeLists.txt says why).
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
    if("thread" IN_LIST HOPX_SANITIZE)
        add_library(hopx_tsan_clone OBJECT ${PROJECT_SOURCE_DIR}/tests/sanitizers/tsan_clone.c)
    endif()
    if("undefined" IN_LIST HOPX_SANITIZE)
        # A UB report must fail the test or stop the fuzzer, not scroll by. vptr needs the RTTI of
        # every class it checks; Qt's own are not instrumented, which is fine for this check.
        add_compile_options(-fno-sanitize-recover=undefined)
    endif()
endif()

# hopx_link_tsan_clone(): at the end of the top-level CMakeLists.txt. In a TSan build every
# instrumented executable gets a clone() that bypasses TSan's (tests/sanitizers/tsan_clone.c says
# why). Executables only: in a static library it could end up in the static sandbox agent.
function(hopx_link_tsan_clone)
    if(NOT TARGET hopx_tsan_clone)
        return()
    endif()
    set(dirs ${PROJECT_SOURCE_DIR})
    while(dirs)
        list(POP_FRONT dirs dir)
        get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
        list(APPEND dirs ${subdirs})
        get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
        foreach(target ${targets})
            get_target_property(type ${target} TYPE)
            if(type STREQUAL "EXECUTABLE" AND NOT target STREQUAL "hopx-sandbox-agent")
                target_link_libraries(${target} PRIVATE hopx_tsan_clone)
            endif()
        endforeach()
    endwhile()
endfunction()
