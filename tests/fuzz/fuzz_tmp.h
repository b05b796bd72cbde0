/*
 * fuzz_tmp.h - a private temporary directory for the one fuzz target that
 * must hand its input to a library as a file (fuzz_scores: SQLite opens
 * the score file by name). Made once, under $TMPDIR or /tmp, and removed
 * with whatever is left in it when the process exits normally (libFuzzer
 * at the end of its time, or the corpus runner); a crash leaves it, with
 * the file that crashed.
 */
#ifndef SAPPER_FUZZ_TMP_H
#define SAPPER_FUZZ_TMP_H

/** The directory's path; aborts when it cannot be made. */
const char *fuzz_tmp_dir(void);

#endif
