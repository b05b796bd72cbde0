# End-to-end tests: the real `sapper` binary, as a person or a script uses it.
set(E2E ${CMAKE_CURRENT_LIST_DIR})

# sapper_e2e(NAME SCRIPT [SKIPPABLE] [TIMEOUT S] [ARGS ...]): runs
# tests/e2e/SCRIPT with the build directory and ARGS, with the source tree
# and a private data home in its environment; SKIPPABLE: exit 77 means
# skipped (no tmux, no MPI...). Every end-to-end test has a deadline (600 s
# unless given): a hang fails it instead of the run.
function(sapper_e2e NAME SCRIPT)
  cmake_parse_arguments(E "SKIPPABLE" "TIMEOUT" "ARGS" ${ARGN})
  add_test(NAME ${NAME} COMMAND bash ${E2E}/${SCRIPT} ${CMAKE_BINARY_DIR} ${E_ARGS})
  if(NOT E_TIMEOUT)
    set(E_TIMEOUT 600)
  endif()
  set_tests_properties(${NAME} PROPERTIES TIMEOUT ${E_TIMEOUT}
    ENVIRONMENT "SAPPER_SOURCE=${CMAKE_SOURCE_DIR};XDG_DATA_HOME=${CMAKE_BINARY_DIR}/test-home")
  if(E_SKIPPABLE)
    set_tests_properties(${NAME} PROPERTIES SKIP_RETURN_CODE 77)
  endif()
endfunction()

sapper_e2e(e2e_line_protocol line_protocol_test.sh)
sapper_e2e(e2e_run_replay run_replay_test.sh ARGS ${SAPPER_SANITIZE})
sapper_e2e(e2e_cli_errors cli_errors_test.sh)
sapper_e2e(e2e_curses curses_test.sh SKIPPABLE)
sapper_e2e(e2e_tournament tournament_test.sh ARGS ${SAPPER_SANITIZE})
sapper_e2e(e2e_woodsword woodsword_test.sh SKIPPABLE)
sapper_e2e(e2e_analyze analyze_test.sh)
sapper_e2e(e2e_deductive deductive_test.sh)
sapper_e2e(e2e_seeker seeker_test.sh SKIPPABLE)
sapper_e2e(e2e_install install_test.sh SKIPPABLE)
sapper_e2e(e2e_package package_test.sh SKIPPABLE ARGS ${SAPPER_SANITIZE})
# make play builds the player's targets only (issue 25 item 29).
sapper_e2e(e2e_make_play make_play_test.sh SKIPPABLE TIMEOUT 600 ARGS ${SAPPER_SANITIZE})
sapper_e2e(e2e_report report_test.sh)
sapper_e2e(e2e_config_input config_input_test.sh)
sapper_e2e(e2e_watch watch_test.sh SKIPPABLE)
sapper_e2e(e2e_completion completion_test.sh)
sapper_e2e(e2e_sandbox sandbox_test.sh TIMEOUT 300 ARGS ${SAPPER_SANITIZE})
# sapper serve and sapper join over loopback (issue 28).
sapper_e2e(e2e_serve serve_test.sh SKIPPABLE TIMEOUT 400 ARGS ${SAPPER_SANITIZE})
# What a bot's code finds of the organiser's secrets (issue 27).
sapper_e2e(e2e_secrets secrets_test.sh TIMEOUT 300)
# All 64 bits of a seed, everywhere one is shown or read (issue 25 item 1).
sapper_e2e(e2e_seeds seeds_test.sh)
# A bot that needs 0.8 of its core next to bots that steal CPU between
# their calls (issue 27): alone on the machine's cores or skipped.
sapper_e2e(e2e_sandbox_cpu sandbox_cpu_test.sh SKIPPABLE TIMEOUT 500)
set_tests_properties(e2e_sandbox_cpu PROPERTIES RUN_SERIAL TRUE)
# mpirun -np 3 on loopback (issue 15): skipped, visibly, only without MPI.
sapper_e2e(e2e_mpi mpi_test.sh SKIPPABLE ARGS "${MPI_C_FOUND}" ${SAPPER_SANITIZE})
sapper_e2e(e2e_redteam redteam_test.sh TIMEOUT 300)
# A plugin whose texts carry terminal escapes and invalid UTF-8 (issue 33).
sapper_e2e(e2e_escapes escapes_test.sh)
# A newcomer's ruleset: the template copied, renamed, built out of the tree
# with cc and played through the line protocol (docs/ARCHITECTURE.md).
sapper_e2e(e2e_rules_template rules_template_test.sh SKIPPABLE)
sapper_e2e(e2e_process_bots process_bots_test.sh SKIPPABLE TIMEOUT 300)
# The process bots' kits and examples against scripted engine lines, without
# the engine (tests/kits/: Python, Node.js and the C example).
add_test(NAME kits COMMAND python3 ${CMAKE_SOURCE_DIR}/tests/kits/test_kits.py)
set_tests_properties(kits PROPERTIES TIMEOUT 300)
