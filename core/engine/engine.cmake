# The engine library: config, setup, match loop, replay, seeds, provenance.
# No UI, no bot processes (core/sandbox/), no tournaments, no database.
add_library(sapper_core STATIC
  ${CMAKE_CURRENT_LIST_DIR}/config.c
  ${CMAKE_CURRENT_LIST_DIR}/setup.c
  ${CMAKE_CURRENT_LIST_DIR}/setup_commands.c
  ${CMAKE_CURRENT_LIST_DIR}/strbuf.c
  ${CMAKE_CURRENT_LIST_DIR}/escape.c
  ${CMAKE_CURRENT_LIST_DIR}/match.c
  ${CMAKE_CURRENT_LIST_DIR}/match_life.c
  ${CMAKE_CURRENT_LIST_DIR}/match_bots.c
  ${CMAKE_CURRENT_LIST_DIR}/match_host.c
  ${CMAKE_CURRENT_LIST_DIR}/match_rules.c
  ${CMAKE_CURRENT_LIST_DIR}/match_results.c
  ${CMAKE_CURRENT_LIST_DIR}/bot_keep.c
  ${CMAKE_CURRENT_LIST_DIR}/seeds.c
  ${CMAKE_CURRENT_LIST_DIR}/provenance.c
  ${CMAKE_CURRENT_LIST_DIR}/replay.c
  ${CMAKE_CURRENT_LIST_DIR}/replay_read.c
  ${CMAKE_CURRENT_LIST_DIR}/replay_play.c
  ${CMAKE_CURRENT_LIST_DIR}/replay_times.c)
target_include_directories(sapper_core PUBLIC ${CMAKE_CURRENT_LIST_DIR})
# The ruleset of a configuration without [game] rules is config/default.ini's
# (the file the front end embeds as its default), so no engine source names
# a ruleset.
set(SAPPER_DEFAULT_INI ${CMAKE_CURRENT_LIST_DIR}/../../config/default.ini)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${SAPPER_DEFAULT_INI})
file(READ ${SAPPER_DEFAULT_INI} SAPPER_DEFAULT_TEXT)
if(NOT SAPPER_DEFAULT_TEXT MATCHES "\\[game\\][^\\[]*\nrules[ \t]*=[ \t]*([A-Za-z0-9_.-]+)")
  message(FATAL_ERROR "${SAPPER_DEFAULT_INI}: no [game] rules line")
endif()
set(SAPPER_DEFAULT_RULES ${CMAKE_MATCH_1})
target_compile_definitions(sapper_core PRIVATE SAPPER_ENGINE_VERSION="${PROJECT_VERSION}"
  SAPPER_DEFAULT_RULES="${SAPPER_DEFAULT_RULES}")
target_link_libraries(sapper_core PUBLIC sapper_abi sapper_loader
  PRIVATE PkgConfig::INIH PkgConfig::SODIUM m ${CMAKE_DL_LIBS})
