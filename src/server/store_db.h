/*
 * store_db.h - the database store: a store (store.h) that keeps the
 * server's records in the database of db.h, SQLite or PostgreSQL.
 *
 * Each match is a table in progress from its first line, written durably
 * piece by piece (a deal in one commit, each move in one), with its seats
 * (people as their players, computer players as their level's player) and
 * the table's settings; it moves to the finished matches, rated, when it
 * ends with a winner; an abandoned match is dropped; a match the server
 * stops in is kept in progress and handed back by restore at the next
 * start (docs/store.md).
 */
#ifndef LS_SERVER_STORE_DB_H
#define LS_SERVER_STORE_DB_H

#include <stdio.h>

#include "server/db.h"
#include "server/store.h"

/* Opens the database at `where` (a file or a postgresql:// URL; see
 * ls_db_open). Finished matches are also written as .lsr files into the
 * directory `records` (NULL: not); before it returns, it writes there
 * the files of the finished matches the database notes as not written
 * yet (a crash came between a finish and its file). A person leaving a
 * match (seat_away) is kept with it. Failures of the database are reported
 * on `log` (may be NULL). The store is held for this process alone
 * (ls_db_hold) until it is freed, taken before anything in it is read or
 * written. NULL with msg set when the database cannot be opened or
 * another process holds it. Free with store_db_free(), which writes what it still can and
 * closes the database. */
store *store_db_new(const char *where, const char *records, FILE *log, char *msg,
                    size_t size);
void store_db_free(store *st);
/* Matches moved to the finished matches so far. */
int store_db_finished(const store *st);
/* Failed calls of the database so far. */
int store_db_failures(const store *st);
/* The database, for what else the server keeps there (players). */
ls_db *store_db_db(const store *st);

#endif
