/*
 * store_db.h - the database store: a store (store.h) that keeps the
 * server's records in the database of db.h, SQLite or PostgreSQL.
 *
 * Each match is a table in progress from its first line, written durably
 * piece by piece (a deal in one commit, each move in one), and moves to
 * the finished matches, rated, when it ends with a winner; an abandoned
 * match is dropped (docs/store.md).
 */
#ifndef LS_SERVER_STORE_DB_H
#define LS_SERVER_STORE_DB_H

#include <stdio.h>

#include "server/db.h"
#include "server/store.h"

/* Opens the database at `where` (a file or a postgresql:// URL; see
 * ls_db_open). Failures of the database are reported on `log` (may be
 * NULL). NULL with msg set when the database cannot be opened. Free with
 * store_db_free(), which closes the database. */
store *store_db_new(const char *where, FILE *log, char *msg, size_t size);
void store_db_free(store *st);
/* Matches moved to the finished matches so far. */
int store_db_finished(const store *st);
/* Failed calls of the database so far. */
int store_db_failures(const store *st);
/* The database, for what else the server keeps there (players). */
ls_db *store_db_db(const store *st);

#endif
