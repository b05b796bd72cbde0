# Unit tests of the Wood-Sword rules and of the woodsword-bot and
# arena-random bots, included from tests/CMakeLists.txt (which finds
# PkgConfig::CMOCKA). The plugins are linked in as their *_builtin object
# libraries: the rules' logic through woodsword.h (public to
# woodsword_builtin), the bots through their manifests.
add_executable(test_woodsword ${CMAKE_CURRENT_LIST_DIR}/test_woodsword.c)
target_link_libraries(test_woodsword PRIVATE
  woodsword_builtin woodsword-bot_builtin arena-random_builtin
  PkgConfig::CMOCKA)
add_test(NAME woodsword COMMAND test_woodsword)
