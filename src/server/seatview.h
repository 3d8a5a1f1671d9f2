/*
 * seatview.h - THE one place that builds what a seat sees.
 *
 * Every `state` message and every event sent to a client is built here,
 * from the engine's view of the receiving seat (ls_view_of) and the
 * table's log; a spectator (seat -1) gets the public part only. Nothing
 * else in the server writes a card into a message (docs/server-protocol.md,
 * "The view" and "Events").
 */
#ifndef LS_SERVER_SEATVIEW_H
#define LS_SERVER_SEATVIEW_H

#include <jansson.h>

#include "server/table.h"

/*
 * The `state` message for `seat` (-1: a spectator) of t at `now`, with the
 * events after version `since` (-1: none known, a first state). When the
 * log no longer holds every event after `since`, it carries the events it
 * holds and "snapshot": true. Returns a new reference, or NULL when out of
 * memory.
 */
json_t *seatview_state(const table *t, int seat, long long since, int64_t now);

/* One event as `seat` sees it (a drawn card only in the drawer's copy). */
json_t *seatview_event(const table *t, const table_event *ev, int seat);

/* The view alone (the "view" member of a state). */
json_t *seatview_view(const table *t, int seat, int64_t now);

/* A set of cards as a JSON array of names in ascending order. */
json_t *seatview_cards(ls_cards set);

/* The rules as the protocol writes them ({"threshold":100,"tie":...}). */
json_t *seatview_rules(const ls_rules *r);

#endif
