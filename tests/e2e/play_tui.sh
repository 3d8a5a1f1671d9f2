#!/bin/sh
# play_tui.sh - the full-screen `leastscore play` driven in tmux: a seeded
# game shows the hand and the open card that the record says were dealt; a
# move made with keys reaches the log; declaring asks first, then brings up
# the round summary; help, Ctrl-C (asks, 'n' goes on; at once while a cmd:
# bot thinks, or a built-in expert, whose stopped search's move is not
# played; so do ?, q and a resize, and h says it is the bot's turn)
# and q + y quit with the terminal
# restored and the record saved and replayable; SIGTERM, SIGHUP and Ctrl-\
# save too, then exit 128 + the signal's number; closing the terminal saves the record and --resume
# goes on with it (saying where, with the file's name), so does a game
# killed outright (kill -9: the record is saved after every move), and a
# save failing mid-round is said at once; a deck shuffled anew from the discard pile is told; once you are out, f plays the match
# to its end; a next match that cannot be saved is said, and so is a save
# that fails at a round's end (also one whose pipe's reader went away,
# which killed the game); mouse clicks
# select a card and draw; a small terminal gets a clear message, and q or
# Ctrl-C (the message says both) quits there at once, the match saved
# (Ctrl-C, unasked, exits 130); suits are
# drawn as symbols in a UTF-8 locale; a terminal that cannot hold the full
# screen (TERM unknown, dumb or unset) gets the line mode and a sentence
# saying why; NO_COLOR turns the colours off, the bars stay in reverse video;
# a hint's search holds no key (q, Esc, Ctrl-C, a resize);
# a terminal without an alternate screen is cleared before leaving; after
# ten matches the last records are listed; keys typed while a built-in
# computer player thinks do not act on what its move brings; a refusal to
# begin is broken at the terminal's width.
# Every wait polls the screen with a timeout.
set -e
LS=${LEASTSCORE:-build/leastscore}
tmp=$(mktemp -d)
. "$(dirname "$0")/lib/tmux.sh"
trap cleanup EXIT

# The tmux server outlives the last session killed (lib/tmux.sh), and the
# next session is started on it: a server that exited with its last
# session could be met on its way out by the next new-session, which then
# failed, "server exited unexpectedly" (play_screen.sh section 32, once).
$T new-session -d -s srv "sleep 60"
srv=$($T display-message -p -t srv '#{pid}')
$T kill-session -t srv
[ "$($T show-options -sv exit-empty 2>&1)" = off ] ||
    { echo "the tmux server exits with its last session, and races the next one"; exit 1; }
$T new-session -d -s srv "sleep 60"
[ "$($T display-message -p -t srv '#{pid}')" = "$srv" ] ||
    { echo "the next session is not on the same tmux server"; exit 1; }
$T kill-session -t srv

# start NAME COLS ROWS LOCALE ARGS...: runs the game in a new session; when
# it ends the pane shows its output and exit status.
start() {
    name=$1 cols=$2 rows=$3 loc=$4
    shift 4
    $T new-session -d -s "$name" -x "$cols" -y "$rows" \
        "LC_ALL=$loc LANG=$loc $LS play $*; echo \"exit status \$?\"; sleep 60"
}

rec=$tmp/game.lsr
start g 100 35 C --seed 7 --bots 2 --pace 0 --record "$rec"
wait_for g "Your hand: total"
wait_for g "Open cards"
wait_for g "Deck:"
cp "$tmp/screen" "$tmp/first"

# Select the second card of the hand with the keys, discard it and draw.
$T send-keys -t g Right Space
wait_for g "now take an open card"
$T send-keys -t g d
wait_for g "drew"

# Help, then declare as soon as allowed: the round summary appears.
$T send-keys -t g '?'
wait_for g "Least Score - help"
$T send-keys -t g Escape
wait_for g "x:DECLARE" 20
# x asks first (a false declaration costs 20 points and more): any other
# key, or a click, answers no and does nothing else (Space selects no card,
# a click on the deck draws none); y declares.
$T send-keys -t g x
wait_for g "Declare with"
on_screen "y or x:declare" "no declare question in the footer"
$T send-keys -t g Space
wait_for g "x:DECLARE"
on_screen "Select the cards to discard" "Space after x did more than answer no"
on_screen ! "You declared" "Space after x did more than answer no"
$T send-keys -t g Space
wait_for g "now take an open card"
$T send-keys -t g x
wait_for g "Declare with"
deck_line=$(grep -n "Deck:" "$tmp/screen" | cut -d: -f1)
deck_col=$(sed -n "${deck_line}p" "$tmp/screen" | awk '{print index($0, "Deck:") - 1}')
deck_before=$(grep -o "Deck: [0-9]*" "$tmp/screen")
python3 -c 'import sys; b, x, y = 32, int(sys.argv[1]) + 33, int(sys.argv[2]) + 33
sys.stdout.write("\033[M%c%c%c\033[M%c%c%c" % (b, x, y, b + 3, x, y))' \
    $((deck_col + 1)) $((deck_line + 1)) >"$tmp/click"
$T send-keys -t g -l "$(cat "$tmp/click")"
wait_for g "x:DECLARE"
[ "$(grep -o "Deck: [0-9]*" "$tmp/screen")" = "$deck_before" ] ||
    screen_fail "a click after x drew a card"
$T send-keys -t g x
wait_for g "Declare with"
$T send-keys -t g y
wait_for g "Round 1: You declared with"
on_screen -E "CORRECT|FALSE" "the round summary does not say whether the declaration was correct"
wait_for g "Press Enter to continue"
# Q in capitals asks to quit over the round's result too, as q does, and
# N goes back to it.
$T send-keys -t g Q
wait_for g "Quit this game?"
$T send-keys -t g N
i=0
while $T capture-pane -p -t g | grep -q "Quit this game?"; do
    [ "$i" -lt 200 ] || { echo "N did not close the question"; exit 1; }
    sleep 0.05
    i=$((i + 1))
done
wait_for g "Press Enter to continue"
$T send-keys -t g Enter

# Ctrl-C asks; 'n' goes back to the game; q + y quits.
$T send-keys -t g C-c
wait_for g "Quit this game?"
$T send-keys -t g n
# (a fixed 0.2 s here failed when n was read later on a loaded machine)
wait_gone g "Quit this game?" 10
$T send-keys -t g q
wait_for g "Quit this game?"
$T send-keys -t g y
wait_for g "exit status 0"
on_screen "Record saved: $rec" "the record's path is not said on leaving"
on_screen "The match is not over; to go on with it: leastscore play --resume $rec" "quitting midway does not say how to go on"
[ "$($T display -p -t g '#{alternate_on}')" = 0 ] || { echo "alternate screen left on"; exit 1; }

# The first screen showed the dealt hand and the opening card.
for c in $(sed -n 's/^hand You //p' "$rec" | head -1) $(sed -n 's/^open //p' "$rec" | head -1); do
    grep -qF "$c" "$tmp/first" || { echo "card $c not on the first screen"; cat "$tmp/first"; exit 1; }
done
grep -q "^You discard .* draw" "$rec"
grep -q "^You declare" "$rec"
"$LS" replay "$rec" >/dev/null

# The mouse (xterm X10 reports, which ncurses reads as KEY_MOUSE): a click
# on the first card of the hand selects it, a click on the deck draws.
click() { # NAME X Y (0-based)
    python3 -c 'import sys; b, x, y = 32, int(sys.argv[1]) + 33, int(sys.argv[2]) + 33
sys.stdout.write("\033[M%c%c%c\033[M%c%c%c" % (b, x, y, b + 3, x, y))' "$2" "$3" >"$tmp/click"
    $T send-keys -t "$1" -l "$(cat "$tmp/click")"
}
start m 100 35 C --seed 7 --bots 2 --pace 0 --record "$tmp/mouse.lsr"
wait_for m "Your hand: total"
hand_line=$(grep -n "Your hand" "$tmp/screen" | cut -d: -f1)
click m 3 $((hand_line + 2))
wait_for m "now take an open card"
deck_line=$(grep -n "Deck:" "$tmp/screen" | cut -d: -f1)
deck_col=$(sed -n "${deck_line}p" "$tmp/screen" | awk '{print index($0, "Deck:") - 1}')
click m $((deck_col + 1)) $((deck_line + 1))
wait_for m "You "
wait_for m "drew"
$T send-keys -t m q
wait_for m "Quit this game?"
$T send-keys -t m y
wait_for m "exit status 0"
grep -q "^You discard .* draw" "$tmp/mouse.lsr"

# A cmd: bot's stderr does not reach the full screen (it wrote over the
# game); the bot plays, and the line mode still passes its stderr through.
noisy="'cmd:python3 $(cd "$(dirname "$0")/../bots" && pwd)/noisy.py'"
start b 100 35 C --seed 7 --bots 1 --level "$noisy" --pace 0 --record "$tmp/noisy.lsr"
wait_for b "Your hand: total"
$T send-keys -t b Space d
wait_for b "Ada discarded"
$T capture-pane -p -t b | grep -q "noisy bot" && { echo "the bot's stderr is on the screen"; $T capture-pane -p -t b; exit 1; }
$T send-keys -t b q
wait_for b "Quit this game?"
$T send-keys -t b y
wait_for b "exit status 0"
grep -q "^Ada discard" "$tmp/noisy.lsr"
echo quit | sh -c "$LS play --plain --seed 7 --bots 1 --level $noisy --record $tmp/noisy2.lsr" \
    2>"$tmp/noisy.err" >/dev/null
grep -q "noisy bot read: leastscore-bot 1" "$tmp/noisy.err" ||
    { echo "the line mode lost the bot's stderr"; cat "$tmp/noisy.err"; exit 1; }

# Your move is drawn before a cmd: bot's turn, and Ctrl-C while the bot
# thinks asks at once, not when the bot has answered (the wait for it went
# on through the signal); 'n' waits on for the same answer, the question
# not asked twice. The bot thinks until the test lets it answer (the file
# slow.go; 120 s at most, for a hang), and writes 'answered' in its log as
# it answers: each check is that something came before the answer, not
# that it came within some time. The bot never answers by itself: it did
# after 4.5 s, under play's limit of 5 s, and on a loaded machine (nice -n
# 19 beside two busy processes) the keys were handled only after that,
# and the test failed. play gives it --bot-timeout 600000, far above the
# bot's bound, so that a hang is the bot's to end and no step of the test
# races a clock; a play that gave up on it anyway is said so.
cat >"$tmp/slow.py" <<EOF
import os, sys, time
for line in sys.stdin:
    if line.startswith("leastscore-bot"):
        print("ok 1", flush=True)
    elif line.startswith("go "):
        open("$tmp/slow.log", "a").write(line)
        end = time.monotonic() + 120
        while time.monotonic() < end and not os.path.exists("$tmp/slow.go"):
            time.sleep(0.02)
        open("$tmp/slow.log", "a").write("answered\n")
        print("discard %s draw" % line.split()[2], flush=True)
EOF
# wait_asked: until the slow bot has been asked for its move (30 s by the
# clock; it went on without a word after 200 polls).
wait_asked() {
    end=$(($(date +%s) + 30))
    until grep -q "^go " "$tmp/slow.log" 2>/dev/null; do
        [ "$(date +%s)" -lt "$end" ] || { echo "the bot was never asked for its move"; exit 1; }
        sleep 0.05
    done
}
# not_answered SESSION WHAT: the bot has not answered yet (WHAT came
# before it), and play has not given up on it.
not_answered() {
    grep -q "^answered" "$tmp/slow.log" &&
        screen_fail "$2 only after the bot had answered"
    $T capture-pane -p -t "$1" >"$tmp/screen"
    grep -q "no answer within" "$tmp/screen" &&
        screen_fail "play gave up on the slow bot before $2 (its --bot-timeout)"
    return 0
}
# The bot was asked once (WHY: after what); then q, y end the game, whose
# record has one move of the bot's.
quit_after_one_bot_move() { # SESSION RECORD WHY
    [ "$(grep -c "^go " "$tmp/slow.log")" = 1 ] ||
        { echo "the bot was asked again $3"; cat "$tmp/slow.log"; exit 1; }
    $T send-keys -t "$1" q
    wait_for "$1" "Quit this game?"
    $T send-keys -t "$1" y
    wait_for "$1" "exit status 0"
    [ "$(grep -c "^Ada " "$2")" = 1 ] ||
        { echo "not one move of Ada's recorded"; cat "$2"; exit 1; }
}
rm -f "$tmp/slow.go"
start s 100 35 C --seed 7 --bots 1 --level "'cmd:python3 $tmp/slow.py'" --pace 0 \
    --bot-timeout 600000 --record "$tmp/slow.lsr"
wait_for s "Your hand: total"
$T send-keys -t s Space d
wait_asked
# Your move is on the screen while the bot thinks (at --pace 0 it was drawn
# only once the bot had answered).
wait_for s "You discarded"
not_answered s "your move was drawn"
$T send-keys -t s C-c
wait_for s "Quit this game?"
not_answered s "Ctrl-C asked"
$T send-keys -t s n
wait_gone s "Quit this game?"
touch "$tmp/slow.go"
wait_for s "Ada discarded"
quit_after_one_bot_move s "$tmp/slow.lsr" "after 'n'"

# So does a built-in expert's long think (2 million rollouts without
# racing, seconds of work): Ctrl-C asks at once, before her move (it was
# asked only once she had played it, her move in the log under the
# question), and her stopped search's move is never played; after 'n' she
# thinks again and plays, one move of hers in the record.
start th 100 35 C --seed 3 --bots 1 --level expert:race=0,iters=2000000 --pace 0 \
    --record "$tmp/think.lsr"
wait_for th "Your hand: total"
$T send-keys -t th Space d
wait_for th "You discarded"
$T send-keys -t th C-c
wait_for th "Quit this game?" 120
on_screen ! "Ada discarded" "Ctrl-C during an expert's think asked only after her move"
$T send-keys -t th n
wait_for th "Ada discarded" 300
$T send-keys -t th q
wait_for th "Quit this game?"
$T send-keys -t th y
wait_for th "exit status 0"
[ "$(grep -c "^Ada " "$tmp/think.lsr")" = 1 ] ||
    { echo "not one move of Ada's recorded after Ctrl-C, n"; cat "$tmp/think.lsr"; exit 1; }
"$LS" replay "$tmp/think.lsr" >/dev/null

# While a cmd: bot thinks, the screen answers its keys (they waited until
# the bot had answered): ? opens the help, q asks to quit and 'n' goes
# back, and a terminal made smaller is told so and, made larger again,
# drawn again, each before the bot answers; the bot is still asked once,
# and its move is played.
: >"$tmp/slow.log"
rm -f "$tmp/slow.go"
start k 100 35 C --seed 7 --bots 1 --level "'cmd:python3 $tmp/slow.py'" --pace 0 \
    --bot-timeout 600000 --record "$tmp/keys.lsr"
wait_for k "Your hand: total"
$T send-keys -t k Space d
wait_asked
$T send-keys -t k '?'
wait_for k "Least Score - help"
$T send-keys -t k Escape
wait_for k "You discarded"
$T send-keys -t k q
wait_for k "Quit this game?"
$T send-keys -t k n
$T resize-window -t k -x 60 -y 16
wait_for k "too small"
$T resize-window -t k -x 100 -y 35
wait_for k "You discarded"
# h on the bot's turn says why it does nothing, and the bot thinks on.
$T send-keys -t k h
wait_for k "It is Ada's turn: wait for yours."
# Each key was answered before the bot's move, which would be in the log.
on_screen ! "Ada discarded" "the keys waited for the bot's answer"
not_answered k "the keys were answered"
touch "$tmp/slow.go"
wait_for k "Ada discarded"
quit_after_one_bot_move k "$tmp/keys.lsr" "after the keys"

# A terminal that is too small gets a message, and q still quits. The
# message says all that can be done there: enlarge it (the game waits),
# or quit with q or Ctrl-C (it named q alone), the match saved, and go on
# in line mode, which fits any window (it was not said).
start small 60 16 C --seed 1 --record "$tmp/small.lsr"
wait_for small "too small"
wait_for small "with --plain."
tr '\n' ' ' <"$tmp/screen" | tr -s ' ' >"$tmp/small.text"
for want in "Enlarge the window to go on: the game waits until then." \
    "Or press q or Ctrl-C to quit now: the match is saved, and the command that goes on with it is printed." \
    "Line mode fits any window: that command with --plain."; do
    grep -qF "$want" "$tmp/small.text" || screen_fail "the small terminal's message does not say '$want'"
done
$T send-keys -t small q
wait_for small "exit status 0"
# So does Ctrl-C there (it opened a quit question that could not be seen
# until the window was enlarged); the match is saved to be gone on with.
# Unasked, it exits 130 as line mode's Ctrl-C does (it exited 0, as q).
start smallc 60 16 C --seed 1 --record "$tmp/smallc.lsr"
wait_for smallc "too small"
$T send-keys -t smallc C-c
wait_for smallc "exit status " 10
on_screen "exit status 130" "Ctrl-C at a small terminal, which quits unasked, does not exit 130"
on_screen "The match is not over; to go on with it:" "Ctrl-C at a small terminal did not save the match to go on with"
"$LS" play --plain --resume "$tmp/smallc.lsr" </dev/null >"$tmp/smallc.out" 2>&1 ||
    { echo "the match left with Ctrl-C at a small terminal cannot be resumed"; cat "$tmp/smallc.out"; exit 1; }

# Suit symbols in a UTF-8 locale, when the machine has one.
if locale -a 2>/dev/null | grep -qi '^c\.utf-*8$'; then
    start u 100 35 C.UTF-8 --seed 7 --bots 2 --record "$tmp/u.lsr"
    wait_for u "Your hand: total"
    grep -q '[♣♦♥♠]' "$tmp/screen" || screen_fail "no suit symbols"
    $T send-keys -t u q
    wait_for u "Quit this game?"
    $T send-keys -t u y
    wait_for u "exit status 0"
fi
# Closing the terminal (SIGHUP) in the middle of a round saves the record
# with every move made; --resume FILE goes on with that match where it
# stopped, with the same hand, and says so in "Last moves".
start h 100 35 C --seed 7 --bots 2 --pace 0 --record "$tmp/hup.lsr"
wait_for h "Your hand: total"
$T send-keys -t h Space d
wait_for h "You discarded"
wait_for h "space:select"
hand_row=$(grep -n "Your hand" "$tmp/screen" | cut -d: -f1)
sed -n "$((hand_row + 3))p" "$tmp/screen" >"$tmp/hand_before"
$T kill-pane -t h
i=0
while ! grep -q "^You discard" "$tmp/hup.lsr" 2>/dev/null && [ "$i" -lt 100 ]; do
    sleep 0.1
    i=$((i + 1))
done
grep -q "^You discard .* draw" "$tmp/hup.lsr" || { echo "SIGHUP: the move was not saved"; cat "$tmp/hup.lsr"; exit 1; }
# The move was saved before the SIGHUP: the game may still be leaving (a
# sanitizer's build checks for leaks at its exit), its lock held, and the
# resume below was refused ('is being played by another leastscore play').
i=0
while pgrep -f "play --seed 7 .*--record $tmp/hup.lsr\$" >/dev/null && [ "$i" -lt 300 ]; do
    sleep 0.1
    i=$((i + 1))
done
start h2 100 35 C --resume "$tmp/hup.lsr" --pace 0
wait_for h2 "Resumed from"
wait_for h2 "Your hand: total"
hand_row=$(grep -n "Your hand" "$tmp/screen" | cut -d: -f1)
sed -n "$((hand_row + 3))p" "$tmp/screen" >"$tmp/hand_after"
cmp -s "$tmp/hand_before" "$tmp/hand_after" ||
    { echo "the resumed hand differs"; cat "$tmp/hand_before" "$tmp/screen"; exit 1; }
$T send-keys -t h2 Space d
wait_for h2 "You discarded"
$T send-keys -t h2 q
wait_for h2 "Quit this game?"
$T send-keys -t h2 y
wait_for h2 "exit status 0"
on_screen "Record saved: $tmp/hup.lsr" "the record's path is not said after SIGHUP"
[ "$(grep -c "^You discard" "$tmp/hup.lsr")" -ge 2 ] || { echo "the resumed move was not saved"; cat "$tmp/hup.lsr"; exit 1; }
"$LS" replay "$tmp/hup.lsr" >/dev/null
# A save that fails in the middle of a round (here the record's directory
# was removed) is said at once, in "Last moves" and on the message rows,
# and the game goes on; once the save works again that is said too. And a
# game killed outright (kill -9: no signal to catch) loses at most the
# move being made: the record is saved after the deal and after every
# move, so --resume goes on at the same turn with the same hand. It was
# saved only at a round's end: the round's moves were lost, the resumed
# round was a new deal, and a failing save went unsaid until then.
mkdir "$tmp/k9"
start k9 100 35 C --seed 7 --bots 2 --pace 0 --record "$tmp/k9/k9.lsr"
wait_for k9 "Your hand: total"
grep -q "^hand You " "$tmp/k9/k9.lsr" || { echo "the deal was not saved"; cat "$tmp/k9/k9.lsr"; exit 1; }
rm -r "$tmp/k9"
$T send-keys -t k9 Space d
wait_for k9 "Not saved: cannot write $tmp/k9/k9.lsr: No such file or directory; the match is"
on_screen "The game goes on and tries again" "a failed save does not say the game goes on"
mkdir "$tmp/k9"
$T send-keys -t k9 Space d
wait_for k9 "The record is saved again in $tmp/k9/k9.lsr."
wait_for k9 "space:select"
hand_row=$(grep -n "Your hand" "$tmp/screen" | cut -d: -f1)
sed -n "$((hand_row + 3))p" "$tmp/screen" >"$tmp/hand_before"
kill -9 "$(pgrep -f "play --seed 7 .*--record $tmp/k9/k9.lsr\$")"
wait_for k9 "exit status 137"
[ "$(grep -c "^You discard" "$tmp/k9/k9.lsr")" = 2 ] ||
    { echo "kill -9 lost the moves of the round"; cat "$tmp/k9/k9.lsr"; exit 1; }
start k9r 100 35 C --resume "$tmp/k9/k9.lsr" --pace 0
wait_for k9r "Resumed from k9.lsr: round 1, turn 7."
wait_for k9r "space:select"
hand_row=$(grep -n "Your hand" "$tmp/screen" | cut -d: -f1)
sed -n "$((hand_row + 3))p" "$tmp/screen" >"$tmp/hand_after"
cmp -s "$tmp/hand_before" "$tmp/hand_after" ||
    { echo "the hand resumed after kill -9 differs"; cat "$tmp/hand_before" "$tmp/screen"; exit 1; }
$T send-keys -t k9r q
wait_for k9r "Quit this game?"
$T send-keys -t k9r y
wait_for k9r "exit status 0"
# A record that would pass the file size limit (ulimit -f, set on the
# running game once the deal is saved) is a save that fails, said as any
# other ('File too large'); the save on leaving fails too, and the message
# says what the file still holds and how to go on from there. SIGXFSZ
# killed the game in the middle of a save, the terminal left as curses had
# drawn it.
# (Its stderr is the pane, wide enough for the message on one row: a file
# there would be held to the limit too.)
mkdir "$tmp/fsz"
start fz 300 35 C --seed 7 --bots 2 --pace 0 --record "$tmp/fsz/f.lsr"
wait_for fz "Your hand: total"
prlimit --pid "$(pgrep -f "play --seed 7 .*--record $tmp/fsz/f.lsr\$")" \
    --fsize=$(($(wc -c <"$tmp/fsz/f.lsr") + 10))
$T send-keys -t fz Space d
wait_for fz "Not saved: cannot write $tmp/fsz/f.lsr: File too large; the file keeps the match as it stood at round 1, turn 1. The game goes on"
$T send-keys -t fz q
wait_for fz "Quit this game?"
$T send-keys -t fz y
wait_for fz "exit status 1"
on_screen "leastscore play: cannot write $tmp/fsz/f.lsr: File too large. The file keeps the match as it stood at round 1, turn 1 (what came after is not saved); to go on from there: leastscore play --resume $tmp/fsz/f.lsr" \
    "leaving with a save past the file size limit does not say what is kept"
[ "$(ls "$tmp/fsz")" = f.lsr ] || { echo "a failed save left files:"; ls "$tmp/fsz"; exit 1; }
# Ctrl-\ (SIGQUIT), a finger slipping off Enter, leaves as SIGTERM does:
# the record saved, the terminal given back (out of the alternate screen,
# the cursor shown, no mouse reports). It dumped core and left the
# terminal as curses had drawn it. Then it exits 131 (128 + 3), as a shell
# reports a process SIGQUIT killed, so that a script can tell (it exited
# 0 after the save).
start sq 100 35 C --seed 7 --bots 2 --pace 0 --record "$tmp/sq.lsr"
wait_for sq "Your hand: total"
$T send-keys -t sq Space d
wait_for sq "You discarded"
$T send-keys -t sq 'C-\'
wait_for sq "exit status"
on_screen "exit status 131" "Ctrl-\\ did not end the game cleanly with status 131"
on_screen "to go on with it: leastscore play --resume $tmp/sq.lsr" "Ctrl-\\ did not say how to go on"
[ "$($T display-message -p -t sq '#{alternate_on} #{cursor_flag} #{mouse_any_flag}')" = "0 1 0" ] ||
    screen_fail "Ctrl-\\ left the terminal as the game had it: $($T display-message -p -t sq \
        'alternate screen #{alternate_on}, cursor shown #{cursor_flag}, mouse #{mouse_any_flag}')"
grep -q "^You discard" "$tmp/sq.lsr" || { echo "Ctrl-\\: the move was not saved"; exit 1; }
# SIGTERM and SIGHUP (sent to the game, its terminal kept to read) leave
# so too, and exit 143 and 129: they exited 0.
for sig in TERM:143 HUP:129; do
    name=s${sig%:*} status=${sig#*:}
    start "$name" 100 35 C --seed 7 --bots 2 --pace 0 --record "$tmp/$name.lsr"
    wait_for "$name" "Your hand: total"
    $T send-keys -t "$name" Space d
    wait_for "$name" "You discarded"
    kill -"${sig%:*}" "$(pgrep -f "play --seed 7 .*--record $tmp/$name.lsr\$")"
    wait_for "$name" "exit status"
    on_screen "exit status $status" "SIG${sig%:*} did not end the game with status $status"
    on_screen "to go on with it: leastscore play --resume $tmp/$name.lsr" \
        "SIG${sig%:*} did not say how to go on"
    [ "$($T display-message -p -t "$name" '#{alternate_on} #{cursor_flag}')" = "0 1" ] ||
        screen_fail "SIG${sig%:*} left the terminal as the game had it"
    grep -q "^You discard" "$tmp/$name.lsr" || { echo "SIG${sig%:*}: the move was not saved"; exit 1; }
    "$LS" replay "$tmp/$name.lsr" >/dev/null
done
# What a cmd: bot starts outside its process group (setsid) does not
# outlive the game closed with its terminal (it did): play, its adoptive
# parent, ends it as it leaves.
start hd 100 35 C --seed 7 --bots 1 --pace 0 --record "$tmp/daemon.lsr" \
    --level "'cmd:python3 $(cd "$(dirname "$0")/../bots" && pwd)/daemon.py tuidaemon-$$'"
wait_for hd "Your hand: total"
daemons() { grep -l "tuidaemo[n]-$$" /proc/[0-9]*/cmdline 2>/dev/null || true; }
[ -n "$(daemons)" ] || { echo "the daemon bot left no process"; exit 1; }
$T kill-pane -t hd
i=0
while [ -n "$(daemons)" ] && [ "$i" -lt 200 ]; do
    sleep 0.1
    i=$((i + 1))
done
left=$(daemons)
[ -z "$left" ] || { for f in $left; do kill -9 "$(basename "$(dirname "$f")")" 2>/dev/null || true; done
    echo "a process a bot started outside its group outlived the game closed with its terminal"; exit 1; }
# "Last moves" names the record by its file's name, so that a long path,
# one word wider than the column, no longer hides where the match goes on.
deep=$tmp/a-folder-with-a-rather-long-name/and-another-one-below-it-too
mkdir -p "$deep"
cp "$tmp/hup.lsr" "$deep/hup.lsr"
start h3 100 35 C --resume "$deep/hup.lsr" --pace 0
wait_for h3 "Resumed from hup.lsr: round 1, turn" 10
$T send-keys -t h3 q
wait_for h3 "Quit this game?"
$T send-keys -t h3 y
wait_for h3 "exit status 0"

# A draw from an empty deck that shuffles the discard pile into a new deck
# is told in "Last moves" (seed 3, eight players of six cards; discarding
# J♣, the fifth card, and drawing).
start sh 100 35 C --seed 3 --bots 7 --hand-size 6 --pace 0 --record "$tmp/shuffle.lsr"
wait_for sh "Your hand: total"
$T send-keys -t sh Right Right Right Right Space d
wait_for sh "The deck had run out"
$T send-keys -t sh q
wait_for sh "Quit this game?"
$T send-keys -t sh y
wait_for sh "exit status 0"

# Once you are out, f plays the rest of the match at once: no pause
# between moves (the pace here is 10 s) and no round's result to close but
# the last. (Seed 3, five computers, out above 30: you declare
# on your second turn (39, falsely); Enter hurries the computers before that.)
start fin 80 24 C --seed 3 --bots 5 --threshold 30 --pace 10000 --record "$tmp/fin.lsr"
wait_for fin "Your hand: total"
$T send-keys -t fin Space d
i=0
while :; do
    $T capture-pane -p -t fin >"$tmp/screen"
    grep -qF "x:DECLARE" "$tmp/screen" && break
    grep -qF "Enter:skip wait" "$tmp/screen" && $T send-keys -t fin Enter
    [ "$i" -lt 400 ] || screen_fail "no second turn"
    sleep 0.05
    i=$((i + 1))
done
$T send-keys -t fin x y
wait_for fin "You are out: 37 points, above 30."
# Waited for, not looked for: the box can be read before the footer under
# it is drawn (a capture taken while the frame is being written).
wait_for fin "f:play the match to its end" 10
$T send-keys -t fin f
# The next result shown (once Round 1's has gone) is the last round's.
# Only a frame read twice alike counts: one caught half drawn can hold the
# new screen's top (Round 1's box gone) above the old one's last rows
# (its "Press Enter to continue").
i=0
: >"$tmp/screen"
while :; do
    $T capture-pane -p -t fin >"$tmp/screen.now"
    grep -qF "Press Enter to continue" "$tmp/screen.now" && ! grep -q "^ Round 1 " "$tmp/screen.now" &&
        cmp -s "$tmp/screen" "$tmp/screen.now" && break
    mv "$tmp/screen.now" "$tmp/screen"
    [ "$i" -lt 600 ] || screen_fail "f did not play the match to its end"
    sleep 0.05
    i=$((i + 1))
done
"$LS" replay "$tmp/fin.lsr" >"$tmp/fin.txt" || true
grep -q "^Winner: " "$tmp/fin.txt" || { echo "a round's result stopped the match"; cat "$tmp/screen" "$tmp/fin.txt"; exit 1; }
$T send-keys -t fin Enter
wait_for fin "wins the match"
$T send-keys -t fin n
wait_for fin "exit status 0"

# A declaration tied with the lowest other hand (D1): the round's box
# marks both lowest hands, bold with a star (only the first in seat order
# was, here You and not Ada who declared; tests/data/tied-declare.lsr).
cp "$(dirname "$0")/../data/tied-declare.lsr" "$tmp/tie.lsr"
start tie 100 35 C --resume "$tmp/tie.lsr" --pace 0
wait_for tie "Press Enter to continue"
on_screen -E "You +4D 5H +9\* " "your tied lowest hand is not marked"
on_screen -E "Ada +AD 8D +9\* " "the tied declarer's lowest hand is not marked"
$T send-keys -t tie q
wait_for tie "Quit this game?"
$T send-keys -t tie y
wait_for tie "exit status 0"

# Play again when the next match's record cannot be written (FILE-2 is a
# directory): the game ends, and says why on stderr with status 1 (it said
# only that the first record was saved, and exited 0).
mkdir -p "$tmp/again/g-2.lsr"
start ag 100 35 C --seed 3 --bots 1 --threshold 1 --pace 0 --record "$tmp/again/g.lsr"
wait_for ag "Your hand: total"
$T send-keys -t ag Space d
wait_for ag "x:DECLARE"
$T send-keys -t ag x y
wait_for ag "Press Enter to continue"
$T send-keys -t ag Enter
wait_for ag "Play again?"
$T send-keys -t ag y
wait_for ag "exit status"
for t in "Record saved: $tmp/again/g.lsr" "exit status 1" \
         "leastscore play: cannot write $tmp/again/g-2.lsr: Is a directory"; do
    on_screen "$t" "a match that could not start was not said"
done

# A save that fails at a round's end is said on the message rows under
# the result (the message was cleared at once): the record's directory is
# replaced by a file after the first move. Leaving then says it again on
# stderr, with status 1.
mkdir "$tmp/gone"
start gn 80 24 C --seed 3 --pace 0 --record "$tmp/gone/r.lsr"
wait_for gn "Your hand: total"
$T send-keys -t gn Space d
wait_for gn "x:DECLARE"
rm -r "$tmp/gone"
: >"$tmp/gone"
$T send-keys -t gn x y
wait_for gn "Press Enter to continue"
on_screen "cannot write $tmp/gone/r.lsr: Not a directory" "a failed save at the round's end was not said"
$T send-keys -t gn q
wait_for gn "Quit this game?"
$T send-keys -t gn y
wait_for gn "exit status 1"
on_screen "leastscore play: cannot write $tmp/gone/r.lsr: Not a directory" "the failed save was not said on leaving"

# --record naming a named pipe whose reader closes it in the middle of a
# save: the save fails as any other (Broken pipe, on the message rows) and
# the game goes on; SIGPIPE killed the full screen, its terminal left as
# the game had drawn it. The reader reads the first save whole, then
# keeps the pipe (one page, 4096 bytes) unread until the round's save,
# longer than that, fills it, and closes it under the blocked write: the
# resumed record is padded with comments, which every save keeps.
printf 'discard QH take 3D\nquit\n' |
    "$LS" play --plain --seed 3 --record "$tmp/pp.lsr" >/dev/null
i=0
while [ "$i" -lt 70 ]; do
    echo "# a comment that makes the record longer than a pipe's page" >>"$tmp/pp.lsr"
    i=$((i + 1))
done
mkfifo "$tmp/pp.fifo"
python3 -c '
import fcntl, os, struct, sys, termios, time
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_NONBLOCK)
fcntl.fcntl(fd, 1031, 4096)  # F_SETPIPE_SZ: one page
open(sys.argv[2], "w").write("open\n")
got = 0
for _ in range(60000):       # the first save, to its end (the writer closes)
    try:
        b = os.read(fd, 65536)
    except BlockingIOError:
        b = None
    if b:
        got += len(b)
    elif b == b"" and got:
        break
    time.sleep(0.01)
open(sys.argv[2], "w").write("drained %d\n" % got)
def pending():
    return struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0" * 4))[0]
for _ in range(60000):       # the next save fills the page and waits
    if pending() >= 4096:
        break
    time.sleep(0.01)
os.close(fd)
' "$tmp/pp.fifo" "$tmp/pp.state" &
i=0
until [ -s "$tmp/pp.state" ]; do
    i=$((i + 1))
    [ "$i" -lt 1200 ] || { echo "the pipe's reader did not start"; exit 1; }
    sleep 0.05
done
start pp 80 24 C --resume "$tmp/pp.lsr" --record "$tmp/pp.fifo" --pace 0
wait_for pp "x:DECLARE"
i=0
until grep -q drained "$tmp/pp.state" 2>/dev/null; do
    i=$((i + 1))
    [ "$i" -lt 1200 ] || screen_fail "the first save never reached the pipe's reader"
    sleep 0.05
done
$T send-keys -t pp x y
wait_for pp "Press Enter to continue"
on_screen "cannot write $tmp/pp.fifo: Broken pipe" "a save cut by its reader was not said"
$T send-keys -t pp Enter
wait_for pp "space:select"
$T send-keys -t pp q
wait_for pp "Quit this game?"
$T send-keys -t pp y
wait_for pp "exit status 1"
tr -d '\n' <"$tmp/screen" | grep -qF "leastscore play: cannot write $tmp/pp.fifo: it is a named pipe (FIFO) that no program reads" ||
    screen_fail "the failed save was not said on leaving"
wait

# NO_COLOR (no-color.org): not one colour is drawn (the default colours 39
# and 49 aside), and the title and footer bars are in reverse video.
$T new-session -d -s nc -x 100 -y 35 \
    "NO_COLOR=1 LC_ALL=C $LS play --seed 7 --bots 2 --record $tmp/nc.lsr; echo \"exit status \$?\"; sleep 60"
wait_for nc "Your hand: total"
$T send-keys -t nc Space
wait_for nc "now take an open card"
$T capture-pane -p -e -t nc >"$tmp/sgr"
if grep -qE "$(printf '\033')\[([0-9]*;)*(3[0-8]|4[0-8]|9[0-7]|10[0-7])(;[0-9]*)*m" "$tmp/sgr"; then
    echo "NO_COLOR: colours drawn"; cat -v "$tmp/sgr"; exit 1
fi
for row in 1 35; do
    sed -n "${row}p" "$tmp/sgr" | grep -qE "$(printf '\033')\[([0-9]*;)*7(;[0-9]*)*m" ||
        { echo "NO_COLOR: row $row is not in reverse video"; cat -v "$tmp/sgr"; exit 1; }
done
$T send-keys -t nc q
wait_for nc "Quit this game?"
$T send-keys -t nc y
wait_for nc "exit status 0"

# Ten matches in a session, the last left midway: leaving lists the last
# eight records, the unfinished one with how to go on (only the first
# eight were kept, so the tenth, the one to go on with, was not said).
mkdir "$tmp/ten" # --record makes no directory
start ten 100 35 C --seed 3 --bots 1 --threshold 1 --pace 0 --record "$tmp/ten/g.lsr"
n=0 i=0 prev=
while :; do
    $T capture-pane -p -t ten >"$tmp/screen" 2>/dev/null || true
    now=$(cat "$tmp/screen")
    if [ "$now" != "$prev" ]; then
        prev=$now
        if grep -qF "Play again?" "$tmp/screen"; then
            n=$((n + 1))
            $T send-keys -t ten y
        elif grep -qF "Press Enter to continue" "$tmp/screen"; then
            $T send-keys -t ten Enter
        elif grep -qF "space:select" "$tmp/screen" && [ "$n" = 9 ]; then
            break
        elif grep -qF "x:DECLARE" "$tmp/screen"; then
            $T send-keys -t ten x y
        elif grep -qF "space:select" "$tmp/screen"; then
            $T send-keys -t ten Space d
        fi
    fi
    i=$((i + 1))
    [ "$i" -lt 6000 ] || screen_fail "ten matches were not played"
    sleep 0.05
done
$T send-keys -t ten q
wait_for ten "Quit this game?"
$T send-keys -t ten y
wait_for ten "exit status 0"
tr -d '\n' <"$tmp/screen" >"$tmp/ten.txt"
grep -qF "Records saved: 2 of earlier matches, then:Record saved: $tmp/ten/g-3.lsr" "$tmp/ten.txt" &&
    grep -qF "Record saved: $tmp/ten/g-10.lsr" "$tmp/ten.txt" &&
    grep -qF "to go on with it: leastscore play --resume $tmp/ten/g-10.lsr" "$tmp/ten.txt" ||
    screen_fail "the last records were not listed on leaving"

# A terminal without an alternate screen (TERM=linux, the Linux console)
# keeps what the game drew: the screen is cleared before the record's path
# is printed, which began over the footer ("Record saved: FILE)  n:go on
# playing").
$T new-session -d -s lx -x 80 -y 24 \
    "TERM=linux LC_ALL=C $LS play --seed 7 --record $tmp/lx.lsr; echo \"exit status \$?\"; sleep 60"
wait_for lx "Your hand: total"
$T send-keys -t lx q
wait_for lx "Quit this game?"
$T send-keys -t lx y
wait_for lx "exit status 0"
! grep -qE "go on playing|Your hand|Open cards" "$tmp/screen" &&
    grep -qx "Record saved: $tmp/lx.lsr" "$tmp/screen" ||
    screen_fail "the game's screen was left under what was printed on leaving"

# A terminal curses does not know (it ended the process with "Error
# opening terminal"), one that cannot move the cursor (TERM=dumb: the screen
# came out as one long line) and none at all: the line mode, told why.
for term in foo dumb -; do
    if [ "$term" = - ]; then set_term="env -u TERM"; else set_term="env TERM=$term"; fi
    $T new-session -d -s t -x 200 -y 35 \
        "$set_term LC_ALL=C $LS play --seed 7 --bots 1 --record $tmp/term.lsr; echo \"exit status \$?\"; sleep 60"
    wait_for t "your move>"
    case $term in
    foo) grep -qF "the terminal type 'foo' is not known here" "$tmp/screen" ;;
    dumb) grep -qF "the terminal type 'dumb' cannot move the cursor" "$tmp/screen" ;;
    -) grep -qF "TERM is not set" "$tmp/screen" ;;
    esac || screen_fail "TERM=$term: no reason given"
    on_screen "so the game is in line mode" "TERM=$term: the line mode is not said"
    $T send-keys -t t "discard $(sed -n 's/^ *Hand: \([^ ]*\).*/\1/p' "$tmp/screen") draw" Enter
    wait_for t "You discard"
    $T send-keys -t t quit Enter
    wait_for t "exit status 0"
    on_screen "Record saved: $tmp/term.lsr" "TERM=$term: the record's path is not said"
    grep -q "^You discard" "$tmp/term.lsr"
    $T kill-session -t t
done

# At 80 columns that sentence is broken at spaces, later rows indented
# two (the terminal cut it mid-word: "...such as xterm" / "-256color, for
# the full screen.").
$T new-session -d -s t80 -x 80 -y 35 \
    "env TERM=dumb LC_ALL=C $LS play --seed 7 --bots 1 --record $tmp/t80.lsr; echo \"exit status \$?\"; sleep 60"
wait_for t80 "your move>"
python3 - "$tmp/screen" <<'PY' || screen_fail "TERM=dumb at 80 columns: the line-mode sentence is not broken at spaces"
import sys
rows = open(sys.argv[1], encoding="utf-8").read().split("\n")
top = next(i for i, r in enumerate(rows) if r.startswith("leastscore play: "))
end = next(i for i in range(top, len(rows)) if "for the full screen." in rows[i])
said = rows[top:end + 1]
want = ("leastscore play: the terminal type 'dumb' cannot move the cursor, so the game "
        "is in line mode (as with --plain); set TERM to your terminal's type, such as "
        "xterm-256color, for the full screen.")
assert " ".join(r.strip() for r in said) == want, said
assert all(r.startswith("  ") and not r.startswith("   ") for r in said[1:]), said
assert all(len(r.rstrip()) <= 80 for r in said), said
PY
$T send-keys -t t80 quit Enter
wait_for t80 "exit status 0"
$T kill-session -t t80

# A key that is no key of your turn says so, and where the keys are: z,
# F5, and f and m (the footer's keys once you are out, or of a message
# that ends in m:more) did nothing without a word, as if the game had not
# read them. The next key's message follows as before.
start nk 80 24 C --seed 7 --pace 0 --record "$tmp/nk.lsr"
wait_for nk "Select the cards to discard"
$T send-keys -t nk z
wait_for nk "The key z does nothing here: ? lists the keys."
$T send-keys -t nk F5
wait_for nk "That key does nothing here: ? lists the keys."
$T send-keys -t nk f
wait_for nk "f plays the rest of the match at once once you are out; you are"
$T send-keys -t nk m
wait_for nk "m shows the rest of a message that ends in m:more; there is none."
$T send-keys -t nk Space
wait_for nk "now take an open card"
on_screen ! "does nothing" "the message of a key that does nothing stayed after Space"
$T send-keys -t nk q
wait_for nk "Quit this game?"
$T send-keys -t nk y
wait_for nk "exit status 0"
# A box narrower than the screen stands on rows cleared to both sides of
# it: at 80x20 the quit question's box cut 'Your hand: total 25' to 'Your
# hand: to' at its left and left 'art.' of 'Round 1: you start.' at its
# right, read as part of it.
start qb 80 20 C --seed 11 --bots 3 --pace 0 --record "$tmp/qb.lsr"
wait_for qb "Select the cards to discard"
$T send-keys -t qb q
wait_for qb "Quit this game?"
python3 - "$tmp/screen" <<'PY' || screen_fail "words beside the quit question's box"
import re, sys
rows = open(sys.argv[1]).read().split("\n")
i = next(k for k, r in enumerate(rows) if "Quit this game?" in r)
for r in rows[i - 1:i + 3]:  # the box: border, 2 rows, border
    assert re.fullmatch(r" *([+]-+[+]|[|][^|]*[|]) *", r), r
PY
$T send-keys -t qb y
wait_for qb "exit status 0"
# A hint never holds the keys. At a table whose deal leaves under 12 cards
# (seven bots dealt 6 leave 4) the hint's search runs 2 s, and a key pressed
# meanwhile was read only once it had ended (q then found the hint shown,
# which had replaced the selection). The search runs beside the screen
# now: q asks at once and n goes back to your selection, the hint dropped
# and never shown; Esc drops it and keeps the selection; Ctrl-C asks; a
# resize is drawn while it goes on; left alone, the hint is shown (with
# '(A search cut at 2 s...)' when its search ran the whole 2 s, which is
# the machine's speed: not checked).
start hs 200 40 C --seed 3 --bots 7 --hand-size 6 --runs suited --pace 0 --record "$tmp/hs.lsr"
wait_for hs "Select the cards to discard"
$T send-keys -t hs Right Space
wait_for hs "Discard 6H (6 points)"
$T send-keys -t hs h
wait_for hs "Thinking"
$T send-keys -t hs q
wait_for hs "Quit this game?"
$T send-keys -t hs n
wait_for hs "Discard 6H (6 points)"
on_screen ! "Hint:" "a hint dropped by q was shown"
$T send-keys -t hs h
wait_for hs "Thinking"
$T send-keys -t hs Escape
wait_for hs "Discard 6H (6 points)"
on_screen ! "Hint:" "a hint dropped by Esc was shown"
$T send-keys -t hs h
wait_for hs "Thinking"
$T send-keys -t hs C-c
wait_for hs "Quit this game?"
$T send-keys -t hs n
wait_for hs "Discard 6H (6 points)"
$T send-keys -t hs h
wait_for hs "Thinking"
$T resize-window -t hs -x 150 -y 40
i=0
until $T capture-pane -p -t hs >"$tmp/screen" &&
    head -1 "$tmp/screen" | grep -q 'Least Score *$'; do
    [ "$i" -lt 200 ] || screen_fail "the resize was not drawn; the screen:"
    sleep 0.05
    i=$((i + 1))
done
on_screen "Thinking" "the resize was drawn only once the hint had ended"
wait_for hs "Hint: discard" 20
$T send-keys -t hs q
wait_for hs "Quit this game?"
$T send-keys -t hs y
wait_for hs "exit status 0"

# Keys typed while a computer player chooses its move in the game's own
# thread (a built-in expert: race=0 makes it use its whole budget, about a
# second) wait in the terminal's input until it has moved. They acted on
# what came next, unseen: Space d typed on Ada's turn discarded and drew on
# yours, and Enter closed the round's result as it opened. Now the keys of
# a move are dropped, and said to be; q is kept and asks, after the move.
slow=expert:race=0,iters=600000
start ta 80 24 C.UTF-8 --seed 7 --bots 1 --level $slow --pace 0 --record "$tmp/ta.lsr"
wait_for ta "Select the cards to discard"
$T send-keys -t ta Space d
wait_for ta "Ada is playing"
$T send-keys -t ta Space d
wait_for ta "not played: see Ada's move, then" 120
[ "$(grep -c "You discarded" "$tmp/screen")" = 1 ] ||
    screen_fail "keys typed while Ada thought played a move on the next turn"
on_screen ! "(keep" "keys typed while Ada thought selected a card"
$T send-keys -t ta Space d
wait_for ta "Ada is playing"
$T send-keys -t ta q
wait_for ta "Quit this game?" 120
$T send-keys -t ta y
wait_for ta "exit status 0"
# The round ends after Ben's (greedy, at once) move, the third and last.
start tr 80 24 C.UTF-8 --seed 7 --bots 2 --level $slow,greedy --max-turns 3 --pace 0 \
    --record "$tmp/tr.lsr"
wait_for tr "Select the cards to discard"
$T send-keys -t tr Space d
wait_for tr "Ada is playing"
$T send-keys -t tr Enter Enter
wait_for tr "Press Enter to continue" 120
sleep 0.5 # what a key already read would do is drawn by now
$T capture-pane -p -t tr >"$tmp/screen"
on_screen "Press Enter to continue" "an Enter typed while Ada thought closed the round's result"
$T send-keys -t tr q
wait_for tr "Quit this game?"
$T send-keys -t tr y
wait_for tr "exit status 0"
# A refusal to begin, at a terminal 80 columns wide, is broken at spaces to
# its width, as replay's are: the terminal cut it mid-word ("ov" / "er").
# A row the terminal wrapped is joined again by capture-pane -J; a row the
# game broke is not: the two captures are alike.
start rf 80 24 C --record "$tmp/no/such/directory/with/a/name/long/enough.lsr"
wait_for rf "exit status 1"
$T capture-pane -p -t rf | sed 's/ *$//' >"$tmp/rf.rows"
$T capture-pane -pJ -t rf | sed 's/ *$//' >"$tmp/rf.joined"
cmp -s "$tmp/rf.rows" "$tmp/rf.joined" ||
    screen_fail "play's refusal was wrapped by the terminal, not at its spaces"
grep -q "^  .*directory$" "$tmp/rf.rows" ||
    screen_fail "play's refusal's last row is not indented"
echo ok
