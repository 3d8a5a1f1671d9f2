/*
 * play_game.c - one match of `leastscore play`: the engine state, the
 * computer players, the record and the file it is saved to.
 *
 * Every move goes through play_game_apply(), which keeps three things in
 * step: the state, the record (one line per applied move) and what each
 * computer player knows (its own view after the move and the public event,
 * with a drawn card shown only to its drawer). Bots never see the state,
 * only ls_view_of() their seat.
 *
 * The record is written to its file whole (it is small) when the match is
 * made, after each deal and each move (play_game_save_step: the front ends
 * call it), at the end of each round and when the front end stops, so a
 * crash or a kill -9 loses at most the move being made, and a file that
 * cannot be written is known before anything is played. --resume reads such a record back: the state
 * at its end, and the players and the record writer rebuilt by replaying
 * it through the same calls as live play (told_deal, told_move).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ai/expert.h"
#include "cli/botproc.h"
#include "cli/cli.h"
#include "cli/play.h"
#include "cli/recfile.h"

/* A path as a message quotes it: shown (cli_shown_n) and, past
 * PATH_SHOWN_MAX bytes, cut in its middle with "...", so that the reason
 * after it ("cannot write PATH: Permission denied") is never cut off with
 * the message's end, whatever the path (4096 bytes of control bytes are
 * shown in 16384), and the message fits the full screen's 400 bytes. */
#define PATH_SHOWN_MAX 200
#define PATH_SHOWN(p) cli_shown_cut((p), strlen(p), PATH_SHOWN_MAX, \
                                    (char[PATH_SHOWN_MAX + 1]){0}, PATH_SHOWN_MAX + 1)

static const char *const bot_names[] = {"Ada", "Ben", "Cleo", "Dev", "Eve",
                                        "Finn", "Gus", "Hana", "Ivo"};

const char *const play_rules[] = {
    "Least Score: have the lowest hand total when someone declares.",
    "Values: A = 1, 2-10 = face value, J Q K = 10.",
    "A turn: discard, then pick up one card: one of the open cards (what the "
    "previous player discarded) or the top card of the deck.",
    "Discards: one card; a pair or four of a kind (never three); a run of "
    "exactly 3 or 5 consecutive ranks (A-2-3 and Q-K-A, not K-A-2); or five "
    "cards of one suit.",
    "Declare instead of playing, from your second turn of a round: everyone "
    "shows their hand. Lowest: you score 0, the others their total minus "
    "yours. Not lowest: you score 20 plus the difference to the lowest, the "
    "others 0. A tie: see this table's rules.",
    "Scores add up; a player above the threshold is out; the last one in wins.",
    NULL,
};

void play_table_rules(const ls_rules *r, char *buf, size_t size)
{
    char pts[24], decl[40];
    if (r->declare_max > 0)
        snprintf(decl, sizeof decl, "declare at %d or less", r->declare_max);
    else
        snprintf(decl, sizeof decl, "declare at any total");
    /* The turn limit only when it is not the default, which real play
     * never reaches: a table of --max-turns 6 is warned of its showdown. */
    char turns[64] = "";
    if (r->max_turns != LS_DEFAULT_MAX_TURNS)
        snprintf(turns, sizeof turns, "; a round ends in a showdown after %d turn%s",
                 r->max_turns, r->max_turns == 1 ? "" : "s");
    snprintf(buf, size, "This table: out above %s; %s. Runs of %s; %s; %d cards "
             "dealt%s.", play_points(r->threshold, pts, sizeof pts),
             r->tie_penalty ? "a tie makes the declaration false"
                            : "a tie counts as lowest",
             r->runs_suited ? "one suit" : "any suits", decl, r->hand_size, turns);
}

/* Whether seat a's place is before seat b's: out later (still in is the
 * latest), or out in the same round with a lower score. */
static bool place_before(const ls_state *s, const int *out_round, int a, int b)
{
    unsigned ka = out_round[a] ? (unsigned)out_round[a] : UINT_MAX;
    unsigned kb = out_round[b] ? (unsigned)out_round[b] : UINT_MAX;
    return ka > kb || (ka == kb && ls_score(s, a) < ls_score(s, b));
}

/* A seat's place is one more than the number of seats placed before it;
 * then an insertion sort by place and seat: there are at most 8 players. */
int play_places(const ls_state *s, const int *out_round, play_place *out)
{
    int n = ls_players(s);
    for (int i = 0; i < n; i++) {
        play_place p = {.seat = i, .place = 1, .out_round = out_round[i]};
        for (int j = 0; j < n; j++)
            p.place += place_before(s, out_round, j, i);
        int k = i;
        for (; k > 0 && out[k - 1].place > p.place; k--)
            out[k] = out[k - 1];
        out[k] = p;
    }
    return n;
}

size_t play_wrap(const char *s, size_t n, int room)
{
    if (cli_text_width(s, n) <= room)
        return n;
    size_t fit = 0, k;
    int w = 0;
    for (size_t i = 0; i < n; i += k) {
        if (s[i] == ' ' && i > 0 && s[i - 1] != ' ' && w <= room)
            fit = i;
        w += cli_char_cols(s + i, n - i, &k);
        if (w > room)
            break;
    }
    return fit;
}

static uint64_t splitmix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

uint64_t play_random_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return splitmix((uint64_t)ts.tv_sec * 1000000007ull ^ (uint64_t)ts.tv_nsec ^
                    ((uint64_t)getpid() << 32));
}

const char *play_cards(ls_cards set, char *buf, size_t size)
{
    ls_cards_str(set, buf, size);
    return buf;
}

const char *play_points(int n, char *buf, size_t size)
{
    snprintf(buf, size, "%d point%s", n, n == 1 || n == -1 ? "" : "s");
    return buf;
}

bool play_lowest_hand(const ls_round_result *r, int seat)
{
    if (seat < 0 || seat >= LS_MAX_PLAYERS || !(r->players >> seat & 1))
        return false;
    for (int i = 0; i < LS_MAX_PLAYERS; i++)
        if ((r->players >> i & 1) && r->hand_total[i] < r->hand_total[seat])
            return false;
    return true;
}

void play_score_reason(const play_game *g, const ls_round_result *r, int seat,
                       int name_w, char *buf, size_t size)
{
    int d = r->declarer < 0 ? r->lowest : r->declarer;
    int low = -1; /* the lowest hand among the others */
    for (int i = 0; i < ls_players(g->s); i++)
        if (i != d && (r->players >> i & 1) &&
            (low < 0 || r->hand_total[i] < r->hand_total[low]))
            low = i;
    bool tie = low >= 0 && r->hand_total[low] == r->hand_total[d];
    if (seat == d && r->declarer < 0)
        snprintf(buf, size, "%s", name_w < 0 ? "lowest, turn limit"
                                             : "lowest at the turn limit");
    else if (seat == d && r->correct && name_w < 0)
        snprintf(buf, size, "declared, %s", tie ? "tie" : "lowest");
    else if (seat == d && r->correct)
        snprintf(buf, size, "declared, lowest%s", tie ? " (tie)" : "");
    else if (seat == d && name_w < 0)
        snprintf(buf, size, "20 + (%d - %d)", r->hand_total[d], r->hand_total[low]);
    else if (seat == d && low == 0) /* the human, spoken to as elsewhere */
        snprintf(buf, size, "20 + (%d - your %d)", r->hand_total[d], r->hand_total[low]);
    else if (seat == d)
        snprintf(buf, size, "20 + (%d - %.*s's %d)", r->hand_total[d],
                 name_w > 0 ? name_w : LS_NAME_MAX, ls_name(g->s, low),
                 r->hand_total[low]);
    else if (r->correct)
        snprintf(buf, size, "%d - %d", r->hand_total[seat], r->hand_total[d]);
    else
        snprintf(buf, size, "%s", seat == low ? "lowest hand" : "declaration false");
}

/* mkdir -p for the directory part of path. */
static int make_parent_dirs(const char *path)
{
    char dir[PLAY_PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return 0;
    *slash = '\0';
    return cli_mkdir_p(dir);
}

/* The directory of the matches saved without --record. Without HOME it
 * is leastscore-games in the current directory, written whole, so that the
 * path printed and the command that goes on with the match work from any
 * other directory too. */
static void games_dir(char *out, size_t size)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    char *cwd = NULL;
    if (xdg && *xdg == '/')
        snprintf(out, size, "%s/leastscore/games", xdg);
    else if (home && *home)
        snprintf(out, size, "%s/.local/share/leastscore/games", home);
    else if ((cwd = getcwd(NULL, 0)) != NULL && /* glibc allocates it */
             strlen(cwd) + sizeof "/leastscore-games" + 32 < size) /* + a name */
        snprintf(out, size, "%s/leastscore-games", strcmp(cwd, "/") ? cwd : "");
    else
        snprintf(out, size, "leastscore-games");
    free(cwd);
}

/*
 * A record in play is locked, so that a second leastscore play cannot
 * resume it (or --record over it) while the first goes on, each saving
 * over the other's moves. Every save renames a new file over the record,
 * so the lock is not on the record but on PATH.lock beside it (flock),
 * which holds the player's process id for the message. The kernel drops
 * the lock when the process ends, however it ends: a file left by a kill
 * is simply locked again. A file system without locks plays unlocked.
 *
 * Under the lock a save writes its new file at a fixed name, PATH.saving
 * (temp_path), which only the lock's holder touches; a kill in the middle
 * of a save leaves that file, and the next game that takes the lock
 * removes it. A random name (mkstemp, as an unlocked save still uses) left
 * by a kill stayed beside the record for ever: nothing could tell it from
 * a file of the user's.
 */
/* path with suffix after it, into out (size bytes): a file beside the
 * record. A file's name has at most NAME_MAX (255) bytes, so that beside
 * a record of 249 to 255 (a name it may have) "NAME.XXXXXX",
 * "NAME.saving" and "NAME.lock" could not be made: the save failed ('File name too long')
 * and the lock was not taken. Then the name is cut and, where the file
 * must be the record's own (its lock, its new file), a hash of the whole
 * name added. */
static void beside(const char *path, const char *suffix, bool hashed, char *out,
                   size_t size)
{
    const char *slash = strrchr(path, '/'), *name = slash ? slash + 1 : path;
    size_t nlen = strlen(name), slen = strlen(suffix);
    if (nlen + slen <= NAME_MAX) {
        snprintf(out, size, "%s%s", path, suffix);
        return;
    }
    uint32_t h = 2166136261u; /* FNV-1a */
    for (const char *p = name; *p; p++)
        h = (h ^ (unsigned char)*p) * 16777619u;
    size_t keep = NAME_MAX - slen - (hashed ? 9 : 0);
    char tag[16] = "";
    if (hashed)
        snprintf(tag, sizeof tag, "-%08x", (unsigned)h);
    snprintf(out, size, "%.*s%s%s", (int)(name - path + keep), path, tag, suffix);
}

/* The file beside the record whose name ends in suffix (".lock",
 * ".saving"): through a symbolic link, beside the file it names, where the
 * saves go (replace_file): the link and the file's own name are one
 * record. */
static void record_beside(const char *path, const char *suffix, char *out, size_t size)
{
    struct stat st;
    char real[PATH_MAX];
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && realpath(path, real))
        path = real;
    beside(path, suffix, true, out, size);
}

static void lock_path(const char *path, char *out, size_t size)
{
    record_beside(path, ".lock", out, size);
}

/* The new file of a save made under the lock (replace_file). */
static void temp_path(const char *path, char *out, size_t size)
{
    record_beside(path, ".saving", out, size);
}

/* Whether another process holds the lock of the record at path; its
 * process id (or "") in pid. */
static bool record_in_play(const char *path, char *pid, size_t size)
{
    char lp[PATH_MAX + 8];
    lock_path(path, lp, sizeof lp);
    if (size)
        *pid = '\0';
    int fd = open(lp, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    bool held = flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    if (held && size) {
        ssize_t n = read(fd, pid, size - 1);
        pid[n > 0 ? n : 0] = '\0';
        pid[strcspn(pid, "\n")] = '\0';
    }
    close(fd);
    return held;
}

/*
 * Why PATH.lock (lp) could not be opened, errno still open()'s: 0 when
 * nothing is there and the directory cannot be written (read-only, or
 * not the player's), as no save can be made there either and the first
 * save refuses, saying so and what to do (--record NEWFILE); else -1,
 * msg saying what is in the lock's place: a directory, a symbolic link
 * (never followed: the lock would be made or written where it points),
 * a file the player may not even read. The game went on unlocked there
 * and said nothing, so that two games could save over each other's
 * moves.
 */
static int lock_in_the_way(play_game *g, const char *lp, char *msg, size_t size)
{
    int e = errno;
    struct stat st;
    if (lstat(lp, &st) != 0)
        return 0;
    char what[80];
    if (S_ISDIR(st.st_mode))
        snprintf(what, sizeof what, "is a directory");
    else if (S_ISLNK(st.st_mode))
        snprintf(what, sizeof what, "is a symbolic link");
    else
        snprintf(what, sizeof what, "cannot be opened (%s)", strerror(e));
    snprintf(msg, size, "cannot lock %s: %s, where its lock goes, %s (the lock keeps a "
             "second game from saving over this one); move it away, then play again",
             PATH_SHOWN(g->path), PATH_SHOWN(lp), what);
    return -1;
}

static int lock_record(play_game *g, char *msg, size_t size)
{
    /* A record that is no regular file (/dev/stdout, a pipe) is written
     * to as it is, and no file is made beside it. */
    struct stat st;
    if (stat(g->path, &st) == 0 && !S_ISREG(st.st_mode))
        return 0;
    char lp[PATH_MAX + 8];
    lock_path(g->path, lp, sizeof lp);
    /* Taken on a file that was unlinked meanwhile (its holder ending),
     * the lock is taken again on the new one. */
    for (int tries = 0; tries < 8; tries++) {
        int fd = open(lp, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
        /* A lock file the player may not write (another user's, left by
         * a kill, or one on a read-only file system, where the first save
         * then says why) is locked all the same: flock() needs no write
         * access; the process id is then not written. */
        if (fd < 0 && (errno == EACCES || errno == EROFS))
            fd = open(lp, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            return lock_in_the_way(g, lp, msg, size);
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            int e = errno;
            close(fd);
            if (e != EWOULDBLOCK)
                return 0;
            char pid[32];
            record_in_play(g->path, pid, sizeof pid);
            snprintf(msg, size, "%s is being played by another leastscore play%s%s%s; "
                     "go on there, or quit that one first", PATH_SHOWN(g->path),
                     *pid ? " (process " : "", pid, *pid ? ")" : "");
            return -1;
        }
        struct stat held, now;
        if (fstat(fd, &held) == 0 && stat(lp, &now) == 0 && held.st_ino == now.st_ino &&
            held.st_dev == now.st_dev) {
            char pid[32];
            int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
            if (ftruncate(fd, 0) != 0 || write(fd, pid, (size_t)n) != n) {
                /* the lock holds without the number */
            }
            g->lockfd = fd;
            g->locked = true;
            /* What a save cut short by a kill left: this lock's to remove
             * (unlink removes a symbolic link, not what it names). */
            char tp[PATH_MAX + 16];
            temp_path(g->path, tp, sizeof tp);
            unlink(tp);
            return 0;
        }
        close(fd);
    }
    return 0;
}

static void unlock_record(play_game *g)
{
    if (!g->locked)
        return;
    char lp[PATH_MAX + 8];
    lock_path(g->path, lp, sizeof lp);
    unlink(lp);
    close(g->lockfd);
    g->locked = false;
}

/* Whether name is one default_path() gives: "YYYY-MM-DD-HHMMSS.lsr",
 * or with "-N" before ".lsr". */
static bool default_name(const char *name)
{
    size_t len = strlen(name);
    if (len < sizeof "2000-01-01-000000.lsr" - 1 || strcmp(name + len - 4, ".lsr") != 0)
        return false;
    for (size_t i = 0; i < len - 4; i++)
        if (!isdigit((unsigned char)name[i]) && name[i] != '-')
            return false;
    return true;
}

/*
 * The records of the games directory that no game ever saved: a new game
 * takes its file's name (the file empty) before its first save, so one
 * killed before that save (or during it: then NAME.saving beside it too)
 * left an empty file there for ever, which --continue passes over. Each
 * empty regular file with a name default_path() gives is removed, with
 * its NAME.saving (lock_record), under NAME's lock: a game takes that lock
 * before it makes its file (default_path) and keeps it to its end, so a
 * game starting now, its file still empty, holds it and is left alone;
 * so is a file with anything in it, or with another name. O(files in
 * the directory), once a new game there.
 */
static void remove_unplayed(const char *dir)
{
    DIR *d = opendir(dir);
    play_game *probe = calloc(1, sizeof *probe);
    struct dirent *e;
    while (d && probe && (e = readdir(d)) != NULL) {
        struct stat st;
        if (!default_name(e->d_name) ||
            fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
            !S_ISREG(st.st_mode) || st.st_size != 0)
            continue;
        char busy[PATH_SHOWN_MAX + 160];
        int n = snprintf(probe->path, sizeof probe->path, "%s/%s", dir, e->d_name);
        if (n < 0 || (size_t)n >= sizeof probe->path)
            continue;
        if (lock_record(probe, busy, sizeof busy) != 0 || !probe->locked)
            continue; /* a game holds it (starting now), or no lock here */
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
            S_ISREG(st.st_mode) && st.st_size == 0)
            unlinkat(dirfd(d), e->d_name, 0);
        unlock_record(probe);
    }
    free(probe);
    if (d)
        closedir(d);
}

/* $XDG_DATA_HOME/leastscore/games/<local time>.lsr (or under
 * ~/.local/share), with -2, -3... when that name is taken, into g->path,
 * its lock taken (lock_record) before the file is made (empty), so that
 * two games started in the same second cannot both take one name, and
 * so that the file is never empty and unlocked while its game lives
 * (remove_unplayed() removes such a file). What earlier games killed
 * before their first save left there is removed first. */
static int default_path(play_game *g)
{
    char base[PLAY_PATH_MAX - 64];
    games_dir(base, sizeof base);
    remove_unplayed(base);
    char stamp[32];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M%S", &tm);
    for (int i = 1; i < 1000; i++) {
        if (i == 1)
            snprintf(g->path, sizeof g->path, "%s/%s.lsr", base, stamp);
        else
            snprintf(g->path, sizeof g->path, "%s/%s-%d.lsr", base, stamp, i);
        if (i == 1 && make_parent_dirs(g->path) != 0)
            return -1;
        char busy[PATH_SHOWN_MAX + 160];
        if (lock_record(g, busy, sizeof busy) != 0)
            continue; /* a game is starting at this name now */
        int fd = open(g->path, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd >= 0)
            return close(fd);
        int e = errno;
        unlock_record(g);
        errno = e;
        if (e != EEXIST)
            return -1;
    }
    return -1;
}

/* The first of path's leading directories that is there and is no
 * directory (a file in a directory's place), into out; false when there
 * is none (then the error says it alone). */
static bool file_in_the_way(const char *path, char *out, size_t size)
{
    snprintf(out, size, "%s", path);
    for (char *p = strchr(out + 1, '/'); p; p = strchr(p + 1, '/')) {
        struct stat st;
        *p = '\0';
        if (stat(out, &st) == 0 && !S_ISDIR(st.st_mode))
            return true;
        if (stat(out, &st) != 0)
            return false;
        *p = '/';
    }
    return false;
}

typedef struct saved_file {
    struct timespec mtime;
    char name[256];
} saved_file;

/* Newest first; files changed in the same instant by name, later first
 * (the names are the times the matches began). */
static int newer_first(const void *pa, const void *pb)
{
    const saved_file *a = pa, *b = pb;
    if (a->mtime.tv_sec != b->mtime.tv_sec)
        return a->mtime.tv_sec < b->mtime.tv_sec ? 1 : -1;
    if (a->mtime.tv_nsec != b->mtime.tv_nsec)
        return a->mtime.tv_nsec < b->mtime.tv_nsec ? 1 : -1;
    return -strcmp(a->name, b->name);
}

/* Whether the file name in the directory dfd is a valid record of a
 * match that is not over: 1, or 0 for a match that is over or a file
 * that is not there (or no regular file) when opened, or -1 for one that
 * cannot be read or is not a valid record, with why in why (size bytes,
 * "PATH:LINE:COLUMN: reason" as --resume says it; path is the file's).
 * An empty file holds no match: 0, passed over without a word.
 * Opened first, without blocking or following a
 * link, then judged by its descriptor: a named pipe or a link put there
 * after the directory was listed is passed over, where opening by the
 * name that stat() had found a regular file blocked for ever (a pipe with
 * no writer) or read another file (a link). */
static int unfinished(int dfd, const char *name, const char *path, char *why,
                      size_t size)
{
    size_t len;
    int fd = openat(dfd, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0 && (errno == ENOENT || errno == ELOOP))
        return 0;
    if (fd < 0) {
        snprintf(why, size, "cannot read %s: %s", PATH_SHOWN(path), strerror(errno));
        return -1;
    }
    char *text = cli_record_read(fd, PATH_SHOWN(path), &len, why, size);
    close(fd);
    if (!text)
        return errno == EINVAL ? 0 : -1; /* no regular file: not a record */
    if (len == 0) {
        /* A name default_path() made, the game killed before its first
         * save, or a game starting now: no match, nothing to tell. It was
         * told as not valid on every --continue, for ever. */
        free(text);
        return 0;
    }
    ls_state *s = NULL;
    ls_error err = {0};
    int rc = ls_record_read(text, len, &s, NULL, NULL, &err);
    int open = rc == 0 && ls_phase(s) != LS_PHASE_OVER;
    if (rc != 0 && err.column > 0)
        snprintf(why, size, "%s:%d:%d: %s", PATH_SHOWN(path), err.line, err.column,
                 err.msg[0] ? err.msg : ls_strerror(rc));
    else if (rc != 0)
        snprintf(why, size, "%s:%d: %s", PATH_SHOWN(path), err.line,
                 err.msg[0] ? err.msg : ls_strerror(rc));
    ls_state_free(s);
    free(text);
    return rc != 0 ? -1 : open;
}

/*
 * The .lsr files of the games directory are listed with their times (a
 * directory of thousands of matches costs a list of names), then read
 * newest first until one holds an unfinished match, at most UNFINISHED_MAX
 * of them, so that a directory of finished matches is not read whole.
 * Only regular files count, not links (play saves none there): a link
 * would have the match go on, and be saved, in another directory.
 * A record passed over because it is not valid is told, the newest
 * one with its line and reason (in msg on success too, then the only
 * text there: the caller prints it), so that a record broken by hand is
 * never passed over without a word, an older match going on instead.
 */
#define UNFINISHED_MAX 50
int play_last_unfinished(char *path, size_t size, char *msg, size_t msize)
{
    char dir[PLAY_PATH_MAX - 300];
    games_dir(dir, sizeof dir);
    *msg = '\0';
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(msg, msize, "no match has been saved in %s (%s)", dir, strerror(errno));
        return -1;
    }
    saved_file *files = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        struct stat st;
        if (len < 5 || len >= sizeof files->name || strcmp(e->d_name + len - 4, ".lsr"))
            continue;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
            !S_ISREG(st.st_mode))
            continue;
        if (n == cap) {
            saved_file *more = realloc(files, (cap = cap ? 2 * cap : 64) * sizeof *files);
            if (!more)
                break;
            files = more;
        }
        files[n].mtime = st.st_mtim;
        snprintf(files[n++].name, sizeof files->name, "%s", e->d_name);
    }
    if (n)
        qsort(files, n, sizeof *files, newer_first);
    int rc = -1, in_play = 0, bad = 0;
    char first_bad[PATH_SHOWN_MAX + 320] = "", why[sizeof first_bad];
    for (size_t i = 0; rc != 0 && i < n && i < UNFINISHED_MAX; i++) {
        snprintf(path, size, "%s/%s", dir, files[i].name);
        int open = unfinished(dirfd(d), files[i].name, path, why, sizeof why);
        if (open < 0 && bad++ == 0)
            snprintf(first_bad, sizeof first_bad, "%s", why);
        if (open <= 0)
            continue;
        if (record_in_play(path, NULL, 0))
            in_play++;
        else
            rc = 0;
    }
    free(files);
    closedir(d);
    char note[sizeof first_bad + 48] = ""; /* the records not valid, for a refusal */
    if (bad)
        snprintf(note, sizeof note, "%d not valid%s: %s", bad, bad > 1 ? ", the newest" : "",
                 first_bad);
    if (rc == 0 && bad)
        snprintf(msg, msize, "passed over a newer record that is not valid: %s%s",
                 first_bad, bad > 1 ? " (and more: 'leastscore replay FILE' says why)" : "");
    else if (rc != 0 && in_play)
        snprintf(msg, msize, "%s unfinished match%s saved in %s %s being played by "
                 "another leastscore play now; go on there%s%s%s", in_play == 1 ? "the" : "every",
                 in_play == 1 ? "" : "es", dir, in_play == 1 ? "is" : "are",
                 bad ? " (" : "", note, bad ? ")" : "");
    else if (rc != 0)
        snprintf(msg, msize, "no unfinished match is saved in %s (%s%zu record%s "
                 "read%s%s); a match saved elsewhere with --record goes on with "
                 "--resume FILE", dir, n > UNFINISHED_MAX ? "the newest " : "",
                 n < UNFINISHED_MAX ? n : UNFINISHED_MAX, n == 1 ? "" : "s",
                 bad ? "; " : "", note);
    return rc;
}

/* FILE for the first match, FILE-N (before any extension) for the Nth.
 * Where FILE-N's name would pass NAME_MAX (255 bytes: FILE's own name may
 * have up to that), the part before "-N" is cut between two characters
 * and a hash of FILE's whole name put after it, as beside() does, so that
 * the name can be made and two long names alike in their first bytes
 * stay apart: "aaa...a-1b2c3d4e-2.lsr". An "extension" of NAME_MAX / 2
 * bytes or more is rather the name's tail, and is cut with the rest (it
 * was dropped, "x.bbb...b" giving "x-1b2c3d4e-2"). */
static void numbered_path(const char *file, int number, char *out, size_t size)
{
    const char *slash = strrchr(file, '/'), *dot = strrchr(file, '.');
    const char *name = slash ? slash + 1 : file;
    if (number <= 1) {
        snprintf(out, size, "%s", file);
        return;
    }
    if (!dot || dot == file || dot <= name)
        dot = file + strlen(file);
    char num[16];
    int nlen = snprintf(num, sizeof num, "-%d", number);
    size_t stem = (size_t)(dot - name), ext = strlen(dot);
    if (stem + (size_t)nlen + ext <= NAME_MAX) {
        snprintf(out, size, "%.*s%s%s", (int)(dot - file), file, num, dot);
        return;
    }
    uint32_t h = 2166136261u; /* FNV-1a */
    for (const char *p = name; *p; p++)
        h = (h ^ (unsigned char)*p) * 16777619u;
    if (ext >= NAME_MAX / 2) {
        stem += ext;
        dot += ext;
        ext = 0;
    }
    size_t room = NAME_MAX - (size_t)nlen - 9 - ext;
    size_t keep = stem < room ? stem : room;
    while (keep > 0 && keep < stem && ((unsigned char)name[keep] & 0xC0) == 0x80)
        keep--; /* name[keep], the first byte left out, starts a character */
    snprintf(out, size, "%.*s-%08x%s%s", (int)(name - file + keep), file, (unsigned)h, num, dot);
}

/*
 * botproc's report ("bot 'COMMAND' (Ada): died (exit status 3); the
 * fallback plays for it until the match ends") as a player reads it: which
 * seat's bot, what it did, who plays instead ("Ada's bot: died (exit status
 * 3); greedy plays for it until the match ends").
 */
/* The failure alone, past botproc's "bot 'COMMAND' (Ada): " (or "bot
 * 'COMMAND': " before the handshake, where no seat is named), the
 * command shown as botproc shows it: a search for "': " found one inside
 * a command that holds it, and reported the command's tail as the
 * failure. msg itself when it does not start so. */
static const char *bot_failure(const char *msg, const char *level, const char *name)
{
    char shown[4 * CLI_BOT_COMMAND_MAX + 1];
    if (strncmp(level, "cmd:", 4) != 0 || strncmp(msg, "bot '", 5) != 0)
        return msg;
    cli_shown_n(level + 4, strlen(level + 4), shown, sizeof shown);
    size_t n = strlen(shown), k = strlen(name);
    const char *p = msg + 5;
    if (strncmp(p, shown, n) != 0 || p[n] != '\'')
        return msg;
    p += n + 1;
    if (!strncmp(p, " (", 2) && !strncmp(p + 2, name, k) && p[2 + k] == ')')
        p += 3 + k;
    return strncmp(p, ": ", 2) == 0 ? p + 2 : msg;
}

/* A bot's failure (bot_report's "Ada's bot: WHAT 'QUOTE'; greedy plays
 * ...") copied into buf (size bytes); see play.h. The ending is from the
 * "; " before the last "greedy plays"; the quote before it is the head's
 * end, its closing "'" or "')" kept when the cut is inside it. Whatever is cut, the cut is at a
 * whole character or escape (ls_printable_cut): byte by byte, it stopped
 * inside an escape ('\x0') or a UTF-8 character. */
void play_cut_report(char *buf, size_t size, const char *text, const char *ellipsis)
{
    size_t len = strlen(text), mark = strlen(ellipsis);
    if (size == 0)
        return;
    if (len < size) {
        memcpy(buf, text, len + 1);
        return;
    }
    const char *fb = NULL, *tail = NULL;
    for (const char *p = strstr(text, "greedy plays"); p; p = strstr(p + 1, "greedy plays"))
        fb = p;
    for (const char *p = strstr(text, "; "); p && p < fb; p = strstr(p + 1, "; "))
        tail = p;
    size_t head = tail ? (size_t)(tail - text) : 0;
    size_t close = !tail ? 0
                 : head >= 2 && !strncmp(tail - 2, "')", 2) ? 2
                 : head >= 1 && tail[-1] == '\'' ? 1 : 0;
    size_t keep = tail ? strlen(tail) + close + mark + 1 : 0;
    if (!tail || keep >= size / 2) { /* no ending, or no room to quote: cut at the end */
        size_t b = ls_printable_cut(text, size > mark + 1 ? size - mark - 1 : 0);
        snprintf(buf, size, "%.*s%s", (int)b, text, ellipsis);
        return;
    }
    char quote[PLAY_REPORT_MAX];
    snprintf(quote, sizeof quote, "%.*s", (int)(head - close), text);
    size_t b = ls_printable_cut(quote, size - keep);
    /* A cut before the quote's opening "'" (one after a blank or "(")
     * keeps no closing mark: "its stderr'...'" looked like a quote. */
    size_t open = 0;
    for (size_t i = head - close; close && i-- > 0;)
        if (text[i] == '\'' && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '(')) {
            open = i;
            break;
        }
    if (b <= open)
        close = 0;
    snprintf(buf, size, "%.*s%s%.*s%s", (int)b, quote, ellipsis, (int)close,
             text + head - close, tail);
}

/* A bot's failure as play tells it: "Ada's bot: WHAT", where botproc's
 * "the fallback" is greedy. A text too long for its buffer is cut inside
 * its last quote, its ending (what happens next) whole (play_cut_report):
 * cut at its end, a long quote took "; greedy plays this turn". */
static void bot_report(void *ud, const char *msg)
{
    const play_seat_ref *ref = ud;
    play_game *g = ref->g;
    const char *name = ref->name; /* g->s is not there yet during a --resume */
    const char *what = bot_failure(msg, g->opts->levels[ref->seat - 1], name);
    /* botproc's own words, after what it quotes of the bot: the last
     * "the fallback" (a bot that answered 'the fallback plays' was quoted
     * 'greedy plays'). */
    const char *fb = "the fallback", *at = NULL;
    for (const char *p = strstr(what, fb); p; p = strstr(p + 1, fb))
        at = p;
    char text[PLAY_REPORT_MAX], out[700];
    if (at)
        snprintf(text, sizeof text, "%s's bot: %.*sgreedy%s", name, (int)(at - what),
                 what, at + strlen(fb));
    else
        snprintf(text, sizeof text, "%s's bot: %s", name, what);
    play_cut_report(out, sizeof out, text, "...");
    if (g->report)
        g->report(g->report_ud, out);
}

/* The record's first comments: the seed the match was started with (when
 * known) and each computer player's level ("level Ada greedy"), which
 * --resume reads back. From the players made (make_bots), as g->s is not
 * there yet while a --resume reads the record. */
static void level_comments(play_game *g)
{
    char line[LS_NAME_MAX + CLI_SPEC_MAX + 16];
    for (int i = 1; i < LS_MAX_PLAYERS && g->bots[i]; i++) {
        snprintf(line, sizeof line, "level %s %s", g->refs[i].name,
                 g->opts->levels[i - 1]);
        ls_record_comment(g->rec, line);
    }
}

static void header_comments(play_game *g, bool have_seed, uint64_t seed)
{
    char line[64];
    snprintf(line, sizeof line, "leastscore play, seed %llu", (unsigned long long)seed);
    if (have_seed)
        ls_record_comment(g->rec, line);
    level_comments(g);
}

/* What the computer players and the advisor are told of a deal and of a
 * move, in live play and when a record is replayed for --resume: s is the
 * match just after it. */
static void told_deal(play_game *g, const ls_state *s);
static void told_move(play_game *g, const ls_state *s, int seat, ls_move m);
static int first_save(play_game *g, char *msg, size_t size);

/* The computer players of the match s (its seats 1..n-1), of the levels
 * in g->opts, seeded from seed. 0, or -1 with msg set. */
static int make_bots(play_game *g, const ls_state *s, uint64_t seed, char *msg,
                     size_t size)
{
    ls_error err = {0};
    for (int i = 1; i < ls_players(s); i++) {
        g->refs[i] = (play_seat_ref){g, i, ""};
        snprintf(g->refs[i].name, sizeof g->refs[i].name, "%s", ls_name(s, i));
        cli_player_opts po = {.bot_timeout_ms = g->opts->bot_timeout_ms,
                              .report = bot_report, .report_ud = &g->refs[i],
                              .quiet = g->opts->quiet_bots, .stop = &play_interrupted,
                              /* the full screen answers its keys meanwhile */
                              .wake = g->opts->bots_wake, .wake_fd = STDIN_FILENO,
                              .woken = &play_resized, .handshake_later = true};
        g->bots[i] = cli_player_new(g->opts->levels[i - 1], splitmix(seed + (uint64_t)i),
                                    &po, &err);
        if (!g->bots[i]) {
            snprintf(msg, size, "%s", err.msg);
            return -1;
        }
        /* Ctrl-C answers at once during a long think (play_game_bot_move). */
        g->stoppable[i] = ls__expert_set_stop(g->bots[i], &play_stop);
    }
    /* All the bots started, their answers are waited for together. */
    cli_bots_handshake(g->bots + 1, ls_players(s) - 1);
    return 0;
}

/* The value of the record's comment "# KEY..." on the first (or, when
 * `last`, the last) line that starts so, after "# " and KEY, into out
 * (size bytes, cut to fit, NUL-terminated; a NUL byte of the value is
 * copied as it is, and *copied, when copied is not NULL, says how many
 * bytes were, *whole how long the value is); returns that
 * line's number (from 1), as a message names it, or 0 if there is none.
 * Lines end as the reader ends them: in LF, CRLF or a CR alone, never
 * at a NUL byte. */
/* Where the value starts in the n bytes of line when it is the comment
 * "# KEY VALUE" (key holds its words and the space after the last), else
 * 0. Blanks are read as a statement's are: any run of spaces and tabs
 * between the words, none or any after '#', so that a record edited by
 * hand ("#level Ada  random") is read as written, not passed over (its
 * player was greedy without a word). */
static size_t comment_key(const char *line, size_t n, const char *key)
{
    if (n == 0 || line[0] != '#')
        return 0;
    size_t i = 1 + strspn(line + 1, " \t");
    for (const char *k = key; *k; k++) {
        if (*k != ' ') {
            if (i >= n || line[i++] != *k)
                return 0;
            continue;
        }
        size_t b = i;
        while (i < n && (line[i] == ' ' || line[i] == '\t'))
            i++;
        if (i == b && (k[1] || i < n))
            return 0; /* no blank after a word ("# level Adam" is not Ada's) */
    }
    return i;
}

static int record_comment(const char *text, size_t len, const char *key, bool last,
                          char *out, size_t size, size_t *copied, size_t *whole)
{
    int found = 0, number = 0;
    for (size_t pos = 0; pos < len;) {
        const char *line = text + pos;
        size_t n = 0;
        while (n < len - pos && line[n] != '\r' && line[n] != '\n')
            n++;
        pos += n + (n + 1 < len - pos && line[n] == '\r' && line[n + 1] == '\n' ? 2 : 1);
        number++;
        size_t at = comment_key(line, n, key);
        if (!at)
            continue;
        while (n > at && (line[n - 1] == ' ' || line[n - 1] == '\t'))
            n--; /* an editor's trailing blanks are no part of the value */
        n -= at;
        if (whole)
            *whole = n;
        if (n >= size)
            n = size - 1;
        memcpy(out, line + at, n);
        out[n] = '\0';
        if (copied)
            *copied = n;
        found = number;
        if (!last)
            break;
    }
    return found;
}

/*
 * --resume reads its record once, statement by statement, under the lock
 * of the file it saves to: when the players are known, the table is set
 * from them (play_opts: the human's name, the rules, each computer
 * player's level) and the players and the record writer are made; every
 * deal and move is then given to them as live play gives it. (It was read
 * before the lock was taken, so a game that held the lock could save its
 * last moves after the reading, and the resumed game's saves drop them;
 * and its text was parsed three times.)
 */
typedef struct resume_ctx {
    play_game *g;
    play_opts *o;
    uint64_t seed;
    uint64_t first_seed; /* of the record's "leastscore play, seed N", or 0 */
    bool have_seed;
    char *msg;           /* why a hook stopped the reading, or "" */
    size_t size;
} resume_ctx;

/* The most time a decision may take (an expert's ms=) in a level read
 * from a record: 10 s. The level grammar takes up to ms=600000, ten
 * minutes, which a person may choose with --level; a record is only a
 * file, and a hostile one would hold a resumed match for hours. An
 * expert's iters= is bounded alike, at about what ms=10000 searches: the
 * grammar's 10000000 took 72 s for a match; measured on a 2-core machine
 * (sim --json's iterations_per_s for expert:ms=100 and ms=300), the
 * expert ran 340000 to 410000 rollouts a second, 4.1 million in 10 s,
 * rounded up to 5 million. */
enum { RECORD_MS_MAX = 10000, RECORD_ITERS_MAX = 5000000 };
/* An expert's tries= is bounded at its default, 100 (the grammar takes
 * 1000): it samples up to 64 * tries deals of each other hand, and against
 * players the expert's models do not fit (a person, seven random players)
 * tries=1000 made the mean decision five times as long. Under tree=1 the
 * search keeps a node an iteration (tens of bytes) and never stops early:
 * a record's iters= is bounded at 500000 there, some 25 MB of tree and 2 s
 * (measured at 160000 to 260000 iterations a second, sim --json), and its
 * ms= at 2000 alike. rmin= needs no bound: it delays the early stop, never
 * past the budget that ms= and iters= bound. */
enum { RECORD_TRIES_MAX = 100, RECORD_TREE_ITERS_MAX = 500000, RECORD_TREE_MS_MAX = 2000 };

/* The table of the match from the record, into *c->o: see play_game_new()
 * in play.h. 0, or -1 with c->msg set. */
static int resume_table(resume_ctx *c, const ls_state *s)
{
    play_opts *o = c->o;
    const char *text = c->g->resume_text;
    size_t len = c->g->resume_len;
    int n = ls_players(s);
    ls_error err = {0};
    if (o->nlevels > 1 && o->nlevels != n - 1) {
        snprintf(c->msg, c->size, "--resume: --level names %d players but the match "
                 "in %s has %d computer player%s", o->nlevels, PATH_SHOWN(o->resume), n - 1,
                 n == 2 ? "" : "s");
        return -1;
    }
    o->nbots = n - 1;
    snprintf(o->name, sizeof o->name, "%s", ls_name(s, 0));
    o->rules = *ls_state_rules(s);
    for (int i = 1; i < n; i++) {
        char key[LS_NAME_MAX + 16], *spec = o->levels[i - 1];
        if (o->nlevels == 1)
            memcpy(spec, o->levels[0], CLI_SPEC_MAX);
        if (o->nlevels > 0)
            continue;
        snprintf(key, sizeof key, "level %s ", ls_name(s, i));
        /* The last: a resume with --level writes the levels it set. Its
         * line is named as a record's errors name theirs. */
        size_t vlen = 0, whole = 0;
        int line = record_comment(text, len, key, true, spec, CLI_SPEC_MAX, &vlen, &whole);
        char shown[4 * CLI_SPEC_MAX]; /* the file's text: no control byte raw */
        cli_level level;
        if (!line) {
            snprintf(spec, CLI_SPEC_MAX, "greedy");
        } else if (whole > vlen) {
            /* Its head alone was read: said as a spec too long, its length
             * was the head's. */
            size_t cut = ls_printable_cut(ls_printable_n(spec, vlen, shown, sizeof shown), 40);
            snprintf(c->msg, c->size, "--resume: %s:%d: %s's level '%.*s...' is %zu bytes "
                     "long, more than the %d bytes a level is read to; give one with "
                     "--level", PATH_SHOWN(o->resume), line, ls_name(s, i), (int)cut, shown,
                     whole, CLI_SPEC_MAX - 1);
            return -1;
        } else if (memchr(spec, '\0', vlen)) {
            /* Taken to its NUL, 'gre' NUL 'edy' was "unknown player kind 'gre'". */
            snprintf(c->msg, c->size, "--resume: %s:%d: %s's level '%s' holds a NUL "
                     "byte: a record is text; give one with --level",
                     PATH_SHOWN(o->resume), line, ls_name(s, i),
                     ls_printable_n(spec, vlen, shown, sizeof shown));
            return -1;
        } else if (!strncmp(spec, "cmd:", 4)) {
            snprintf(c->msg, c->size, "--resume: %s:%d: %s played '%s', a program, which "
                     "is not started from a record: give it, or another level, with "
                     "--level", PATH_SHOWN(o->resume), line, ls_name(s, i),
                     ls_printable(spec, shown, sizeof shown));
            return -1;
        } else if (cli_player_check(spec, &level, &err) != 0) {
            snprintf(c->msg, c->size, "--resume: %s:%d: %s's level '%s': %s; give one "
                     "with --level", PATH_SHOWN(o->resume), line, ls_name(s, i),
                     ls_printable(spec, shown, sizeof shown), err.msg);
            return -1;
        } else if (level.ms > RECORD_MS_MAX) {
            snprintf(c->msg, c->size, "--resume: %s:%d: %s's level '%s' thinks more than "
                     "%d ms a decision, the most a record's level may give (the match "
                     "could wait hours for it); give it with --level to play it so",
                     PATH_SHOWN(o->resume), line, ls_name(s, i),
                     ls_printable(spec, shown, sizeof shown), RECORD_MS_MAX);
            return -1;
        } else if (level.iters > RECORD_ITERS_MAX) {
            snprintf(c->msg, c->size, "--resume: %s:%d: %s's level '%s' searches more "
                     "than %d rollouts a decision (iters=), the most a record's level "
                     "may give, about what ms=%d searches (the match could wait hours "
                     "for it); give it with --level to play it so",
                     PATH_SHOWN(o->resume), line, ls_name(s, i),
                     ls_printable(spec, shown, sizeof shown), RECORD_ITERS_MAX,
                     RECORD_MS_MAX);
            return -1;
        } else if (level.tries > RECORD_TRIES_MAX) {
            snprintf(c->msg, c->size, "--resume: %s:%d: %s's level '%s' samples more "
                     "than %d deals a hand (tries=), the most a record's level may give, "
                     "the default (the match could wait long for it); give it with "
                     "--level to play it so", PATH_SHOWN(o->resume), line, ls_name(s, i),
                     ls_printable(spec, shown, sizeof shown), RECORD_TRIES_MAX);
            return -1;
        } else if (level.tree && (level.iters > RECORD_TREE_ITERS_MAX ||
                                  level.ms > RECORD_TREE_MS_MAX)) {
            bool it = level.iters > RECORD_TREE_ITERS_MAX;
            snprintf(c->msg, c->size, "--resume: %s:%d: %s's level '%s' grows a search "
                     "tree %s %d %s a decision (tree=1 with %s), the most a record's "
                     "level may give (a tree keeps a node an iteration, and does not "
                     "stop early); give it with --level to play it so",
                     PATH_SHOWN(o->resume), line, ls_name(s, i),
                     ls_printable(spec, shown, sizeof shown),
                     it ? "of more than" : "for more than",
                     it ? RECORD_TREE_ITERS_MAX : RECORD_TREE_MS_MAX,
                     it ? "iterations" : "ms", it ? "iters=" : "ms=");
            return -1;
        }
    }
    return 0;
}

static int rs_players(void *ud, const ls_state *s)
{
    resume_ctx *c = ud;
    if (resume_table(c, s) != 0 || make_bots(c->g, s, c->seed, c->msg, c->size) != 0)
        return LS_EINVAL;
    c->g->rec = ls_record_new(s);
    if (c->g->rec)
        header_comments(c->g, c->have_seed, c->first_seed);
    return 0;
}

static int rs_deal(void *ud, const ls_state *s)
{
    resume_ctx *c = ud;
    if (c->g->rec)
        ls_record_deal(c->g->rec, s);
    told_deal(c->g, s);
    return 0;
}

static int rs_move(void *ud, const ls_state *s, int seat, ls_move m)
{
    resume_ctx *c = ud;
    if (c->g->rec)
        ls_record_move(c->g->rec, s, seat, m);
    told_move(c->g, s, seat, m);
    return 0;
}

/* Match number 1 of a --resume, once g->path is locked: the record read
 * (once), the table, players and record writer made from it, and the
 * state at its end reseeded with `seed` for what comes next. Returns 0,
 * or -1 with msg set ("--resume: ..."). */
static int resume_match(play_game *g, play_opts *o, uint64_t seed, char *msg,
                        size_t size)
{
    char unread[PATH_SHOWN_MAX + 200]; /* in replay's words */
    g->resume_text = cli_record_load(o->resume, PATH_SHOWN(o->resume), &g->resume_len,
                                     unread, sizeof unread);
    if (!g->resume_text) {
        snprintf(msg, size, "--resume: %s", unread);
        return -1;
    }
    resume_ctx c = {.g = g, .o = o, .seed = seed, .msg = msg, .size = size};
    char text[32];
    *msg = '\0';
    if (record_comment(g->resume_text, g->resume_len, "leastscore play, seed ", false,
                       text, sizeof text, NULL, NULL))
        c.have_seed = cli_parse_u64(text, &c.first_seed) == 0;
    ls_record_hooks hooks = {.ud = &c, .players = rs_players, .deal = rs_deal,
                             .move = rs_move};
    ls_error err = {0};
    if (ls_record_replay(g->resume_text, g->resume_len, &hooks, &g->s, NULL, NULL,
                         &err) != 0) {
        const char *why = err.msg[0] ? err.msg : ls_strerror(err.code); /* as replay says it */
        if (!*msg && err.column > 0)
            snprintf(msg, size, "--resume: %s:%d:%d: %s", PATH_SHOWN(o->resume), err.line,
                     err.column, why);
        else if (!*msg)
            snprintf(msg, size, "--resume: %s:%d: %s", PATH_SHOWN(o->resume), err.line,
                     why);
        return -1;
    }
    if (ls_phase(g->s) == LS_PHASE_OVER) {
        snprintf(msg, size, "--resume: the match in %s is over (%s won it): there is "
                 "nothing to resume; 'leastscore replay %s' shows it", PATH_SHOWN(o->resume),
                 ls_name(g->s, ls_winner(g->s)), PATH_SHOWN(o->resume));
        return -1;
    }
    ls_state_reseed(g->s, seed);
    if (g->rec) {
        ls_record_text(g->rec, &g->resume_base);
        char line[80];
        snprintf(line, sizeof line, "resumed by leastscore play, seed %llu",
                 (unsigned long long)seed);
        ls_record_comment(g->rec, line);
        level_comments(g); /* the levels from here on, for another resume */
    }
    g->resumed = true;
    return 0;
}

void play_resumed_text(const play_game *g, bool base_name, char *buf, size_t size)
{
    const ls_state *s = g->s;
    char where[64];
    if (ls_phase(s) == LS_PHASE_TURN)
        snprintf(where, sizeof where, ": round %d, turn %d.", ls_round(s),
                 ls_round_turns(s) + 1);
    else
        snprintf(where, sizeof where, ": round %d is next.", ls_round(s) + 1);
    /* A path too long for buf keeps its end (the file's name), cut at a
     * character or escape, so that where the match goes on is always
     * said: cut at its end, the sentence lost it and could end in half a
     * character. The cut steps forward to the first place between two
     * characters or escapes (ls_printable_cut's); stepping over UTF-8
     * continuation bytes alone left 'x01' or '\x' at the head of a name
     * with control bytes in it (shown \x01). */
    const char *path = PLAY_SHOWN(g->opts->resume), *lead = "";
    if (base_name && strrchr(path, '/') && strrchr(path, '/')[1])
        path = strrchr(path, '/') + 1;
    size_t len = strlen(path), fixed = strlen("Resumed from ...") + strlen(where);
    if (len + fixed - 3 >= size && size > fixed + 1) { /* room for some of it */
        size_t from = len - (size - 1 - fixed), at = from;
        while (at < len && ls_printable_cut(path, at) < from)
            at++; /* a character's escapes are at most 16 bytes: a few steps */
        path += ls_printable_cut(path, at);
        lead = "...";
    }
    snprintf(buf, size, "Resumed from %s%s%s", lead, path, where);
}

bool play_resumable(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

void play_resume_command(const char *path, char *buf, size_t size)
{
    static const char plain[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                "0123456789/._-+,:@%";
    size_t k = (size_t)snprintf(buf, size, "leastscore play --resume ");
    if (strspn(path, plain) == strlen(path)) {
        snprintf(buf + k, size - k, "%s", path);
        return;
    }
    /* A control character or a byte that is not UTF-8 would reach the
     * terminal raw: then the path is written $'...', which the shell
     * reads back byte for byte, with \xNN for each such byte. */
    if (strcmp(cli_shown(path, buf + k, size - k), path) != 0) {
        static const char hex[] = "0123456789abcdef";
        buf[k++] = '$';
        buf[k++] = '\'';
        for (const unsigned char *p = (const unsigned char *)path; *p && k + 8 < size;
             p++) {
            if (*p == '\'' || *p == '\\') {
                buf[k++] = '\\';
                buf[k++] = (char)*p;
            } else if (*p >= 0x20 && *p < 0x7f) {
                buf[k++] = (char)*p;
            } else {
                buf[k++] = '\\';
                buf[k++] = 'x';
                buf[k++] = hex[*p >> 4];
                buf[k++] = hex[*p & 15];
            }
        }
        buf[k++] = '\'';
        buf[k] = '\0';
        return;
    }
    /* In single quotes, where only ' itself needs care: '\'' */
    buf[k++] = '\'';
    for (const char *p = path; *p && k + 6 < size; p++) {
        if (*p == '\'') {
            memcpy(buf + k, "'\\''", 4);
            k += 4;
        } else {
            buf[k++] = *p;
        }
    }
    buf[k++] = '\'';
    buf[k] = '\0';
}

/* --resume PATH where there is no PATH: a kill (-9, a crash, the power)
 * during a new game's first save leaves PATH.saving, the save's new file,
 * and no record beside it; the next lock on PATH would remove it, but a
 * --resume of a file that is not there said only 'No such file', and the
 * file stayed. When PATH.saving is there, it is removed under PATH's lock
 * (lock_record does: another game making PATH now holds that lock, and is
 * said; where no lock can be had it is left, and msg says so), and msg
 * says what happened; returns 1 when it did, -1 when another game holds
 * PATH's lock (msg says by whom: a refusal, as of any locked record),
 * then the caller returns; 0 when there is no such file or PATH appeared
 * meanwhile (it is then read as ever). */
static int never_saved(play_game *g, const char *path, char *msg, size_t size)
{
    char tp[PATH_MAX + 16];
    struct stat st;
    temp_path(path, tp, sizeof tp);
    if (lstat(tp, &st) != 0)
        return 0;
    snprintf(g->path, sizeof g->path, "%s", path);
    if (lock_record(g, msg, size) != 0) { /* being played: msg says by whom */
        g->path[0] = '\0';
        return -1;
    }
    bool appeared = stat(path, &st) == 0;
    if (!appeared) {
        bool gone = lstat(tp, &st) != 0; /* lock_record removed it */
        snprintf(msg, size, "--resume: %s was never saved: its game was stopped during its "
                 "first save, before any move was played; %s%s%s. Start a new game there "
                 "with --record %s", PATH_SHOWN(path), gone ? "" : "remove ",
                 PATH_SHOWN(tp), gone ? ", what that save left, is removed"
                 : ", what that save left, by hand", PATH_SHOWN(path));
    }
    unlock_record(g);
    g->path[0] = '\0';
    return appeared ? 0 : 1;
}

int play_game_new(play_game *g, play_opts *o, uint64_t seed, int number,
                  play_report_fn *report, void *ud, char *msg, size_t size)
{
    memset(g, 0, sizeof *g);
    g->opts = o;
    g->seed = seed;
    g->report = report;
    g->report_ud = ud;
    if (number == 1 && o->resume) {
        /* Locked before it is read, so that what is read is what no
         * other game will save over; but a record that is not there, or
         * cannot be read, is said before any lock file is made beside
         * it (made and unlinked, it flickered in the folder). */
        struct stat st;
        int ns = stat(o->resume, &st) != 0 && errno == ENOENT ? never_saved(g, o->resume, msg, size)
                                                               : 0;
        if (ns != 0) {
            /* In use elsewhere is a refusal (1), as for a record that is
             * there; never saved, a record that cannot be resumed (2). */
            play_game_free(g);
            return ns < 0 ? -1 : -2;
        }
        if (stat(o->resume, &st) != 0 || access(o->resume, R_OK) != 0) {
            snprintf(msg, size, "--resume: cannot read %s: %s", PATH_SHOWN(o->resume),
                     strerror(errno));
            play_game_free(g);
            return -2;
        }
        /* A named pipe with no writer blocked the reading for ever; a
         * device could be read without end, or be empty. */
        char why[CLI_SHOWN_MAX(PLAY_PATH_MAX) + 80];
        if (cli_regular_record(o->resume, PATH_SHOWN(o->resume), why, sizeof why)) {
            snprintf(msg, size, "--resume: %s (one that leastscore play saved)", why);
            play_game_free(g);
            return -2;
        }
        snprintf(g->path, sizeof g->path, "%s", o->record ? o->record : o->resume);
        if (lock_record(g, msg, size) != 0) {
            play_game_free(g);
            return -1;
        }
        if (resume_match(g, o, seed, msg, size) != 0) {
            play_game_free(g);
            return -2;
        }
        if (first_save(g, msg, size) != 0) {
            /* The record was left as it was: it can go on elsewhere. */
            if (!o->record) {
                size_t k = strlen(msg);
                snprintf(msg + k, size - k, "; the record there is left as it was: to go on "
                         "with the match saved elsewhere, add --record NEWFILE");
            }
            return -1;
        }
        return 0;
    }
    const char *names[LS_MAX_PLAYERS] = {o->name};
    int n = 1;
    ls_error err = {0};
    for (size_t i = 0; n <= o->nbots && i < sizeof bot_names / sizeof bot_names[0]; i++)
        if (strcmp(bot_names[i], o->name) != 0)
            names[n++] = bot_names[i];
    g->s = ls_state_new(&o->rules, n, names, seed, &err);
    if (!g->s) {
        snprintf(msg, size, "%s", err.msg);
        return -1;
    }
    if (make_bots(g, g->s, seed, msg, size) != 0) {
        play_game_free(g);
        return -1;
    }
    g->rec = ls_record_new(g->s);
    if (g->rec)
        header_comments(g, true, seed);
    /* The matches after a resumed one are new games, saved as any new
     * game is: FILE-2 beside the resumed FILE was the name of the second
     * game started in FILE's second in the games directory, and replaced
     * it. */
    if (o->record) {
        numbered_path(o->record, number, g->path, sizeof g->path);
    } else if (default_path(g) != 0) {
        /* "Not a directory" named the record, not the file in the way. */
        int e = errno;
        char way[PLAY_PATH_MAX];
        if (e == ENOTDIR && file_in_the_way(g->path, way, sizeof way))
            snprintf(msg, size, "cannot make a file for the record (%s): %s is a file, not a "
                     "directory", PATH_SHOWN(g->path), PATH_SHOWN(way));
        else
            snprintf(msg, size, "cannot make a file for the record (%s): %s",
                     PATH_SHOWN(g->path), strerror(e));
        play_game_free(g);
        return -1;
    }
    if (!g->locked && lock_record(g, msg, size) != 0) { /* default_path() took it */
        play_game_free(g);
        return -1;
    }
    return first_save(g, msg, size);
}

/* Written once when the match is made, so that a file that cannot be
 * written is said before the match rather than after it. */
static int first_save(play_game *g, char *msg, size_t size)
{
    if (play_game_save(g, msg, size) != 0) {
        play_game_free(g);
        return -1;
    }
    return 0;
}

static int orphans_ended; /* see play_orphans_ended() */

int play_orphans_ended(void)
{
    return orphans_ended;
}

void play_game_free(play_game *g)
{
    bool had_bot = false;
    for (int i = 0; i < LS_MAX_PLAYERS; i++) {
        had_bot |= g->bots[i] && cli_player_is_bot(g->bots[i]);
        ls_player_free(g->bots[i]);
    }
    /* No bot runs now (a match's bots live and die with it): what they
     * started outside their groups, left to this process, is ended with
     * the match, however the match ended. */
    if (had_bot)
        orphans_ended += cli_bots_end_orphans();
    ls_player_free(g->advisor);
    ls_record_free(g->rec);
    ls_state_free(g->s);
    free(g->resume_text);
    unlock_record(g);
    memset(g, 0, sizeof *g);
}

/* The clock a time-bounded advisor reads (ms, monotonic). A dropped
 * hint's (g->hint.stop) is past any deadline: its search ends at the
 * clock's next reading. */
static double advisor_clock(void *ud)
{
    play_game *g = ud;
    return atomic_load(&g->hint.stop) ? 1e300 : cli_wall_ms();
}

/* The hint giver: the strongest kind that exists, made on first use;
 * greedy if that fails. It is the expert at its default budget (16000
 * rollouts, 32000 heads-up: deterministic, as docs/benchmarks.md
 * measured it) whenever the deal leaves PLAY_HINT_SMALL_DECK cards or
 * more, as every table of the default hand size does. A smaller deck
 * (seven bots dealt 6 cards leave 4) makes each rollout reshuffle the
 * dead pile again and again: one hint took minutes there. Such a table's
 * advisor searches by time instead (PLAY_HINT_MS, the expert's ms=),
 * so that a hint never holds the screen long. s is the match's state
 * (g->s may not be set yet while a record is replayed). */
static ls_player *advisor(play_game *g, const ls_state *s, ls_error *err)
{
    int left = 52 - ls_players(s) * ls_state_rules(s)->hand_size;
    if (!g->advisor && left < PLAY_HINT_SMALL_DECK) {
        char spec[32];
        snprintf(spec, sizeof spec, "expert:ms=%d", PLAY_HINT_MS);
        g->advisor = ls_player_new(spec, g->seed ^ 0x5EEDull, NULL);
        if (g->advisor)
            ls__expert_set_clock(g->advisor, advisor_clock, g);
        g->advisor_timed = g->advisor != NULL;
    }
    if (!g->advisor) {
        g->advisor = ls_player_new("expert", g->seed ^ 0x5EEDull, NULL);
        if (g->advisor)
            ls__expert_set_stop(g->advisor, &g->hint.stop);
    }
    if (!g->advisor)
        g->advisor = ls_player_new("greedy", g->seed, err);
    return g->advisor;
}

int play_game_deal(play_game *g, ls_error *err)
{
    int rc = ls_deal(g->s, err);
    if (rc != 0)
        return rc;
    if (g->rec)
        ls_record_deal(g->rec, g->s);
    g->saved = false;
    told_deal(g, g->s);
    return 0;
}

static void told_deal(play_game *g, const ls_state *s)
{
    ls_view v;
    for (int i = 1; i < ls_players(s); i++)
        if (g->bots[i] && !ls_eliminated(s, i)) {
            ls_view_of(s, i, &v);
            ls_player_round_start(g->bots[i], &v);
        }
    /* The advisor follows the human's seat from the start, so that its
     * hints can use what the other players' moves reveal. */
    if (advisor(g, s, NULL)) {
        ls_view_of(s, 0, &v);
        ls_player_round_start(g->advisor, &v);
    }
}

int play_game_apply(play_game *g, ls_move *m, ls_error *err)
{
    int seat = ls_turn(g->s);
    int dead = ls_deck_size(g->s) == 0 ? ls_cards_count(ls_dead_cards(g->s)) : 0;
    int rc = ls_apply(g->s, m, err);
    if (rc != 0)
        return rc;
    g->reshuffled = m->kind == LS_MOVE_DRAW ? dead : 0;
    if (g->rec)
        ls_record_move(g->rec, g->s, seat, *m);
    g->saved = false;
    told_move(g, g->s, seat, *m);
    return 0;
}

static void told_move(play_game *g, const ls_state *s, int seat, ls_move m)
{
    bool over = ls_phase(s) != LS_PHASE_TURN;
    ls_view v;
    if (over) /* kept for the places at the match's end (play_places) */
        for (int i = 0; i < ls_players(s); i++)
            if (ls_last_result(s)->eliminated >> i & 1)
                g->out_round[i] = ls_last_result(s)->round;
    for (int i = 1; i < ls_players(s); i++) {
        if (!g->bots[i])
            continue;
        const ls_round_result *r = ls_last_result(s);
        bool in_round = over ? (r->players >> i & 1) : !ls_eliminated(s, i);
        if (!in_round)
            continue;
        ls_player_tell(g->bots[i], s, i, seat, m);
        if (over) {
            ls_view_of(s, i, &v);
            ls_player_round_end(g->bots[i], &v, r);
        }
    }
    ls_player_tell(g->advisor, s, 0, seat, m);
}

const char *play_reshuffle_text(const play_game *g, char *buf, size_t size)
{
    if (!g->reshuffled)
        snprintf(buf, size, "%s", "");
    else
        snprintf(buf, size, "The deck had run out: the %d card%s of the discard "
                 "pile %s shuffled into a new deck for that draw.", g->reshuffled,
                 g->reshuffled == 1 ? "" : "s", g->reshuffled == 1 ? "was" : "were");
    return buf;
}

bool play_game_bot_move(play_game *g, ls_move *out)
{
    int seat = ls_turn(g->s);
    ls_view v;
    ls_view_of(g->s, seat, &v);
    ls_move m;
    ls_error err = {0};
    int rc = ls_player_choose(g->bots[seat], &v, &m, &err);
    /* Cleared here, not before the search: a signal that came since the
     * last move (play_interrupted is set) ends this one at once too. A
     * stopped expert's move is a search cut short: it is never applied
     * nor recorded. Another kind's move is played as it is (a cmd: bot's
     * answer, once read, is not asked for again). */
    if (atomic_exchange(&play_stop, false) && g->stoppable[seat])
        return false;
    if (rc != 0 || ls_check(g->s, m, NULL) != 0) {
        /* A cmd: bot whose answer a signal stopped us waiting for has
         * not played: no move of another's is recorded as its own. */
        if (cli_bot_waiting(g->bots[seat]))
            return false;
        ls_move all[LS_MAX_MOVES];
        ls_view_legal_moves(&v, all);
        m = all[0];
    }
    *out = m;
    return true;
}

void play_game_bots_stderr(play_game *g)
{
    for (int i = 1; i < LS_MAX_PLAYERS && g->bots[i]; i++)
        cli_bot_pass_stderr(g->bots[i]);
}

/* The search of a hint, on its own thread or the caller's: only h and the
 * advisor are touched, never the match's state, which h->v copies. */
static void hint_search(play_game *g)
{
    play_hint *h = &g->hint;
    double t0 = cli_wall_ms();
    h->err = (ls_error){0};
    h->rc = ls_player_hint(g->advisor, &h->v, &h->m, &h->chance, &h->err);
    h->cut = h->rc == 0 && g->advisor_timed && cli_wall_ms() - t0 >= PLAY_HINT_MS;
    atomic_store(&h->done, true);
}

static void *hint_thread(void *arg)
{
    hint_search(arg);
    return NULL;
}

/* Readies g->hint for a search of the human's view; LS_EINVAL when no
 * advisor can be made. */
static int hint_begin(play_game *g, ls_error *err)
{
    if (!advisor(g, g->s, err))
        return LS_EINVAL;
    play_hint *h = &g->hint;
    ls_view_of(g->s, 0, &h->v);
    atomic_store(&h->done, false);
    atomic_store(&h->stop, false);
    h->running = false;
    return 0;
}

int play_game_hint_start(play_game *g, ls_error *err)
{
    if (hint_begin(g, err) != 0)
        return LS_EINVAL;
    play_hint *h = &g->hint;
    /* Signals stay with the thread that reads keys: a resize or a Ctrl-C
     * taken by the search's thread would not wake the front end's wait. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    h->running = pthread_create(&h->thread, NULL, hint_thread, g) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (!h->running) /* no thread to be had: the search runs here */
        hint_search(g);
    return 0;
}

bool play_game_hint_ready(play_game *g)
{
    return atomic_load(&g->hint.done);
}

int play_game_hint_end(play_game *g, ls_move *m, double *chance, ls_error *err)
{
    play_hint *h = &g->hint;
    if (h->running)
        pthread_join(h->thread, NULL);
    h->running = false;
    *m = h->m;
    *chance = h->chance;
    g->hint_cut = h->cut;
    int rc = h->rc;
    if (err)
        *err = h->err;
    if (rc == LS_EINVAL && strcmp(g->advisor->ops->kind, "greedy") != 0) {
        ls_player_free(g->advisor);
        g->advisor = ls_player_new("greedy", g->seed, err);
        if (!g->advisor)
            return LS_EINVAL;
        rc = ls_player_hint(g->advisor, &h->v, m, chance, err);
    }
    return rc;
}

void play_game_hint_drop(play_game *g)
{
    play_hint *h = &g->hint;
    if (!h->running)
        return;
    atomic_store(&h->stop, true);
    pthread_join(h->thread, NULL);
    h->running = false;
}

int play_game_hint(play_game *g, ls_move *m, double *chance, ls_error *err)
{
    if (hint_begin(g, err) != 0)
        return LS_EINVAL;
    hint_search(g);
    return play_game_hint_end(g, m, chance, err);
}

/* Writes len bytes of text to fd, then (when sync) to the disk, and
 * closes fd; 0, or -1 with errno. */
static int write_all(int fd, const char *text, size_t len, bool sync)
{
    int rc = 0;
    while (len > 0 && rc == 0) {
        ssize_t w = write(fd, text, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (w == 0)
                errno = EIO;
            rc = -1;
            break;
        }
        text += w;
        len -= (size_t)w;
    }
    if (rc == 0 && sync && fsync(fd) != 0)
        rc = -1;
    int was = errno;
    if (close(fd) != 0 && rc == 0)
        return -1;
    errno = was;
    return rc;
}

/* Replaces path's contents by text, whole or not at all: written to a
 * new file beside it and to the disk, then renamed over it, so that a save
 * cut short (a full disk, a crash, a kill) leaves the last record saved.
 * A path that is no regular file (/dev/stdout, a pipe) is written to as
 * it is. locked: the caller holds the record's lock, and the new file is
 * PATH.saving (temp_path), made anew (O_EXCL: whatever is at that name,
 * such as a symbolic link put there, is removed, never followed); else a
 * name of mkstemp's. */
static int replace_file(const char *path, const char *text, size_t len, bool locked)
{
    /* A symbolic link is written through: the file it names is replaced
     * and the link stays (renamed over, the link became the record and
     * the file it named was left as it was). */
    struct stat st;
    char real[PATH_MAX];
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && realpath(path, real))
        path = real;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
        /* A named pipe that no program reads fails at once (ENXIO),
         * rather than the game waiting for a reader for ever. */
        bool fifo = S_ISFIFO(st.st_mode);
        int fd = open(path, O_WRONLY | O_TRUNC | (fifo ? O_NONBLOCK : 0));
        if (fd >= 0 && fifo)
            fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
        return fd < 0 ? -1 : write_all(fd, text, len, false);
    }
    /* A directory is no record, whatever rename() would say of it: '/'
     * was "Device or resource busy", 'DIR/' "Not a directory" (the new
     * file made inside it, then renamed over it). */
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return -1;
    }
    char tmp[PLAY_PATH_MAX + 16];
    if (strlen(path) + 8 > sizeof tmp) {
        errno = ENAMETOOLONG;
        return -1;
    }
    int fd;
    if (locked) {
        temp_path(path, tmp, sizeof tmp);
        if (unlink(tmp) != 0 && errno != ENOENT)
            return -1;
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0)
            return -1;
    } else {
        beside(path, ".XXXXXX", false, tmp, sizeof tmp);
        fd = mkstemp(tmp);
        if (fd < 0)
            return -1;
        mode_t mask = umask(0);
        umask(mask);
        if (fchmod(fd, 0666 & ~mask) != 0) {
            close(fd);
            fd = -1;
        }
    }
    if (fd < 0 || write_all(fd, text, len, true) != 0 || rename(tmp, path) != 0) {
        int was = errno;
        unlink(tmp);
        errno = was;
        return -1;
    }
    return 0;
}

/* The line break of a record's text: that of its first line ("\r\n",
 * "\r" or "\n"); "\n" for a text of one line. */
static const char *line_break(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '\n')
            return "\n";
        if (text[i] == '\r')
            return i + 1 < len && text[i + 1] == '\n' ? "\r\n" : "\r";
    }
    return "\n";
}

/* Where the match s stands, for play_unsaved_text(): "round 2, turn 5",
 * "the end of round 2" (between rounds), "its start" (before the first
 * deal) or "its end". */
static void saved_where(const ls_state *s, char *buf, size_t size)
{
    if (ls_phase(s) == LS_PHASE_TURN)
        snprintf(buf, size, "round %d, turn %d", ls_round(s), ls_round_turns(s) + 1);
    else if (ls_phase(s) == LS_PHASE_DEAL && ls_round(s) > 0)
        snprintf(buf, size, "the end of round %d", ls_round(s));
    else
        snprintf(buf, size, "%s", ls_phase(s) == LS_PHASE_DEAL ? "its start" : "its end");
}

/*
 * Whether the lock is still this game's, before a save. A FILE.lock
 * removed by hand (or replaced) while the game ran left its lock on a
 * file no longer there: a second game then made and took a new one, and
 * both saved over each other's moves. Where the name is free the lock
 * is taken again and the save goes on; where another game holds it, -1,
 * msg says so, and this game saves no more (lock_lost): the other game
 * read the record as this one last saved it, and goes on from there.
 */
static int lock_kept(play_game *g, char *msg, size_t size)
{
    char lp[PATH_MAX + 8], busy[PATH_SHOWN_MAX * 2 + 240];
    lock_path(g->path, lp, sizeof lp);
    if (g->lock_lost) {
        snprintf(msg, size, "cannot write %s: another game took its lock, %s, after it was "
                 "removed while this game ran", PATH_SHOWN(g->path), PATH_SHOWN(lp));
        return -1;
    }
    struct stat held, now;
    if (!g->locked || (fstat(g->lockfd, &held) == 0 && stat(lp, &now) == 0 &&
                       held.st_ino == now.st_ino && held.st_dev == now.st_dev))
        return 0;
    close(g->lockfd); /* not unlock_record(): the name is not this lock's */
    g->locked = false;
    if (lock_record(g, busy, sizeof busy) == 0)
        return 0;
    g->lock_lost = true;
    snprintf(msg, size, "cannot write %s: its lock, %s, was removed while this game ran; %s",
             PATH_SHOWN(g->path), PATH_SHOWN(lp), busy);
    return -1;
}

/*
 * A resumed match is saved as the text it was resumed from, byte for byte
 * (its comments, its spacing), then what the rebuilt record has written
 * since (from the "# resumed by" comment on), with the resumed text's line
 * breaks, so that a file from an editor that ends lines with CR LF (or CR)
 * does not end up with two kinds: the statements of the two are the same,
 * so the whole is the record of the match, and nobody's lines are lost.
 * The text is built for each save (a record is small).
 */
int play_game_save(play_game *g, char *msg, size_t size)
{
    if (!g->rec) {
        snprintf(msg, size, "no record was kept (out of memory)");
        return -1;
    }
    size_t len;
    const char *text = ls_record_text(g->rec, &len);
    char *joined = NULL;
    if (g->resumed) {
        const char *old = g->resume_text, *more = text + g->resume_base;
        size_t olen = g->resume_len, mlen = len - g->resume_base;
        const char *br = line_break(old, olen);
        size_t brlen = strlen(br), lines = 0;
        for (size_t i = 0; i < mlen; i++)
            lines += more[i] == '\n';
        bool open = olen > 0 && old[olen - 1] != '\n' && old[olen - 1] != '\r';
        joined = malloc(olen + (open + lines) * brlen + mlen + 1);
        if (!joined) {
            snprintf(msg, size, "cannot write %s: out of memory", PATH_SHOWN(g->path));
            return -1;
        }
        memcpy(joined, old, olen);
        len = olen;
        if (open) {
            memcpy(joined + len, br, brlen);
            len += brlen;
        }
        for (size_t i = 0; i < mlen; i++) {
            if (more[i] == '\n') {
                memcpy(joined + len, br, brlen);
                len += brlen;
            }
            else
                joined[len++] = more[i];
        }
        text = joined;
    }
    int rc = -1;
    /* The games directory is made again if it went; the directory of a
     * --record FILE or of a resumed record is the user's to make: a
     * mistyped path is refused, not made. */
    if (lock_kept(g, msg, size) != 0)
        g->saved_at[0] = '\0'; /* the file is the other game's now */
    else if (!g->opts->record && !g->resumed && make_parent_dirs(g->path) != 0)
        snprintf(msg, size, "cannot create the directory for %s: %s", PATH_SHOWN(g->path),
                 strerror(errno));
    else if (replace_file(g->path, text, len, g->locked) != 0) {
        int e = errno;
        snprintf(msg, size, "cannot write %s: %s", PATH_SHOWN(g->path),
                 e == ENXIO ? "it is a named pipe (FIFO) that no program reads"
                            : strerror(e));
    }
    else
        rc = 0;
    free(joined);
    if (rc == 0) {
        g->saved = true;
        saved_where(g->s, g->saved_at, sizeof g->saved_at);
    }
    g->save_failed = rc != 0;
    return rc;
}

void play_unsaved_text(const play_game *g, char *buf, size_t size)
{
    if (!*g->saved_at || !play_resumable(g->path)) {
        snprintf(buf, size, "The match is not saved.");
        return;
    }
    if (!strcmp(g->saved_at, "its end")) {
        snprintf(buf, size, "The file keeps the whole match.");
        return;
    }
    char cmd[PLAY_PATH_MAX * 4 + 64];
    play_resume_command(g->path, cmd, sizeof cmd);
    snprintf(buf, size, "The file keeps the match as it stood at %s (what came after is "
             "not saved); to go on from there: %s", g->saved_at, cmd);
}

int play_game_save_step(play_game *g, char *msg, size_t size)
{
    /* Once you are out, the computers' moves are saved at rounds' ends
     * only: nothing of yours is in play, and f plays the rest of the
     * match at once, which a sync per move would slow on a slow disk. */
    struct stat st;
    if (ls_eliminated(g->s, 0) || (stat(g->path, &st) == 0 && !S_ISREG(st.st_mode)))
        return 0;
    bool failed = g->save_failed;
    if (play_game_save(g, msg, size) != 0) {
        if (failed)
            return 0;
        size_t k = strlen(msg);
        if (*g->saved_at && play_resumable(g->path))
            snprintf(msg + k, size - k, "; the file keeps the match as it stood at %s",
                     g->saved_at);
        else
            snprintf(msg + k, size - k, "; the match is not saved");
        return 1;
    }
    if (!failed)
        return 0;
    snprintf(msg, size, "the record is saved again in %s", PATH_SHOWN(g->path));
    return 2;
}

/* The largest legal discard of two or more cards in set (the set a hand
 * keeps for next turn), or 0. At most 2^8 subsets: cheap. */
static ls_cards best_set(ls_cards set, const ls_rules *r)
{
    ls_card cards[8 /* 7 dealt at most, one taken */];
    int n = 0;
    for (ls_cards s = set; s && n < 8; s &= s - 1)
        cards[n++] = ls_cards_first(s);
    ls_cards best = 0;
    for (unsigned mask = 1; mask < 1u << n; mask++) {
        ls_cards sub = 0;
        for (int i = 0; i < n; i++)
            if (mask >> i & 1)
                sub |= LS_BIT(cards[i]);
        if (ls_cards_count(sub) >= 2 && ls_discard_ok(sub, r, NULL) &&
            ls_cards_total(sub) > ls_cards_total(best))
            best = sub;
    }
    return best;
}

static const char *set_kind(ls_cards set)
{
    int n = ls_cards_count(set);
    ls_card a = ls_cards_first(set);
    bool one_rank = true;
    for (ls_cards s = set; s; s &= s - 1)
        one_rank &= LS_RANK(ls_cards_first(s)) == LS_RANK(a);
    if (one_rank)
        return n == 2 ? "a pair" : "four of a kind";
    bool one_suit = true;
    for (ls_cards s = set; s; s &= s - 1)
        one_suit &= LS_SUIT(ls_cards_first(s)) == LS_SUIT(a);
    return n == 5 && one_suit ? "a flush" : "a run";
}

/*
 * Why a hint draws when the cards it keeps hold no set: the pairs of kept
 * cards that one unseen card would make a run of 3 ("draws for a card to
 * make a run with 8H 9D or JC QH"); else, when no open card is below what
 * an unseen card is worth on average, that none is; else only that the
 * search prefers an unseen card to the lowest open one, which is all that
 * can be said without repeating the search. (The hint said "no open card
 * helps" beside an open 3D.)
 */
static void draw_reason(const ls_view *v, ls_cards keep, bool words, char *buf,
                        size_t size)
{
    ls_cards unseen = LS_ALL_CARDS & ~v->hand & ~v->open & ~v->dead;
    for (int i = 0; i < v->nplayers; i++)
        if (i != v->me)
            unseen &= ~v->known[i];
    char list[256] = "", cards[64];
    int pairs = 0;
    /* Neighbours first (8H 9D), then cards a rank apart (9D JC, AC QC). */
    for (int pass = 0; pass < 2; pass++) {
        for (ls_cards a = keep; a && pairs < 2; a &= a - 1)
            for (ls_cards b = a & (a - 1); b && pairs < 2; b &= b - 1) {
                ls_cards two = LS_BIT(ls_cards_first(a)) | LS_BIT(ls_cards_first(b));
                int gap = abs(LS_RANK(ls_cards_first(a)) - LS_RANK(ls_cards_first(b)));
                if ((gap == 1 || gap == 12) != (pass == 0))
                    continue;
                bool near = false;
                for (ls_cards c = unseen; c && !near; c &= c - 1)
                    near = ls_discard_ok(two | LS_BIT(ls_cards_first(c)), &v->rules, NULL);
                if (!near)
                    continue;
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                         pairs ? " or " : "", play_cards_said(two, words, cards, sizeof cards));
                pairs++;
            }
    }
    if (pairs) {
        snprintf(buf, size, "; draws for a card to make a run with %s", list);
        return;
    }
    int n = ls_cards_count(unseen);
    ls_card low = LS_NO_CARD;
    for (ls_cards o = v->open; o; o &= o - 1)
        if (low == LS_NO_CARD || ls_card_value(ls_cards_first(o)) < ls_card_value(low))
            low = ls_cards_first(o);
    if (low == LS_NO_CARD || !n || ls_card_value(low) * n >= ls_cards_total(unseen)) {
        snprintf(buf, size, "; draws, as no open card is lower than an unseen "
                 "card on average");
        return;
    }
    char c[24];
    snprintf(buf, size, "; draws: the search expects more from an unseen card "
             "than from %s", play_card_said(low, words, c, sizeof c));
}

/*
 * Why the hint's move is good, from the move and your view alone: what the
 * discard sheds, which cards the kept hand holds as a set to discard next
 * turn, and what the taken card does. "sheds 18 points; keeps JH QH KH
 * for a run next turn".
 */
void play_hint_reason(const ls_view *v, ls_move m, bool words, char *buf, size_t size)
{
    char cards[160], pts[24];
    ls_cards keep = v->hand & ~m.discard;
    if (m.kind == LS_MOVE_TAKE)
        keep |= LS_BIT(m.card);
    ls_cards set = best_set(keep, &v->rules);
    int n = snprintf(buf, size, "sheds %s",
                     play_points(ls_cards_total(m.discard), pts, sizeof pts));
    if (set)
        n += snprintf(buf + n, size - (size_t)n, "; keeps %s for %s next turn",
                      play_cards_said(set, words, cards, sizeof cards), set_kind(set));
    if (m.kind == LS_MOVE_TAKE) {
        char c[24];
        play_card_said(m.card, words, c, sizeof c);
        if (set & LS_BIT(m.card))
            snprintf(buf + n, size - (size_t)n, "; takes %s to make it", c);
        else
            snprintf(buf + n, size - (size_t)n, "; takes %s (%s) rather than "
                     "an unknown card", c,
                     play_points(ls_card_value(m.card), pts, sizeof pts));
    } else if (!set) {
        draw_reason(v, keep, words, buf + n, size - (size_t)n);
    }
}

/* The estimate that declaring is correct, for people: exact only when
 * every opponent's hand is known; otherwise "about 97%", and never 100%
 * or 0% (the estimate comes from sampled hands). */
void play_chance_text(const ls_view *v, double p, char *buf, size_t size)
{
    bool hidden = false;
    for (int i = 0; i < v->nplayers; i++)
        if (i != v->me && (v->in_round >> i & 1) &&
            ls_cards_count(v->known[i]) < v->hand_size[i])
            hidden = true;
    if (!hidden)
        snprintf(buf, size, "%.0f%%", 100 * p);
    else if (p >= 0.995)
        snprintf(buf, size, "over 99%%");
    else if (p <= 0.005)
        snprintf(buf, size, "under 1%%");
    else
        snprintf(buf, size, "about %.0f%%", 100 * p);
}

void play_describe(const play_game *g, int seat, ls_move m, bool show_draw,
                   char *buf, size_t size)
{
    const char *who = seat == 0 ? "You" : ls_name(g->s, seat);
    const char *s = seat == 0 ? "" : "s";
    bool words = g->opts->card_words;
    char set[160], c[24];
    if (m.kind == LS_MOVE_DECLARE) {
        snprintf(buf, size, "%s declare%s", who, s);
        return;
    }
    play_cards_said(m.discard, words, set, sizeof set);
    if (m.kind == LS_MOVE_TAKE)
        snprintf(buf, size, "%s discard%s %s and take%s %s", who, s, set, s,
                 play_card_said(m.card, words, c, sizeof c));
    else if (show_draw && m.card != LS_NO_CARD)
        snprintf(buf, size, "%s discard%s %s and draw%s %s", who, s, set, s,
                 play_card_said(m.card, words, c, sizeof c));
    else
        snprintf(buf, size, "%s discard%s %s and draw%s", who, s, set, s);
}

void play_personal(const play_game *g, const char *msg, char *out, size_t size)
{
    const char *name = ls_name(g->s, 0);
    size_t nlen = strlen(name), n = 0;
    for (const char *p = msg; *p && n + 1 < size;) {
        bool word_start = p == msg || p[-1] == ' ';
        if (word_start && !strncmp(p, name, nlen) && !strncmp(p + nlen, "'s ", 3)) {
            n += (size_t)snprintf(out + n, size - n, "your ");
            p += nlen + 3;
        } else if (word_start && !strncmp(p, name, nlen) && p[nlen] == ' ') {
            n += (size_t)snprintf(out + n, size - n, "%s ", p == msg ? "You" : "you");
            p += nlen + 1;
        } else if (word_start && !strncmp(p, "their ", 6)) {
            n += (size_t)snprintf(out + n, size - n, "your ");
            p += 6;
        } else {
            out[n++] = *p++;
        }
    }
    out[n < size ? n : size - 1] = '\0';
}
