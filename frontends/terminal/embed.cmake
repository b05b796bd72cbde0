# Turns a text file into a C source defining `const char NAME[]`, so the
# default config travels inside the binary. Run as a CMake script:
#   cmake -DIN=file -DOUT=file.c -DNAME=symbol -P embed.cmake
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE "${OUT}" "/* generated from ${IN}: do not edit */\nconst char ${NAME}[] = {${bytes}0x00};\n")
