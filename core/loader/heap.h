/*
 * heap.h - the allocator policy of a process that plays many games: keep
 * the heap across games instead of returning it to the kernel after each
 * one and faulting it back on the next (glibc trims by default: about 80
 * page faults and 5 brk calls per Expert game). Each executable that plays
 * games calls it once at its start: sapper, sapper-bothost, the benches.
 */
#ifndef SAPPER_HEAP_H
#define SAPPER_HEAP_H

/** Keeps freed memory in the process (up to 256 MiB at the top of the
 *  heap) and serves allocations under 64 MiB from the heap, so a steady
 *  run of games makes no system call and no page fault for memory. */
void sapper_keep_heap(void);

#endif
