# cmake -DLUPDATE=… -DLRELEASE=… -DSOURCE_ROOT=… -DSOURCES_FILE=… -DTS_FILES=a.ts;b.ts -DWORK_DIR=… [-DAPP_DIR=…]
#   -P CheckTranslations.cmake
# Fails when today's sources hold a UI string that a .ts file lacks or leaves unfinished.
# English is the source language: only its plural forms are translated, so it is not checked.
# With APP_DIR, also fails when a source outside SOURCES_FILE calls tr() or marks a string with
# QT_TR_NOOP/QT_TRANSLATE_NOOP: lupdate never reads it, so its strings would never be translated
# (model-facing text is plain English, not tr()), and update_translations would drop their
# translations from the .ts files.
file(STRINGS ${SOURCES_FILE} sources)
if(APP_DIR)
    file(GLOB_RECURSE app_sources ${APP_DIR}/*.cpp ${APP_DIR}/*.h)
    set(unread "")
    foreach(source ${app_sources})
        list(FIND sources ${source} read)
        if(NOT read EQUAL -1)
            continue()
        endif()
        file(STRINGS ${source} calls REGEX "(^|[^A-Za-z0-9_])(tr|QT_TR_NOOP|QT_TRANSLATE_NOOP)\\(")
        list(FILTER calls EXCLUDE REGEX "^[ \t]*(//|\\*|/\\*)")
        if(calls)
            list(APPEND unread ${source})
        endif()
    endforeach()
    if(unread)
        list(JOIN unread "\n  " unread)
        message(FATAL_ERROR "tr() in sources lupdate does not read (add them to HOPX_TR_SOURCES "
            "in app/CMakeLists.txt, or drop the tr() of model-facing text):\n  ${unread}")
    endif()
endif()
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
foreach(ts ${TS_FILES})
    get_filename_component(name ${ts} NAME)
    if(name MATCHES "_en\\.ts$")
        continue()
    endif()
    file(COPY ${ts} DESTINATION ${WORK_DIR})
    # -I as app/CMakeLists.txt gives it: includes are written from the library roots.
    execute_process(COMMAND ${LUPDATE} -no-obsolete -locations none -I ${SOURCE_ROOT}/app
        -I ${SOURCE_ROOT}/mcpserver ${sources} -ts ${WORK_DIR}/${name}
        RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "lupdate failed: ${out}${err}")
    endif()
    execute_process(COMMAND ${LRELEASE} ${WORK_DIR}/${name} -qm ${WORK_DIR}/${name}.qm
        RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    message(STATUS "${name}: ${out}${err}")
    if(NOT rc EQUAL 0 OR "${out}${err}" MATCHES "[1-9][0-9]* unfinished" OR "${out}${err}" MATCHES "untranslated")
        message(FATAL_ERROR "${name} is missing translations (run the update_translations target, then translate):\n${out}${err}")
    endif()
endforeach()
