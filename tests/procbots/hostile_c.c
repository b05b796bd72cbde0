/*
 * hostile_c.c MODE - a process bot in C (docs/PROTOCOL.md, no Sapper
 * header) that plays the first legal action and misbehaves as MODE says
 * at its first turn, for tests/e2e/process_bots_test.sh: the same attacks
 * as hostile.py, made with the system calls themselves.
 *
 * MODE: honest, fork, socket, kill_parent, exec, write_file, huge_line,
 * close_stdout, silent, early, grandchild.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static const char *mode = "honest";

static void say(const char *line)
{
    fputs(line, stdout);
    fputc('\n', stdout);
    fflush(stdout);
}

static void attack(void)
{
    if (strcmp(mode, "fork") == 0 && fork() == 0)
        for (;;)
            pause();
    if (strcmp(mode, "socket") == 0) {
        int s = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(9),
                                .sin_addr.s_addr = htonl(0x7f000001)};
        if (s >= 0 && connect(s, (struct sockaddr *)&a, sizeof a) == 0)
            fputs("LEAK connected\n", stderr);
    }
    if (strcmp(mode, "kill_parent") == 0)
        kill(getppid(), SIGKILL);
    if (strcmp(mode, "exec") == 0)
        execl("/bin/sh", "sh", "-c", "touch /tmp/sapper-hostile-exec", (char *)NULL);
    if (strcmp(mode, "write_file") == 0 &&
        open("sapper-hostile-written", O_WRONLY | O_CREAT, 0644) >= 0)
        fputs("LEAK wrote a file\n", stderr);
    if (strcmp(mode, "huge_line") == 0) {
        fputs("move ", stdout);
        for (long i = 0; i < 10L << 20; i++)
            fputc('x', stdout);
        say("");
    }
    if (strcmp(mode, "close_stdout") == 0) {
        close(1);
        for (;;)
            pause();
    }
    if (strcmp(mode, "silent") == 0)
        for (;;)
            pause();
    if (strcmp(mode, "grandchild") == 0 && fork() == 0) {
        setsid();
        if (fork() == 0)
            for (;;)
                pause();
        _exit(0);
    }
}

int main(int argc, char **argv)
{
    static char line[1 << 16];
    static const char *const verbs[] = {"reveal", "flag", "chord", "bomb"};
    long w = 1, h = 1, first = 0;
    int attacked = 0;
    if (argc > 1)
        mode = argv[1];
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "sapper ", 7) == 0) {
            printf("id hostile_c_%s\nfamily mines\noption legal\nready 1\n", mode);
            fflush(stdout);
            if (strcmp(mode, "early") == 0)
                say("move reveal 0 0");
        } else if (strncmp(line, "start", 5) == 0 || strncmp(line, "end", 3) == 0) {
            say("ok");
        } else if (strncmp(line, "view mines ", 11) == 0) {
            sscanf(line + 11, "%ld %ld", &w, &h);
        } else if (strncmp(line, "legal ", 6) == 0) {
            long n, runs;
            sscanf(line + 6, "%ld %ld %ld", &n, &runs, &first);
        } else if (strncmp(line, "go", 2) == 0) {
            if (!attacked++)
                attack();
            long cell = first % (w * h);
            printf("move %s %ld %ld\n", verbs[first / (w * h) % 4], cell % w, cell / w);
            fflush(stdout);
        } else if (strncmp(line, "quit", 4) == 0) {
            return 0;
        }
    }
    return 0;
}
