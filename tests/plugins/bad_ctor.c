/*
 * bad_ctor.c - DELIBERATELY HOSTILE test bot (family mines): an ELF
 * constructor, code that runs when the shared object is loaded, before the
 * engine calls anything. When SAPPER_CTOR_MARK names a file it creates
 * that file (standing in for deleting a database or killing the engine).
 * The engine reads manifests in a locked-down child, so the file must
 * never appear and the plugin is reported; without the variable it is an
 * ordinary bot that plays the first legal action.
 */
#include "test_bot.h"

#include <fcntl.h>
#include <unistd.h>

__attribute__((constructor)) static void at_load(void)
{
    const char *mark = getenv("SAPPER_CTOR_MARK");
    if (mark) {
        int fd = open(mark, O_CREAT | O_WRONLY, 0600);
        if (fd >= 0)
            close(fd);
    }
}

TEST_BOT_PLUGIN(bad_ctor, "bad_ctor", "Constructor",
                "Creates a file when loaded, if asked (a hostile test bot)",
                test_bot_new, test_bot_first_legal, NULL, 0)
