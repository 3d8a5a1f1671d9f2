/*
 * store.h - where a table's game records go.
 *
 * A table writes each match's game record (docs/record-format.md) through
 * this small interface, line by line as the match is played: match_begin
 * when a match is dealt, append for every piece of record text (whole
 * lines), match_end when it ends or is abandoned. The file store
 * (store_file.c) keeps the text and writes one .lsr file per finished match;
 * a database store can be plugged in by implementing the same three calls.
 * A store's failures never stop a match: the table ignores them, and the
 * store reports them itself.
 */
#ifndef LS_SERVER_STORE_H
#define LS_SERVER_STORE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct store_ops {
    /* A match begins at table `code` (its `match`th there). Returns the
     * store's handle for the match, or NULL when it keeps nothing. */
    void *(*match_begin)(void *self, const char *code, int match);
    /* Appends record text (one or more whole lines) to the match. */
    void (*append)(void *self, void *match, const char *text, size_t len);
    /* The match ended (`finished`: it has a winner) or was abandoned; the
     * handle is not used again. */
    void (*match_end)(void *self, void *match, bool finished);
} store_ops;

/* A store: its operations and their first argument. Plain data; a table
 * keeps a copy and does not own `self`. */
typedef struct store {
    const store_ops *ops;
    void *self;
} store;

/* The file store: finished matches become DIR/<date>-<code>-<match>.lsr.
 * store_file_new() creates DIR (and its parents) if needed; NULL with msg
 * set when it cannot. Free with store_file_free(). */
store *store_file_new(const char *dir, char *msg, size_t size);
void store_file_free(store *st);
/* The number of records written so far (for the log and the tests). */
int store_file_written(const store *st);

#endif
