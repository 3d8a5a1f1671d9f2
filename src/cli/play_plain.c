/*
 * play_plain.c - `leastscore play --plain`: the game as lines of text.
 *
 * For a screen reader or a script. Everything is printed as it happens, in
 * full sentences; on the human's turn a status block ends in the prompt
 * "your move> " and a line is read: a move in record notation (`discard
 * 7H 8H 9H take 5S`, `discard KD draw`, `declare`) or one of help, hand,
 * hint, quit. Bad input is answered with what was wrong and the prompt
 * again; the turn is never lost. When stdin is not a terminal the line read
 * is echoed after the prompt, so a transcript reads like a session. The
 * output depends only on the options, the seed and the input: a script gets
 * the same text every time (the record's default file name aside).
 * End of input or Ctrl-C ends the match; the record is saved either way.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/play.h"

enum { MATCH_OVER, MATCH_QUIT };

static bool echo_input;

/* One line from stdin without its newline, trimmed; NULL at end of input
 * or on an interrupt. The buffer is reused by the next call. */
static char *read_line(void)
{
    static char *line;
    static size_t cap;
    errno = 0;
    ssize_t n = getline(&line, &cap, stdin);
    if (n < 0 || play_interrupted)
        return NULL;
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r' ||
                     line[n - 1] == ' ' || line[n - 1] == '\t'))
        line[--n] = '\0';
    char *p = line;
    while (*p == ' ' || *p == '\t')
        p++;
    if (echo_input)
        printf("%s\n", p);
    return p;
}

static void print_help(void)
{
    printf("%s\n", play_rules_text);
    printf("Type one of:\n"
           "  discard CARDS take CARD   discard, then take one of the open cards\n"
           "  discard CARDS draw        discard, then draw from the deck\n"
           "  declare                   show hands (from your second turn)\n"
           "  hand                      show your hand and the table again\n"
           "  hint                      what the computer would do\n"
           "  help                      this text\n"
           "  quit                      end the game (the record is saved)\n"
           "Cards: rank A 2-10 J Q K then suit C D H S, e.g. 10H QS AC.\n");
}

static void print_status(const play_game *g)
{
    ls_view v;
    ls_view_of(g->s, 0, &v);
    char buf[64];
    printf("Your turn (round %d, turn %d).\n", v.round, v.turns + 1);
    printf("  Hand: %s (total %d)\n", play_cards(v.hand, buf, sizeof buf),
           v.hand_total);
    printf("  Open: %s   Deck: %d cards\n", play_cards(v.open, buf, sizeof buf),
           v.deck_size);
    for (int i = 1; i < v.nplayers; i++) {
        if (!(v.in_round >> i & 1))
            continue;
        printf("  %s: %d cards, %d points, last discard %s", v.names[i],
               v.hand_size[i], v.score[i],
               play_cards(v.last_discard[i], buf, sizeof buf));
        if (v.known[i])
            printf(", holds %s", play_cards(v.known[i], buf, sizeof buf));
        printf("\n");
    }
    if (v.can_declare)
        printf("  You may declare.\n");
}

static void print_result(const play_game *g)
{
    const ls_round_result *r = ls_last_result(g->s);
    char buf[64];
    if (r->declarer < 0)
        printf("Round %d reached the turn limit: %s has the lowest hand.\n",
               r->round, ls_name(g->s, r->lowest));
    else
        printf("Round %d over: %s declared with %d: %s.\n", r->round,
               ls_name(g->s, r->declarer), r->hand_total[r->declarer],
               r->correct ? "correct" : "false");
    for (int i = 0; i < ls_players(g->s); i++) {
        if (!(r->players >> i & 1))
            continue;
        printf("  %-16s %-20s total %2d  scores %2d  points %3d%s\n",
               ls_name(g->s, i), play_cards(r->hand[i], buf, sizeof buf),
               r->hand_total[i], r->score[i], r->total[i],
               r->eliminated >> i & 1 ? "  OUT" : "");
    }
    for (int i = 0; i < ls_players(g->s); i++)
        if (r->eliminated >> i & 1)
            printf("%s %s out (above %d points).\n", ls_name(g->s, i),
                   i == 0 ? "are" : "is", ls_state_rules(g->s)->threshold);
}

static void print_hint(play_game *g)
{
    ls_move m;
    double chance;
    ls_error err = {0};
    if (play_game_hint(g, &m, &chance, &err) != 0) {
        printf("No hint: %s\n", err.msg);
        return;
    }
    char buf[64];
    ls_move_str(m, buf, sizeof buf);
    printf("Hint (%s): %s", g->advisor->ops->kind, buf);
    if (chance >= 0)
        printf("; chance that declaring now is correct: %.0f%%", 100 * chance);
    printf(".\n");
}

/* Reads commands until the human has made a legal move. */
static int human_turn(play_game *g)
{
    print_status(g);
    for (;;) {
        printf("your move> ");
        fflush(stdout);
        char *line = read_line();
        if (!line) {
            printf("\n%s\n", play_interrupted ? "Interrupted." : "End of input.");
            return MATCH_QUIT;
        }
        if (!*line)
            continue;
        if (!strcmp(line, "help")) {
            print_help();
            continue;
        }
        if (!strcmp(line, "hand")) {
            print_status(g);
            continue;
        }
        if (!strcmp(line, "hint")) {
            print_hint(g);
            continue;
        }
        if (!strcmp(line, "quit") || !strcmp(line, "q"))
            return MATCH_QUIT;
        ls_move m;
        ls_error err = {0};
        if (ls_move_parse(line, &m, &err) != 0) {
            printf("%s. Type e.g. 'discard KD draw', "
                   "'discard 7H 8H 9H take 5S', 'declare' or 'help'.\n", err.msg);
            continue;
        }
        if (m.kind == LS_MOVE_DRAW && m.card != LS_NO_CARD) {
            printf("You cannot choose the card you draw: type the move "
                   "without it, e.g. 'discard KD draw'.\n");
            continue;
        }
        if (play_game_apply(g, &m, &err) != 0) {
            char msg[300];
            play_personal(g, err.msg, msg, sizeof msg);
            printf("Not allowed: %s.\n", msg);
            continue;
        }
        char buf[128];
        play_describe(g, 0, m, true, buf, sizeof buf);
        printf("%s.\n", buf);
        return MATCH_OVER;
    }
}

static int run_match(play_game *g)
{
    char buf[128];
    ls_error err = {0};
    while (ls_phase(g->s) != LS_PHASE_OVER) {
        if (play_interrupted)
            return MATCH_QUIT;
        if (ls_phase(g->s) == LS_PHASE_DEAL) {
            if (play_game_deal(g, &err) != 0) {
                printf("Cannot deal: %s\n", err.msg);
                return MATCH_QUIT;
            }
            int st = ls_starter(g->s);
            printf("\nRound %d. %s. Open card: %s.\n", ls_round(g->s),
                   st == 0 ? "You start" : ls_name(g->s, st),
                   play_cards(ls_open_cards(g->s), buf, sizeof buf));
        }
        int seat = ls_turn(g->s);
        if (seat == 0) {
            if (human_turn(g) == MATCH_QUIT)
                return MATCH_QUIT;
        } else {
            ls_move m = play_game_bot_move(g);
            if (play_game_apply(g, &m, &err) != 0) {
                printf("%s made an illegal move: %s\n", ls_name(g->s, seat), err.msg);
                return MATCH_QUIT;
            }
            play_describe(g, seat, m, false, buf, sizeof buf);
            printf("%s.\n", buf);
        }
        if (ls_phase(g->s) != LS_PHASE_TURN) {
            print_result(g);
            play_game_save(g, buf, sizeof buf);
        }
    }
    int w = ls_winner(g->s);
    if (w == 0)
        printf("\nYou win the match!\n");
    else
        printf("\n%s wins the match.\n", ls_name(g->s, w));
    return MATCH_OVER;
}

static void intro(const play_game *g)
{
    const ls_rules *r = ls_state_rules(g->s);
    printf("Least Score: %s against", ls_name(g->s, 0));
    for (int i = 1; i < ls_players(g->s); i++)
        printf("%s %s (%s)", i == 1 ? "" : ",", ls_name(g->s, i),
               g->bots[i]->spec);
    printf(".\nRules: threshold %d, tie %s, runs %s, hand size %d", r->threshold,
           r->tie_penalty ? "penalty" : "declarer", r->runs_suited ? "suited" : "any",
           r->hand_size);
    if (r->declare_max > 0)
        printf(", declare at most %d", r->declare_max);
    printf(". Seed %llu.\n", (unsigned long long)g->seed);
    printf("Moves: 'discard CARDS take CARD', 'discard CARDS draw', 'declare'; "
           "also hand, hint, help, quit.\n");
}

/* A failing bot, on stderr as it happens. */
static void report_bot(void *ud, const char *msg)
{
    (void)ud;
    fflush(stdout);
    fprintf(stderr, "leastscore play: %s\n", msg);
}

int play_plain(const play_opts *o)
{
    echo_input = !isatty(STDIN_FILENO);
    uint64_t seed = o->seeded ? o->seed : play_random_seed();
    int status = 0;
    for (int number = 1;; number++) {
        play_game g;
        char msg[512];
        if (play_game_new(&g, o, seed, number, report_bot, NULL, msg, sizeof msg) != 0) {
            fprintf(stderr, "leastscore play: %s\n", msg);
            return 1;
        }
        intro(&g);
        int how = run_match(&g);
        if (how == MATCH_QUIT)
            printf("Game ended before the match was over.\n");
        if (play_game_save(&g, msg, sizeof msg) == 0)
            printf("Record saved: %s\n", g.path);
        else {
            fprintf(stderr, "leastscore play: %s\n", msg);
            status = 1;
        }
        play_game_free(&g);
        if (how == MATCH_QUIT)
            break;
        printf("Play again? (yes/no) ");
        fflush(stdout);
        const char *ans = read_line();
        if (!ans || (*ans != 'y' && *ans != 'Y'))
            break;
        seed++;
    }
    fflush(stdout);
    return status;
}
