# Unit tests of the prober bot on fixed positions (the right move known,
# the endgame's optimum from an independent brute force). The bot is linked
# in as prober_builtin. Included from tests/CMakeLists.txt, which finds
# PkgConfig::CMOCKA.
add_executable(test_prober ${CMAKE_CURRENT_LIST_DIR}/test_prober.c)
target_include_directories(test_prober PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/../../plugins/bots)
target_link_libraries(test_prober PRIVATE prober_builtin PkgConfig::CMOCKA)
add_test(NAME test_prober COMMAND test_prober)
