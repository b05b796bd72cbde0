/*
 * bad_ctor.c - DELIBERATELY HOSTILE test bot (family mines): an ELF
 * constructor, code that runs when the shared object is loaded, before the
 * engine calls anything. Loaded from a file whose name ends in "-armed.so"
 * it creates the file of that name plus ".mark" (standing in for deleting
 * a database or killing the engine). Its file's name is the one order it
 * can be given: the manifest reader holds nothing of the engine, not even
 * its environment. The reader is locked down, so the mark must never
 * appear and the plugin is reported; under any other name it is an
 * ordinary bot that plays the first legal action.
 */
#define _GNU_SOURCE
#include "test_bot.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char armed[] = "-armed.so";

__attribute__((constructor)) static void at_load(void)
{
    Dl_info info;
    if (!dladdr(armed, &info) || !info.dli_fname)
        return;
    size_t n = strlen(info.dli_fname), k = strlen(armed);
    if (n < k || strcmp(info.dli_fname + n - k, armed) != 0)
        return;
    char mark[4096];
    snprintf(mark, sizeof mark, "%s.mark", info.dli_fname);
    int fd = open(mark, O_CREAT | O_WRONLY, 0600);
    if (fd >= 0)
        close(fd);
}

TEST_BOT_PLUGIN(bad_ctor, "bad_ctor", "Constructor",
                "Creates a file when loaded as *-armed.so (a hostile test bot)",
                test_bot_new, test_bot_first_legal, NULL, 0)
