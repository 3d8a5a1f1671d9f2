/*
 * leastscore_ai.h - computer players for Least Score.
 *
 * A player sees the game only through an ls_view (what its seat may know)
 * and the public events it is told about, and answers with a move. Every
 * player kind implements the same small vtable, so the terminal game, the
 * simulator and the bot protocol drive them all alike and a stronger kind
 * fits in without changes to any of them.
 *
 * Players are created from a spec string: "random", "greedy",
 * "expert", "expert:ms=10", "expert:iters=20000". Randomness comes only from
 * the seed given at creation, so the same seed and the same views give the
 * same moves.
 */
#ifndef LEASTSCORE_AI_H
#define LEASTSCORE_AI_H

#include "leastscore.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ls_player ls_player;

/* The operations of one player kind. Only `choose` and `destroy` are
 * required; the others may be NULL. */
typedef struct ls_player_ops {
    const char *kind; /* "random", "greedy", ... */
    /* Chooses a legal move for v->me, who is to move. Returns 0, or a
     * negative LS_E... code with err set when it cannot (the caller then
     * falls back to another move). */
    int (*choose)(ls_player *p, const ls_view *v, ls_move *out, ls_error *err);
    /* A round was dealt; v is the player's view at the start of it. */
    void (*round_start)(ls_player *p, const ls_view *v);
    /* A public event happened (as this player's view shows it). */
    void (*observe)(ls_player *p, const ls_view *v, const ls_event *ev);
    /* A round ended. */
    void (*round_end)(ls_player *p, const ls_view *v, const ls_round_result *r);
    /* Advice for a human in the same seat: the move this player would make
     * and its estimate (0..1) that declaring now would be correct (a
     * negative value when declaring is not allowed). */
    int (*hint)(ls_player *p, const ls_view *v, ls_move *best,
                double *declare_correct, ls_error *err);
    /* Frees the player and everything it owns. */
    void (*destroy)(ls_player *p);
} ls_player_ops;

struct ls_player {
    const ls_player_ops *ops;
    /* The spec it was created from: ls_player_new() refuses a longer one,
     * so its players' is whole; the CLI's cmd: bot, whose spec may be
     * longer, keeps its head cut between two UTF-8 characters with "..."
     * after it. Show people the caller's copy of a spec, not this one. */
    char spec[64];
    void *impl;    /* owned by the implementation */
};

/*
 * Creates a player from a spec ("random", "greedy", "expert:ms=10").
 * Returns NULL with err set for an unknown kind or bad parameter. The caller
 * frees it with ls_player_free().
 */
ls_player *ls_player_new(const char *spec, uint64_t seed, ls_error *err);
void ls_player_free(ls_player *p);
int ls_player_choose(ls_player *p, const ls_view *v, ls_move *out, ls_error *err);
void ls_player_round_start(ls_player *p, const ls_view *v);
void ls_player_observe(ls_player *p, const ls_view *v, const ls_event *ev);
/* Tells p, the player in `seat`, that `mover` has just made the move m in s
 * (already applied, so a draw's card is set): calls ls_player_observe with
 * seat's view and the event as seat sees it (another seat's drawn card
 * hidden). Does nothing for a kind that does not observe. */
void ls_player_tell(ls_player *p, const ls_state *s, int seat, int mover,
                    ls_move m);
void ls_player_round_end(ls_player *p, const ls_view *v, const ls_round_result *r);
/* The player's advice (see ls_player_ops.hint); LS_EINVAL when its kind
 * gives none. */
int ls_player_hint(ls_player *p, const ls_view *v, ls_move *best,
                   double *declare_correct, ls_error *err);

/* The kinds ls_player_new() knows, NULL-terminated, with a one-line
 * description each in the same order. */
extern const char *const ls_player_kinds[];
extern const char *const ls_player_kind_help[];

#ifdef __cplusplus
}
#endif
#endif /* LEASTSCORE_AI_H */
