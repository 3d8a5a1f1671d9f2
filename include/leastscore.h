/*
 * leastscore.h - the Least Score rules engine (C11, libc only).
 *
 * One header for the whole engine. A match is an opaque ls_state that holds
 * everything the rules need: the seeded generator, the deck, every hand, the open cards, the dead pile, the scores. It is a flat struct with
 * no pointers, so ls_state_copy() is a memcpy; a search can copy it millions
 * of times. Cards, card sets, moves, rules and views are small value types
 * that anyone may copy.
 *
 * Conventions (see docs/api.md):
 *   - Functions that can fail return 0 or a negative LS_E... code;
 *     ls_strerror() names the code and the optional ls_error receives the
 *     detailed message ("KD is not in Bob's hand"). A call that fails leaves
 *     every state it was given exactly as it was.
 *   - Nothing here prints, reads files, looks at a clock or keeps a global.
 *     All randomness comes from the seed given to ls_state_new(): the same
 *     seed and the same moves give the same match on every machine.
 *   - Seats are 0..nplayers-1 in the order the players were listed.
 *
 * The rules implemented are stated in full in docs/rules.md (the eight
 * rules R1-R8, the decisions D1-D13 and the options), which also names the
 * tests that hold the engine to each one.
 */
#ifndef LEASTSCORE_H
#define LEASTSCORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library's version, MAJOR.MINOR.PATCH as semantic versioning reads
 * it: before 1.0 the minor number rises with each change that breaks
 * programs built against an earlier header (0.2.0: ls_error's new last
 * field, column), the patch number with every other release. docs/api.md,
 * "Versions", says what each one changed. */
#define LS_VERSION "0.2.0"

/* ------------------------------------------------------------------ */
/* Errors                                                              */
/* ------------------------------------------------------------------ */

enum {
    LS_OK = 0,
    LS_EINVAL = -1,    /* a bad argument (out of range, NULL, bad name)   */
    LS_ENOMEM = -2,    /* out of memory                                    */
    LS_EPHASE = -3,    /* not possible now (no round in play, match over)  */
    LS_ETURN = -4,     /* not this player's turn                           */
    LS_ENOTHELD = -5,  /* a card is not in the player's hand               */
    LS_ESHAPE = -6,    /* the cards do not form a discardable set          */
    LS_ETAKE = -7,     /* the card to take is not among the open cards     */
    LS_EDRAW = -8,     /* the card cannot be drawn from the deck           */
    LS_EDECLARE = -9,  /* declaring is not allowed now                     */
    LS_EDEAL = -10,    /* a deal that breaks the rules                     */
    LS_EOPTION = -11,  /* unknown option or bad option value               */
    LS_ESYNTAX = -12,  /* text that cannot be parsed (card, record line)   */
    LS_ERECORD = -13,  /* a record that breaks the rules                   */
};

/* The detailed message of a failed call. `line` is the 1-based record line
 * for errors found while reading a record, 0 otherwise; `column` is where
 * in that line the error is, as the byte it starts at counted from 1 (a
 * tab is one byte), or 0 when the error has no place in the line (the
 * record ends too soon). Compilers' FILE:LINE:COLUMN. */
typedef struct ls_error {
    int code;       /* the LS_E... code that was returned */
    int line;       /* record line, or 0 */
    char msg[256];  /* what was wrong, for a person */
    int column;     /* byte of the record line (or of a move's text,
                       ls_move_parse), from 1, or 0 */
} ls_error;

/* The short name of an error code: "illegal discard", ... Never NULL. */
const char *ls_strerror(int code);

/*
 * Copies text into out (size bytes, NUL-terminated) with every byte that
 * is not printable ASCII written as \xNN and a backslash as \\, so that
 * text read from a file, a bot or a user can be quoted in a message
 * without sending control sequences to a terminal, and the four
 * characters \x41 are never read as an escaped byte. A text too long for
 * out is cut between two characters: never inside an escape, nor between
 * the escapes of one UTF-8 character's bytes (U+202E's \xe2\x80\xae is
 * written all or not at all; bytes that are no whole character are cut
 * one by one), as ls_printable_cut() cuts. Every err->msg the library
 * writes has been through it. Returns out.
 */
char *ls_printable(const char *text, char *out, size_t size);
/* The same for len bytes of text, which may hold NUL bytes (written
 * \x00): for text that is not a C string, such as a line a bot wrote. */
char *ls_printable_n(const char *text, size_t len, char *out, size_t size);
/* The length in bytes of the longest head of text, a C string as
 * ls_printable() wrote it or one with UTF-8 characters as well, that has
 * at most max bytes and ends between two of its characters: never inside
 * an escape (\xNN, \\) or a UTF-8 character, nor between the escapes of
 * one character's bytes (\xe2\x80\xae, U+202E, is kept all or none, as
 * its raw bytes would be; escapes that are no whole UTF-8 character are
 * cut one by one). For cutting a shown text to fit a buffer or a column;
 * the caller adds any mark of the cut. */
size_t ls_printable_cut(const char *text, size_t max);

/* ------------------------------------------------------------------ */
/* Cards and card sets                                                 */
/* ------------------------------------------------------------------ */

/*
 * A card is 0..51: rank * 4 + suit, ranks 0..12 = A 2 .. 10 J Q K, suits
 * 0..3 = C D H S. A set of cards is a 64-bit mask with bit c for card c, so
 * the four cards of a rank sit in one nibble.
 */
typedef uint8_t ls_card;
typedef uint64_t ls_cards;

#define LS_NO_CARD ((ls_card)0xFF)
#define LS_ALL_CARDS ((ls_cards)0xFFFFFFFFFFFFFull) /* the 52 cards */
#define LS_CARD(rank, suit) ((ls_card)((rank) * 4 + (suit)))
#define LS_RANK(card) ((card) >> 2)
#define LS_SUIT(card) ((card) & 3)
#define LS_BIT(card) ((ls_cards)1 << (card))

enum { LS_CLUBS, LS_DIAMONDS, LS_HEARTS, LS_SPADES };

/* R1: Ace 1, 2..10 face value, J Q K 10. */
int ls_card_value(ls_card c);
/* The total of a set of cards (bits that are not cards count 0). */
int ls_cards_total(ls_cards set);
int ls_cards_count(ls_cards set);
/* The lowest card of a set, or LS_NO_CARD for the empty set. */
ls_card ls_cards_first(ls_cards set);

/* Writes the canonical name ("AS", "10H", "QD") into buf (at least 4
 * bytes) and returns buf. */
char *ls_card_str(ls_card c, char buf[4]);
/* Parses one card, case-insensitive, "T" accepted for 10. Returns the card
 * or LS_NO_CARD when the text is not a card. */
ls_card ls_card_parse(const char *text);
/* Writes the set's cards in ascending order separated by single spaces
 * ("7H 8H 9H"); "-" for the empty set. Returns the length it needed, like
 * snprintf. */
int ls_cards_str(ls_cards set, char *buf, size_t size);

/* ------------------------------------------------------------------ */
/* Rules (the options a table may set)                                 */
/* ------------------------------------------------------------------ */

#define LS_MIN_PLAYERS 2
#define LS_MAX_PLAYERS 8
#define LS_NAME_MAX 16          /* names are [A-Za-z0-9_-]{1,16} */
#define LS_DEFAULT_MAX_TURNS 500

typedef struct ls_rules {
    int threshold;    /* eliminated when the total is above it; 1..1000 (100) */
    bool tie_penalty; /* true: a tied declaration is false (option tie)      */
    bool runs_suited; /* true: runs must be of one suit (option runs)        */
    int hand_size;    /* cards dealt to each player; 3..7 (5)                */
    int declare_max;  /* highest total one may declare with; 0 = no limit    */
    int max_turns;    /* turns before the D12 showdown; 1..100000 (500)      */
} ls_rules;

/* The defaults of rules.md. */
ls_rules ls_rules_default(void);
/* Sets one option from its record/command-line spelling: name is one of
 * threshold, tie, runs, hand_size, declare_max, max_turns; value as in
 * rules.md ("50", "penalty", "suited"). Unchanged on error (LS_EOPTION). */
int ls_rules_set(ls_rules *r, const char *name, const char *value, ls_error *err);
/* Checks the rules for a table of n players (D13). */
int ls_rules_check(const ls_rules *r, int nplayers, ls_error *err);
/* Writes the value of option `name` as ls_rules_set() reads it. Returns
 * LS_EOPTION for an unknown name. */
int ls_rules_get(const ls_rules *r, const char *name, char *buf, size_t size);
/* The option names, NULL-terminated, in the order records write them. */
extern const char *const ls_option_names[];
/* What option `name` may be, worded to follow "is not": "a whole number
 * from 3 to 7" for hand_size, "'any' or 'suited'" for runs; NULL for a
 * name that is no option. A static string: the caller frees nothing. */
const char *ls_option_allowed(const char *name);

/* Whether `set` may be discarded in one turn (R3, D2, D3). On false, err
 * (if given) says why: "3 of a kind cannot be discarded". */
bool ls_discard_ok(ls_cards set, const ls_rules *r, ls_error *err);

/* ------------------------------------------------------------------ */
/* Moves                                                               */
/* ------------------------------------------------------------------ */

enum {
    LS_MOVE_TAKE = 1,    /* discard, then take `card` from the open cards */
    LS_MOVE_DRAW = 2,    /* discard, then draw the top card of the deck   */
    LS_MOVE_DECLARE = 3, /* declare (the whole turn, D7)                  */
};

/*
 * One turn. For LS_MOVE_DRAW, `card` is LS_NO_CARD to draw whatever is on
 * top (live play), or a card to draw that card, which must be in the deck
 * (replaying a record, or a search that fixes the draw). ls_apply() writes
 * the card actually drawn back into `card`.
 *
 * A move is one 64-bit word of bit-fields (move lists are written millions
 * of times a second): `discard` holds the 52 card bits only, `kind` 0..15,
 * `card` 0..255. Read and write the fields by name; they cannot have their
 * address taken.
 */
typedef struct ls_move {
    ls_cards discard : 52; /* the cards discarded; 0 for a declare */
    ls_cards kind : 4;     /* LS_MOVE_... */
    ls_cards card : 8;     /* the card taken or drawn, or LS_NO_CARD */
} ls_move;

/* An upper bound on the number of legal moves in any state:
 * 127 non-empty subsets of a 7-card hand x (5 open cards + draw) + declare. */
#define LS_MAX_MOVES 768

/* Writes a move in record notation without the player's name:
 * "discard 7H 8H 9H take 5S", "discard KD draw", "discard KD draw 4S"
 * (drawn card known), "declare". Returns the length needed. */
int ls_move_str(ls_move m, char *buf, size_t size);
/* Parses record notation (the inverse of ls_move_str). The drawn card is
 * optional. Checks syntax only, not legality. A refusal whose reason is
 * one word of text (a word that is no card, a card named twice, a word
 * too many) sets err->column to the byte of text, from 1, where that word
 * begins; one about the move as a whole (empty, too long, cut short)
 * leaves it 0. */
int ls_move_parse(const char *text, ls_move *m, ls_error *err);

/* ------------------------------------------------------------------ */
/* The match state                                                     */
/* ------------------------------------------------------------------ */

typedef struct ls_state ls_state;

enum {
    LS_PHASE_DEAL = 1,  /* waiting for ls_deal() / ls_deal_given()    */
    LS_PHASE_TURN = 2,  /* a round is in play; ls_turn() is to move   */
    LS_PHASE_OVER = 3,  /* the match has ended; ls_winner() has won   */
};

/* The result of one completed round. */
typedef struct ls_round_result {
    int round;            /* 1-based round number */
    int declarer;         /* seat that declared, or -1 for a D12 showdown */
    int lowest;           /* seat treated as declarer in a showdown, else = declarer */
    bool correct;         /* the declaration was correct (always in a showdown) */
    uint8_t players;      /* mask of seats that played the round */
    uint8_t eliminated;   /* mask of seats that went out in this round */
    int turns;            /* turns played in the round */
    ls_cards hand[LS_MAX_PLAYERS];     /* the hands as revealed */
    int hand_total[LS_MAX_PLAYERS];
    int score[LS_MAX_PLAYERS];         /* this round's points */
    int total[LS_MAX_PLAYERS];         /* cumulative after the round */
} ls_round_result;

/* Whether `name` is a valid player name: 1 to 16 of [A-Za-z0-9_-]. */
bool ls_name_valid(const char *name);

/* Creates a match of n players (2..8) named names[0..n-1] (unique,
 * [A-Za-z0-9_-]{1,16}) under `rules` (NULL = defaults), seeded with `seed`.
 * The match starts in LS_PHASE_DEAL. Returns NULL with err set on bad
 * arguments or no memory. The caller frees it with ls_state_free(). */
ls_state *ls_state_new(const ls_rules *rules, int n, const char *const names[],
                       uint64_t seed, ls_error *err);
void ls_state_free(ls_state *s);
/* Reseeds the generator behind s's later deals and draws. A match read
 * from a record (seed 0) is reseeded before it is played on, so that what
 * comes next cannot be foreseen. */
void ls_state_reseed(ls_state *s, uint64_t seed);
/* Copies src into dst (both from ls_state_new); a memcpy. */
void ls_state_copy(ls_state *dst, const ls_state *src);
/* A new copy of s, or NULL; free it with ls_state_free(). */
ls_state *ls_state_clone(const ls_state *s);

/* Deals the next round from the seeded generator: shuffles, gives each
 * remaining player rules.hand_size cards, turns up the opening card (D4). */
int ls_deal(ls_state *s, ls_error *err);
/* Deals the given hands (hands[seat] for each remaining seat; ignored for
 * eliminated seats) and opening card, the rest of the cards forming the
 * deck. For replaying a record; LS_EDEAL when the deal is impossible. */
int ls_deal_given(ls_state *s, const ls_cards hands[], ls_card open, ls_error *err);

/* Checks a move for the player to move without applying it. Every field
 * of the word is checked: the moves accepted are exactly those
 * ls_legal_moves() lists, and a listed draw that names a card that can be
 * drawn (LS_MOVE_DRAW above). */
int ls_check(const ls_state *s, ls_move m, ls_error *err);
/* Applies a move for the player to move (ls_turn()). On success a draw's
 * m->card is set to the card drawn; when the move ends the round the result
 * is available from ls_last_result() and the phase is LS_PHASE_DEAL or
 * LS_PHASE_OVER. On failure nothing changes. */
int ls_apply(ls_state *s, ls_move *m, ls_error *err);
/* Writes every legal move of the player to move into out (room for
 * LS_MAX_MOVES) and returns their number (0 when no round is in play). */
int ls_legal_moves(const ls_state *s, ls_move *out);

/* Accessors. */
const ls_rules *ls_state_rules(const ls_state *s);
int ls_phase(const ls_state *s);
int ls_players(const ls_state *s);
const char *ls_name(const ls_state *s, int seat);
int ls_seat_of(const ls_state *s, const char *name); /* -1 if none */
int ls_round(const ls_state *s);          /* current or last round, 0 before the first */
int ls_turn(const ls_state *s);           /* seat to move, -1 outside a round */
int ls_round_turns(const ls_state *s);    /* turns played in this round */
int ls_starter(const ls_state *s);        /* seat that started this round */
ls_cards ls_hand(const ls_state *s, int seat);
ls_cards ls_open_cards(const ls_state *s);
ls_cards ls_dead_cards(const ls_state *s);
ls_cards ls_deck_cards(const ls_state *s);
int ls_deck_size(const ls_state *s);
int ls_score(const ls_state *s, int seat); /* cumulative */
bool ls_eliminated(const ls_state *s, int seat);
bool ls_can_declare(const ls_state *s);   /* for the player to move */
int ls_winner(const ls_state *s);         /* seat, or -1 while the match goes on */
/* The last completed round's result, or NULL before the first ends. */
const ls_round_result *ls_last_result(const ls_state *s);

/* ------------------------------------------------------------------ */
/* What one player may know                                            */
/* ------------------------------------------------------------------ */

/* A public event of the current round: what everyone saw. */
typedef struct ls_event {
    uint8_t player;   /* seat */
    uint8_t kind;     /* LS_MOVE_... */
    ls_card card;     /* taken card; drawn card only in the drawer's view */
    ls_cards discard; /* cards discarded */
} ls_event;

#define LS_HISTORY 32 /* the view keeps the round's last LS_HISTORY events */

/*
 * Exactly what one seat may know (D11), as plain data. Built by ls_view()
 * with every byte defined, so two states that differ only in what the seat
 * cannot know give byte-identical views.
 */
typedef struct ls_view {
    ls_rules rules;
    int nplayers;
    int me;                       /* the seat this view belongs to */
    char names[LS_MAX_PLAYERS][LS_NAME_MAX + 1];
    int phase;                    /* LS_PHASE_... */
    int round;                    /* current round number */
    int turn;                     /* seat to move, -1 outside a round */
    int starter;                  /* seat that started the round */
    int turns;                    /* turns played in the round */
    ls_cards hand;                /* my hand */
    int hand_total;
    int hand_size[LS_MAX_PLAYERS];
    ls_cards known[LS_MAX_PLAYERS]; /* cards known to be in each hand (taken
                                       from the open cards and still held);
                                       for me, the part of my hand others know */
    ls_cards open;                /* the open cards (the previous discard) */
    ls_cards dead;                /* the dead pile */
    int deck_size;
    ls_cards last_discard[LS_MAX_PLAYERS]; /* each seat's last discard this round */
    int score[LS_MAX_PLAYERS];    /* cumulative */
    uint8_t in_round;             /* mask of seats playing this round */
    uint8_t eliminated;           /* mask of eliminated seats */
    uint8_t played;               /* mask of seats that have had a turn this round */
    bool can_declare;             /* I am to move and may declare */
    int nhistory;                 /* events in history (the last LS_HISTORY) */
    int history_start;            /* index in the round of history[0] */
    ls_event history[LS_HISTORY]; /* oldest first */
    bool has_result;              /* a round has ended in this match */
    ls_round_result last_result;  /* the last completed round */
} ls_view;

/* Fills v with what `seat` may know of s. */
void ls_view_of(const ls_state *s, int seat, ls_view *v);

/* Legal moves computed from a view (for the player to move, who must be
 * v->me). The same moves ls_legal_moves() gives in the real state, except
 * that draws never name a card. Returns the count. */
int ls_view_legal_moves(const ls_view *v, ls_move *out);

/*
 * Builds a full state consistent with a view: the other players' hands are
 * `hands` (hands[v->me] is ignored; each must hold the known cards and have
 * the right size and be disjoint from everything visible), the deck is the
 * remaining cards, drawn at random with `seed`. For determinized search.
 */
int ls_state_from_view(ls_state *dst, const ls_view *v, const ls_cards hands[],
                       uint64_t seed, ls_error *err);

/* The cards `seat` cannot see: not in its hand, not open, not dead and not
 * known to be in another hand. Hidden hands and the deck are drawn from it. */
ls_cards ls_view_unseen(const ls_view *v);

/* ------------------------------------------------------------------ */
/* Deterministic random numbers (xoshiro256**, seeded by splitmix64)   */
/* ------------------------------------------------------------------ */

typedef struct ls_rng {
    uint64_t s[4];
} ls_rng;

void ls_rng_seed(ls_rng *r, uint64_t seed);
uint64_t ls_rng_next(ls_rng *r);
/* Uniform in [0, n), n >= 1, without bias. */
uint32_t ls_rng_below(ls_rng *r, uint32_t n);

/* ------------------------------------------------------------------ */
/* Game records (docs/record-format.md)                                */
/* ------------------------------------------------------------------ */

/*
 * A record writer appends statements to a growing text as a match is
 * played: ls_record_new() writes the header (version, options, players),
 * ls_record_deal() a round's deal (call it after ls_deal()), ls_record_move()
 * each applied move (call it after ls_apply(), with the seat that moved and
 * the move as ls_apply() completed it). The text is owned by the record.
 */
typedef struct ls_record ls_record;

ls_record *ls_record_new(const ls_state *s);
void ls_record_free(ls_record *rec);
int ls_record_deal(ls_record *rec, const ls_state *s);
int ls_record_move(ls_record *rec, const ls_state *s, int seat, ls_move m);
/* Appends a comment line ("# text"). */
int ls_record_comment(ls_record *rec, const char *text);
/* The text so far (NUL-terminated) and its length. */
const char *ls_record_text(const ls_record *rec, size_t *len);

/*
 * Reads and verifies a record. On success *out is a new state at the end of
 * the record (a finished match, or one in progress) and results[] (if not
 * NULL) receives a malloc'd array of the completed rounds' results, owned
 * by the caller (free()). On error err->line says which line was wrong and
 * nothing is allocated.
 */
int ls_record_read(const char *text, size_t len, ls_state **out,
                   ls_round_result **results, int *nresults, ls_error *err);

/*
 * What ls_record_replay() tells its caller while it reads, so that a
 * program can rebuild what it keeps beside the match (a record writer,
 * computer players' memories) through the same calls as in live play.
 * Each hook may be NULL; `s` is the match just after the statement (read
 * only, valid during the call). A hook that returns non-zero stops the
 * read with that code.
 */
typedef struct ls_record_hooks {
    void *ud;
    /* `players` created the match (in LS_PHASE_DEAL, round 0). */
    int (*players)(void *ud, const ls_state *s);
    /* A round was dealt (after its `open`). */
    int (*deal)(void *ud, const ls_state *s);
    /* `seat` played m (a draw's card filled in); when the move ended the
     * round, ls_last_result(s) is its result. */
    int (*move)(void *ud, const ls_state *s, int seat, ls_move m);
} ls_record_hooks;

/* ls_record_read() that calls `hooks` as it goes (NULL: none). */
int ls_record_replay(const char *text, size_t len, const ls_record_hooks *hooks,
                     ls_state **out, ls_round_result **results, int *nresults,
                     ls_error *err);

#ifdef __cplusplus
}
#endif
#endif /* LEASTSCORE_H */
