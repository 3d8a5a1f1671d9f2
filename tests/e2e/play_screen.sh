#!/bin/sh
# play_screen.sh - what a new player trips over in the full-screen `play`
# (issue 13), each driven in tmux: a mouse click that completes a move lets
# the computers go on by themselves; no text is written over the gutter
# between the game and the "Last moves" column; the help scrolls at the
# smallest size and says there is more; a 16-character name never hides
# the cards of a move; a broken cmd: player is reported on the screen, and
# in line mode on stderr, with its seat, and is started once; long messages
# wrap and name cards as the screen draws them; the quit question goes back
# to the box it covered; a terminal far too small is told so in full; the
# help fills a window made taller; a hint keeps its most needed words; the
# turn limit's result speaks to you; after Ctrl-Z and fg in a shell the
# line mode asks again and the full screen is drawn again; a false
# declarer's score is explained whole beside long names; the mouse wheel
# scrolls the help; everyone out in a round is named; a narrow reason
# column gets the short reasons; a click on the number under an open card
# takes it; a refused discard is said as a sentence, and a number with no
# open card says which there are; the round's box and the title row are
# laid out the same way at any width; ? opens the help over a round's
# result and the end of the match, and goes back to them; the help words
# the rules as line mode does; line mode breaks its lines at spaces at a
# narrow terminal, but never a path or the command to go on; a move key on
# a computer's turn says why it does nothing; "Last moves" shows an entry
# whole; line mode's round result is sentences at a terminal too narrow
# for its table, and its help's descriptions go on under their column;
# text cut for want of rows ends in an ellipsis after its last whole word;
# a computer player's level is cut by characters; a window far too small
# still says how to quit; a word wider than its column goes on below,
# broken between two escapes; - then + gives the pace it left; the
# help's box is as wide and as tall as its text; a selection that is no
# legal discard is said in a sentence; message rows are 100 columns at most;
# the quit box ends under its text; at 40x10 the too-small message is whole;
# a take before any discard puts the cursor back on the hand; a click on
# a key of the footer presses it; a click on h:hint while the hint is
# searched keeps the search; the help says what the mouse clicks.
# Every wait polls the screen with a timeout.
set -e
LS=${LEASTSCORE:-build/leastscore}
tmp=$(mktemp -d)
. "$(dirname "$0")/lib/tmux.sh"
# cleanup (lib/tmux.sh) cannot fail under set -e, which would end the trap
# early: the server is already gone when the last session was killed.
trap cleanup EXIT
loc=C
locale -a 2>/dev/null | grep -qi '^c\.utf-*8$' && loc=C.UTF-8

start() { # NAME COLS ROWS ARGS...
    name=$1 cols=$2 rows=$3
    shift 3
    # A session stays 60 s after its game ends (the sleep below): a name
    # used by an earlier section may still be taken, however fast the
    # sections between ran. Each section has a name of its own.
    if $T has-session -t "=$name" 2>/dev/null; then
        echo "session $name is still open from an earlier section: give this one a name of its own"
        exit 1
    fi
    $T new-session -d -s "$name" -x "$cols" -y "$rows" \
        "LC_ALL=$loc LANG=$loc $LS play $*; echo \"exit status \$?\"; sleep 60"
}

# send_turn NAME KEYS...: sends the keys of a move that draws, then waits
# for your next turn, closing a round's result on the way. Your turn is
# back when the footer offers your keys and the deck is no longer the size
# it was before the keys: on a loaded machine the old prompt can still be
# on the screen when it is first looked at, and the next move's keys would
# then be typed during the computers' turns.
deck_size() { grep -o 'Deck: [0-9]*' "$1" | head -1; }
send_turn() {
    name=$1
    shift
    $T capture-pane -p -t "$name" >"$tmp/before" 2>/dev/null || true
    before=$(deck_size "$tmp/before")
    $T send-keys -t "$name" "$@"
    i=0
    while [ "$i" -lt 600 ]; do
        $T capture-pane -p -t "$name" >"$tmp/screen" 2>/dev/null || true
        if grep -qF "Press Enter to continue" "$tmp/screen"; then
            $T send-keys -t "$name" Enter
        elif grep -qF "space:select" "$tmp/screen" &&
             [ "$(deck_size "$tmp/screen")" != "$before" ]; then
            return 0
        fi
        sleep 0.05
        i=$((i + 1))
    done
    screen_fail "timed out waiting for my turn; the screen:"
}

# first_turn NAME COLS ROWS ARGS...: starts a game and plays your first
# turn (the card under the cursor, and a draw): it is your turn again.
first_turn() {
    name=$1
    start "$@"
    wait_for "$name" "Your hand: total"
    send_turn "$name" Space d
}

# round_drawing NAME: plays your turns of the round (the first card, and a
# draw) until its result is on the screen, which is then in $tmp/screen.
# Each move's keys are sent once, then the turn must pass (the deck's size
# changes, or the round ends) before the screen is looked at again: the
# loop this replaces sent Space d whenever the prompt was on the screen,
# and a game slow to read them got a second Space (a card selected during
# a computer's turn) and then waited for ever on a prompt that never came.
# 120 s by the clock.
round_drawing() {
    end=$(($(date +%s) + 120))
    while :; do
        $T capture-pane -p -t "$1" >"$tmp/screen"
        grep -qF "Press Enter to continue" "$tmp/screen" && break
        if grep -qF "Select the cards to discard (space)" "$tmp/screen"; then
            before=$(deck_size "$tmp/screen")
            $T send-keys -t "$1" Space d
            while $T capture-pane -p -t "$1" >"$tmp/screen" &&
                  [ "$(deck_size "$tmp/screen")" = "$before" ] &&
                  ! grep -qF "Press Enter to continue" "$tmp/screen"; do
                [ "$(date +%s)" -lt "$end" ] || screen_fail "a move was not taken"
                sleep 0.05
            done
        fi
        [ "$(date +%s)" -lt "$end" ] || screen_fail "the round did not end"
        sleep 0.05
    done
    settle "$1" "Press Enter to continue"
}

# false_out NAME RECORD: seed 3, one computer, threshold 1: your false
# declaration on your second turn puts you out, and the round's result
# (the match's last) is on the screen.
false_out() {
    first_turn "$1" 80 24 --seed 3 --bots 1 --threshold 1 --pace 0 --record "$2"
    $T send-keys -t "$1" x y
    wait_for "$1" "Press Enter to continue"
}

# ask_hint NAME ROWS KEY [ARGS...]: at 80xROWS, seed 3, your second turn: 6
# and 8 are selected, no legal discard, and KEY asks for the hint, which
# always replaces them; the screen with "Hint:" is in $tmp/screen.
ask_hint() {
    name=$1 rows=$2 key=$3
    shift 3
    first_turn "$name" 80 "$rows" --seed 3 --pace 0 --record "$tmp/$name$rows.lsr" "$@"
    $T send-keys -t "$name" Space Right Space
    wait_for "$name" "Not a legal discard"
    $T send-keys -t "$name" "$key"
    wait_for "$name" "Hint:"
}

quit() { # NAME
    $T send-keys -t "$1" q
    wait_for "$1" "Quit this game?"
    $T send-keys -t "$1" y
    wait_for "$1" "exit status 0"
}

# same_places FILE WHAT: the places of the match-over box on $tmp/screen
# ("2. Ada  33  0  out in round 5") are those `leastscore replay FILE`
# gives ("  2. Ada   33  (out in round 5)"), each as "PLACE NAME SCORE
# ROUND", and the first is not the first seat (You): the places are not
# the seats' order.
same_places() {
    grep -oE '[0-9]+\. [A-Za-z0-9_-]+ +[0-9]+ +[0-9]+  (winner|out in round [0-9]+)' "$tmp/screen" |
        sed -E 's/^([0-9]+)\. ([^ ]+) +([0-9]+) +[0-9]+  (winner|out in round ([0-9]+))$/\1 \2 \3 \5/' \
        >"$tmp/places.screen"
    "$LS" replay "$1" |
        sed -nE 's/^  ([0-9]+)\. ([^ ]+) +([0-9]+)(  \(out in round ([0-9]+)\))?$/\1 \2 \3 \5/p' \
        >"$tmp/places.replay"
    [ -s "$tmp/places.replay" ] && cmp -s "$tmp/places.screen" "$tmp/places.replay" ||
        { diff "$tmp/places.replay" "$tmp/places.screen"; screen_fail "$2: not replay's places"; }
    head -1 "$tmp/places.screen" | grep -q "^1 You " && screen_fail "$2: You first, as seated"
    grep -q "^[0-9] You 32 1$" "$tmp/places.screen" || screen_fail "$2: You not out in round 1"
}

# want N: section N runs (all of them unless ONLY names one).
want() { [ -z "$ONLY" ] || [ "$ONLY" = "$1" ]; }

# mouse NAME X Y BUTTON: one xterm mouse report (32 = press, 35 = release).
mouse() {
    python3 -c 'import sys; b, x, y = int(sys.argv[3]), int(sys.argv[1]) + 33, int(sys.argv[2]) + 33
sys.stdout.write("\033[M%c%c%c" % (b, x, y))' "$2" "$3" "$4" >"$tmp/ev"
    $T send-keys -t "$1" -l "$(cat "$tmp/ev")"
}
# click NAME X Y: press, then release a moment later, as a hand does.
click() {
    mouse "$1" "$2" "$3" 32
    sleep 0.2
    mouse "$1" "$2" "$3" 35
}

# 1. A click that completes a move: the computer's turn must follow with
# no key pressed, and the turn come back. (The freeze needs a pace: the
# release must arrive while the game waits for the computer's time.)
if want 1; then
start m 100 30 --seed 5 --pace 700 --record "$tmp/m.lsr"
wait_for m "Your hand: total"
hand_line=$(grep -n "Your hand" "$tmp/screen" | cut -d: -f1)
click m 3 $((hand_line + 2))
wait_for m "now take an open card"
deck_line=$(grep -n "Deck:" "$tmp/screen" | cut -d: -f1)
deck_col=$(sed -n "${deck_line}p" "$tmp/screen" | awk '{print index($0, "Deck:") - 1}')
click m $((deck_col + 1)) $((deck_line + 1))
wait_for m "Select the cards to discard" 10
quit m
fi
# 2. No two widgets share cells: columns 48-49 (between the game and the
# log) stay blank on every row from the log's top to the message, at
# 80x20 (the smallest for 4 players), 80x24 and 100x30, with a selection
# made and a long log.
if want 2; then
gutter_blank() { # NAME: checks the current screen
    $T capture-pane -p -t "$1" >"$tmp/screen"
    python3 - "$tmp/screen" <<'EOF'
import sys
rows = open(sys.argv[1], encoding="utf-8", errors="replace").read().split("\n")
top = next(i for i, r in enumerate(rows) if "Last moves" in r)
msg = next(i for i, r in enumerate(rows) if "Your hand" in r or "You are out" in r)
for i in range(top, msg + 1):
    r = rows[i].ljust(100)
    if r[48:50].strip():
        print("row %d writes over the gutter: %r" % (i, rows[i]))
        sys.exit(1)
EOF
}
for size in "80 20" "80 24" "100 30"; do
    set -- $size
    start o "$1" "$2" --seed 5 --pace 0 --record "$tmp/o.lsr"
    wait_for o "Your hand: total"
    for turn in 1 2 3 4; do
        send_turn o Space d
    done
    $T send-keys -t o Space
    wait_for o "now take an open card"
    gutter_blank o || { cat "$tmp/screen"; exit 1; }
    quit o
    $T kill-session -t o
done
fi
# 3. Help at the smallest size the game takes (3 players: 80x19) scrolls
# and says there is more; the last key line and the rules' end are reached.
if want 3; then
start h 80 19 --seed 5 --bots 2 --pace 0 --record "$tmp/h.lsr"
wait_for h "Your hand: total"
$T send-keys -t h '?'
wait_for h "Least Score - help"
wait_for h "more below"
# Its first page names the way back too: at this size it covers the
# footer, and only the last page said how to leave it.
grep -qF "more below: Down, PgDn; other keys: back --" "$tmp/screen" ||
    screen_fail "the help's first page does not say how to go back"
# Each Down is drawn before the next is sent (40 sent at a fixed pace could
# outrun a loaded game: its last ones drawn after the loop's last look).
seen_end=0 seen_rules=0 seen_table=0
$T capture-pane -p -t h >"$tmp/screen"
for i in $(seq 1 40); do
    grep -qF "the last one in wins" "$tmp/screen" && seen_rules=1
    grep -qF "This table: out above 100 points; a tie counts as lowest." "$tmp/screen" && seen_table=1
    grep -qF "goes on with it later)" "$tmp/screen" && { seen_end=1; break; }
    cp "$tmp/screen" "$tmp/help.before"
    $T send-keys -t h Down
    end=$(($(date +%s) + 10))
    while $T capture-pane -p -t h >"$tmp/screen" && cmp -s "$tmp/screen" "$tmp/help.before"; do
        [ "$(date +%s)" -lt "$end" ] || screen_fail "Down did not scroll the help"
        sleep 0.05
    done
done
[ "$seen_rules" = 1 ] && [ "$seen_end" = 1 ] || screen_fail "help did not scroll to its end"
[ "$seen_table" = 1 ] || { echo "help does not state this table's rules"; exit 1; }
grep -qF "more below" "$tmp/screen" && { echo "'more below' shown at the end"; exit 1; }
$T send-keys -t h Escape
# (a fixed 0.2 s here failed when Esc was read later on a loaded machine)
wait_gone h "Least Score - help" 10
quit h
fi
# 4. A 16-character name at 80 columns: the log still shows the whole move
# (the card discarded and the card drawn), and the name is whole in the
# table of the round's result, its hand after it (it was cut to 10
# columns, "ABCDEFGHI…"; section 56 has why that matters).
if want 4; then
start n 80 24 --seed 7 --bots 2 --pace 0 --name ABCDEFGHIJKLMNOP --record "$tmp/n.lsr"
wait_for n "Your hand: total"
$T send-keys -t n Space d
wait_for n "You discarded"
grep -E "You discarded .+, drew .+" "$tmp/screen" >/dev/null ||
    screen_fail "the log lost the cards"
wait_for n "x:DECLARE" 20
$T send-keys -t n x y
wait_for n "Press Enter to continue"
on_screen -E "^[^ ]+ ABCDEFGHIJKLMNOP +[2-9AJQK1][^ ]* " "the long name is not whole in the round's result"
on_screen ! -E "ABCDEFGH[A-Z]?(…|~)" "the long name is cut"
$T send-keys -t n Enter
quit n
fi
# 5. A bot that cannot start: the screen says which seat's bot failed and
# how; line mode says it on stderr; the bot is started once (the options
# are checked without starting it). It reads the greeting before it exits,
# so that what it did is always "exit status 3" (not a broken pipe).
if want 5; then
bot="cmd:echo >>$tmp/starts;read g;exit 3"
start b 100 30 --seed 5 --bots 1 --pace 0 --record "$tmp/b.lsr" --level "'$bot'"
wait_for b "Your hand: total"
wait_for b "Ada's bot"
on_screen "exit status 3" "the failure is not said"
quit b
[ "$(wc -l <"$tmp/starts")" -eq 1 ] || { echo "the bot was started $(wc -l <"$tmp/starts") times"; exit 1; }
rm -f "$tmp/starts"
echo quit | "$LS" play --plain --seed 5 --bots 1 --level "$bot" --record "$tmp/p.lsr" \
    >"$tmp/out" 2>"$tmp/err"
grep -qF "Ada's bot" "$tmp/err" || { echo "stderr does not name the seat:"; cat "$tmp/err"; exit 1; }
grep -qF "exit status 3" "$tmp/err" || { echo "stderr does not say what it did"; cat "$tmp/err"; exit 1; }
[ "$(wc -l <"$tmp/starts")" -eq 1 ] || { echo "plain: the bot was started $(wc -l <"$tmp/starts") times"; exit 1; }
fi
# 6. A long message at 80 columns is wrapped, not cut; cards in messages
# are drawn as on the table (seed 5 deals A♦ 2♦ 2♥ 4♥ J♦: A, 4, J is no
# legal discard).
if want 6; then
start w 80 24 --seed 5 --pace 0 --record "$tmp/w.lsr"
wait_for w "Your hand: total"
$T send-keys -t w Space
if [ "$loc" = C.UTF-8 ]; then wait_for w "Discard A♦"; else wait_for w "Discard AD"; fi
$T send-keys -t w Right Right Right Space Right Space
wait_for w "Not a legal discard"
wait_for w "(K-A-2 does not count)"
quit w
fi
# 7. Every result understandable. Seed 7, 2 computers, threshold 25: the
# card you draw is marked "new"; the log reads as sentences; the round box
# explains your false declaration (20 + (30 - Ada's 18)), marks the lowest
# hand, has its column headers and says who is out with the threshold;
# after you are out the screen says so and the next round's box is still
# shown; the end box has the session's tally and the places, also when
# the match is resumed. The title has the rule
# variants and the table each computer's level.
if want 7; then
start r 100 30 --seed 7 --bots 2 --threshold 25 --pace 0 --record "$tmp/r.lsr"
wait_for r "Your hand: total"
for t in "out above 25" "tie wins" "runs any suit" "declare any" "greedy"; do
    on_screen "$t" "no '$t' in the header"
done
$T send-keys -t r Space d
wait_for r "You discarded"
on_screen -E "^ +new" "the drawn card is not marked"
# Ada moves at once (--pace 0), but the screen may be read between the
# two moves: wait for her sentence rather than expect it.
wait_for r "Ada discarded"
on_screen -E "Ada discarded .+, (drew|took)" "no sentence for Ada"
wait_for r "x:DECLARE"
$T send-keys -t r x y
wait_for r "Press Enter to continue"
for t in "You declared with 30: FALSE" "this round" "match" "20 + (30 - Ada's 18)" \
         "18*" "* lowest hand." "You are out: 32 points, above 25."; do
    on_screen "$t" "no '$t' in the round box"
done
$T send-keys -t r Enter
wait_for r "Round 2: Ada declared"
on_screen "You are out: 32 points, above 25" "no 'You are out'"
on_screen "28 - 19" "round 2 not explained"
for i in $(seq 1 300); do
    $T capture-pane -p -t r >"$tmp/screen"
    grep -qF "Play again? (y/n)" "$tmp/screen" && break
    grep -qF "Press Enter to continue" "$tmp/screen" && $T send-keys -t r Enter
    sleep 0.1
done
wait_for r "matches won so far"
on_screen -E "(Ada|Ben) +[0-9]+ +1  winner" "no tally"
# The box lists everyone by place, as replay does (Ben, Ada, You), not by
# seat (You, Ada, Ben) marked "winner" or "out".
same_places "$tmp/r.lsr" "the end box"
$T send-keys -t r n
wait_for r "exit status 0"
# The same match cut after its round 2 and resumed: the box still knows
# you went out in round 1, from the record, as replay does.
awk '/^round/ { n++ } n < 3' "$tmp/r.lsr" >"$tmp/r-cut.lsr"
start rc 100 30 --resume "$tmp/r-cut.lsr" --pace 0
for i in $(seq 1 300); do
    $T capture-pane -p -t rc >"$tmp/screen"
    grep -qF "Play again? (y/n)" "$tmp/screen" && break
    grep -qF "Press Enter to continue" "$tmp/screen" && $T send-keys -t rc Enter
    sleep 0.1
done
wait_for rc "Play again? (y/n)"
same_places "$tmp/r-cut.lsr" "the resumed match's end box"
$T send-keys -t rc n
wait_for rc "exit status 0"
fi

# 8. The hint says why, says that it replaced your selection, and Esc
# gives the selection back (seed 5: you select A♦, the hint discards J♦).
if want 8; then
start i 80 24 --seed 5 --pace 0 --record "$tmp/i.lsr"
wait_for i "Your hand: total"
$T send-keys -t i Space
wait_for i "now take an open card"
$T send-keys -t i h
wait_for i "Esc brings your selection back"
tr '\n' ' ' <"$tmp/screen" | tr -s ' ' | grep -qF "Why: sheds 10 points" ||
    screen_fail "the hint does not say why"
$T send-keys -t i Escape
if [ "$loc" = C.UTF-8 ]; then wait_for i "Discard A♦ (1 point)"; else wait_for i "Discard AD (1 point)"; fi
quit i
fi

# 9. No stale footers or messages: under the quit question the footer has
# its keys, not "Enter:skip wait"; the error for drawing with nothing
# selected goes once you move back to the hand.
if want 9; then
start f 80 24 --seed 5 --pace 0 --record "$tmp/f.lsr"
wait_for f "Your hand: total"
$T send-keys -t f d
wait_for f "Select the cards to discard first"
$T send-keys -t f Down Up
sleep 0.3
wait_for f "Select the cards to discard (space)"
on_screen ! "discard first" "stale message"
# Enter with nothing selected moves to the open cards and says so.
$T send-keys -t f Enter
wait_for f "Nothing selected: Enter moved to the open cards"
$T send-keys -t f Up
wait_for f "Select the cards to discard (space)"
$T send-keys -t f q
wait_for f "Quit this game?"
on_screen ! "Enter:skip wait" "stale footer"
on_screen "y:quit" "no quit keys"
$T send-keys -t f y
wait_for f "exit status 0"
fi
# 10. The round result captured in docs/play.md is what the game shows
# (seed 7, three computers, 80x24, discarding the first card and drawing
# every turn), so the documentation cannot drift from the screen.
if want 10 && [ "$loc" = C.UTF-8 ]; then
root=$(cd "$(dirname "$0")/../.." && pwd)
start d 80 24 --seed 7 --bots 3 --pace 0 --record "$tmp/d.lsr"
round_drawing d
sed 's/ *$//' "$tmp/screen" | head -19 >"$tmp/shown"
sed -n '/(seed 7, three computer players, 80x24):/,/^A false declaration/p' "$root/docs/play.md" |
    sed -n '/^```$/,/^```$/p' | sed '1d;$d' >"$tmp/doc"
diff "$tmp/doc" "$tmp/shown" || { echo "docs/play.md's captured screen differs from the game"; exit 1; }
quit d
fi
# 11. The quit question asked over a round's result or the end of the
# match goes back to it on 'n': the result is not skipped, and at the end
# "Play again?" is still asked (it was lost, and no key but q did anything).
# The end box shows a long record path by its end, inside its frame. The
# question says the match is over, not that it can be resumed.
# (Seed 3, one computer, threshold 1: your false declaration puts you out.)
if want 11; then
long=$tmp/a-directory-with-a-rather-long-name-to-show/and-one-more-level
mkdir -p "$long" # --record makes no directory
false_out q "$long/end.lsr"
# not_quit KEY TEXT WHAT: KEY asks to quit, 'n' answers, and TEXT (WHAT
# the question covered) is on the screen again. The match is over: the
# question does not offer to resume it (it did).
not_quit() {
    $T send-keys -t q "$1"
    wait_for q "Quit this game?"
    wait_for q "The match is over: its record is saved. (y/n)" 10
    on_screen ! "resume later" "the quit question offers to resume a match that is over"
    $T send-keys -t q n
    wait_gone q "Quit this game?" 10
    on_screen "$2" "'n' lost $3"
}
not_quit q "Press Enter to continue" "the round's result"
$T send-keys -t q Enter
wait_for q "Play again? (y/n)"
on_screen -E "Record: .*/end\.lsr +[│|]" "the record path is not shown inside the box"
not_quit C-c "Play again? (y/n)" "the end of the match"
$T send-keys -t q n
wait_for q "exit status 0"
"$LS" replay "$long/end.lsr" >/dev/null
fi
# 12. A terminal far too small wraps its message rather than cutting it.
if want 12; then
start t 40 12 --seed 3 --bots 1 --record "$tmp/t.lsr"
wait_for t "is printed."
tr '\n' ' ' <"$tmp/screen" | tr -s ' ' | grep -qF "It is 40x12; the game needs at least 80x18." ||
    screen_fail "the size message is cut"
tr '\n' ' ' <"$tmp/screen" | tr -s ' ' | grep -qF "Or press q or Ctrl-C to quit now: the match is saved" ||
    screen_fail "the size message is cut"
$T send-keys -t t q
wait_for t "exit status 0"
fi
# 13. The help scrolled to its end at a small size shows from its first
# line once the window is tall enough for all of it.
if want 13; then
start e 80 19 --seed 5 --bots 2 --pace 0 --record "$tmp/e.lsr"
wait_for e "Your hand: total"
$T send-keys -t e '?' End
wait_for e "the end; any other key"
$T resize-window -t e -x 80 -y 40
wait_for e "Least Score: have the lowest hand total" 5
on_screen "-- lines 1-" "the help does not start at line 1"
$T send-keys -t e Escape
quit e
fi
# 14. A hint (asked with H: keys work in capitals) that replaces your
# selection at 80 columns: the key that plays it, how to get your selection
# back and the estimate for declaring are never cut off (seed 3: your second
# turn; 6 and 8 are no legal discard, so the hint always replaces them).
if want 14; then
ask_hint k 24 H
tr '\n' ' ' <"$tmp/screen" | tr -s ' ' >"$tmp/flat"
for t in "Esc brings" "likely correct." "(press 1;"; do
    grep -qF "$t" "$tmp/flat" || screen_fail "the hint lost '$t'"
done
# The keys work in capitals too (H asked for the hint): C clears.
$T send-keys -t k C
wait_for k "Select the cards to discard"
# The key the hint names plays it once it has selected its cards.
$T send-keys -t k h
wait_for k "(press "
tr '\n' ' ' <"$tmp/screen" | tr -s ' ' >"$tmp/flat"
hint=$(sed -n 's/.*Hint: discard \(.*\) \(take\|draw\).*(press \(.\)[;)].*/\1|\3/p' "$tmp/flat")
$T send-keys -t k "${hint#*|}"
wait_for k "You discarded ${hint%|*},"
quit k
fi
# 15. A round that reaches the turn limit with your hand the lowest says
# so to you (seed 10, one computer, --max-turns 1: you discard Q and draw).
if want 15; then
start l 80 24 --seed 10 --bots 1 --max-turns 1 --pace 0 --record "$tmp/l.lsr"
wait_for l "Your hand: total"
$T send-keys -t l Left Space d
wait_for l "Press Enter to continue"
on_screen "the turn limit was reached; you have the lowest hand and score" "the turn limit's result is not in the second person"
$T send-keys -t l Enter
quit l
fi
# 16. Stopped with Ctrl-Z in a shell and brought back with fg, the line
# mode asks for the move again (the terminal dropped the typed line and
# the shell wrote under the prompt: the game used to wait without a word),
# and the full screen is drawn again whole.
if want 16; then
$T new-session -d -s z -x 100 -y 30 "env PS1='sh\$ ' LC_ALL=$loc LANG=$loc TERM=screen bash --norc --noprofile -i"
wait_for z 'sh$'
$T send-keys -t z "$LS play --plain --seed 3 --record $tmp/z.lsr" Enter
wait_for z "your move>"
$T send-keys -t z C-z
wait_for z "Stopped"
$T send-keys -t z fg Enter
i=0
until $T capture-pane -p -t z | grep -v '^ *$' | tail -1 | grep -q '^your move> *$'; do
    i=$((i + 1))
    [ "$i" -lt 600 ] || { echo "no prompt after fg"; $T capture-pane -p -t z; exit 1; }
    sleep 0.05
done
$T send-keys -t z "discard QH draw" Enter
wait_for z "You discard QH and draw"
$T send-keys -t z quit Enter
wait_for z "Record saved:"
$T send-keys -t z "$LS play --seed 3 --record $tmp/z2.lsr" Enter
wait_for z "Your hand: total"
$T send-keys -t z C-z
wait_for z "Stopped"
$T capture-pane -p -t z | grep -qF "Your hand: total" &&
    { echo "the full screen stayed on the terminal when stopped"; $T capture-pane -p -t z; exit 1; }
$T send-keys -t z fg Enter
wait_for z "Your hand: total"
wait_for z "space:select"
# The stop set bracketed paste off for the shell (section 48), and fg
# sets it on again: a paste is still dropped.
$T set-buffer " d 1 d"
$T paste-buffer -p -t z
wait_for z "Pasted text is not read as keys"
$T kill-session -t z
fi
# 17. A false declaration's score is explained in its row even when the
# names are long: the lowest hand's 16-character name does not fit the
# column, so it is left out (the headline has it) rather than the row cut
# before the numbers ("38 = 20 + (39 -..."). Eight players of 16
# characters, from a record; seed 3: you shed your last card, draw, and
# declare 39 against 21.
if want 17; then
{
    echo "leastscore 1"
    echo "option threshold 1000"
    printf 'players'
    for c in A B C D E F G H; do printf ' %s' "$c$c$c$c$c$c$c$c$c$c$c$c$c$c$c$c"; done
    echo
} >"$tmp/p.lsr"
start p 80 24 --seed 3 --pace 0 --resume "$tmp/p.lsr"
wait_for p "space:select"
$T send-keys -t p End Space d
wait_for p "x:DECLARE"
$T send-keys -t p x
wait_for p "Declare with 39?"
$T send-keys -t p y
wait_for p "Press Enter to continue"
on_screen "FALSE, DDDDDDDDDDDDDDDD had 21" "the false declarer's score is not explained whole"
on_screen "38 = 20 + (39 - 21) " "the false declarer's score is not explained whole"
$T send-keys -t p Enter
wait_for p "space:select"
quit p
fi
# 18. The mouse wheel scrolls the help (it closed it, as any key not
# named does), a button's release leaves it open, and a click closes it.
if want 18; then
start s 80 19 --seed 5 --bots 2 --pace 0 --record "$tmp/s.lsr"
wait_for s "space:select"
$T send-keys -t s '?'
wait_for s "-- lines 1-"
mouse s 40 10 97 # wheel down
wait_for s "-- lines 4-"
mouse s 40 10 97
wait_for s "-- lines 7-"
mouse s 40 10 96 # wheel up
wait_for s "-- lines 4-"
mouse s 40 10 35 # a release
mouse s 40 10 96
wait_for s "-- lines 1-"
click s 40 10
i=0
while $T capture-pane -p -t s | grep -qF "Least Score - help"; do
    i=$((i + 1))
    [ "$i" -lt 600 ] || { echo "a click did not close the help"; $T capture-pane -p -t s; exit 1; }
    sleep 0.05
done
wait_for s "space:select"
quit s
fi
# 19. Six players out in one round are all named in the two rows under
# the result ("Finn out: 11..." was cut, and Gus left out); one alone is
# "Ben is out" (it read "Ben out"). Seed 5, seven computers, threshold 1:
# you shed your first card and draw until Ada declares.
if want 19; then
start v 80 24 --seed 5 --bots 7 --threshold 1 --pace 0 --record "$tmp/v.lsr"
last= i=0
while :; do
    $T capture-pane -p -t v >"$tmp/screen" 2>/dev/null || true
    grep -qF "Press Enter to continue" "$tmp/screen" && break
    if grep -qF "space:select" "$tmp/screen" && [ "$(deck_size "$tmp/screen")" != "$last" ]; then
        last=$(deck_size "$tmp/screen")
        $T send-keys -t v Space d
    fi
    i=$((i + 1))
    [ "$i" -lt 1200 ] || screen_fail "round 1 did not end"
    sleep 0.05
done
settle v "Press Enter to continue"
on_screen "* lowest hand. Out, above 1: You 39 points, Cleo 8, Dev 12, Eve 10, Finn 11," "not everyone out was named"
on_screen " Gus 19. " "not everyone out was named"
$T send-keys -t v Enter
wait_for v "Round 2: Ada declared"
on_screen "* lowest hand. Ben is out: 5 points, above 1." "one player out is not 'NAME is out'"
$T send-keys -t v Enter
wait_for v "Play again?"
$T send-keys -t v n
wait_for v "exit status 0"
fi
# 20. With hands of 7 cards the reason column is narrow: the showdown's
# lowest hand is "0, lowest, turn limit", whole (it was cut to "0, lowest
# at the turn..."). Seed 1, three computers, a turn limit of 2.
if want 20; then
start y 80 24 --seed 1 --bots 3 --hand-size 7 --max-turns 2 --pace 0 --record "$tmp/y.lsr"
wait_for y "space:select"
$T send-keys -t y Space d
wait_for y "Press Enter to continue"
on_screen "34*  0, lowest, turn limit " "the showdown's reason is cut in a narrow column"
$T send-keys -t y Enter
wait_for y "Round 2"
quit y
fi
# 21. A click on the number under an open card takes it, as a click on
# the card does (it did nothing), and one on the 'd' under the deck draws.
if want 21; then
start c 80 24 --seed 5 --pace 0 --record "$tmp/c.lsr"
wait_for c "space:select"
hand_line=$(grep -n "Your hand" "$tmp/screen" | cut -d: -f1)
deck_line=$(grep -n "Deck:" "$tmp/screen" | cut -d: -f1)
click c 3 $((hand_line + 2))
wait_for c "now take an open card"
click c 4 $((deck_line + 3)) # the 1 under the first open card
wait_for c "You discarded"
on_screen -E "You discarded [^,]*, took" "a click on an open card's number did not take it"
wait_for c "space:select"
click c 3 $((hand_line + 2))
wait_for c "now take an open card"
deck_col=$(grep "Deck:" "$tmp/screen" | awk '{print index($0, "Deck:") - 1}')
click c $((deck_col + 2)) $((deck_line + 3)) # the d under the deck
wait_for c "Ada declared"
quit c
grep -q "^You discard [0-9AJQK]*[CDHS] draw" "$tmp/c.lsr" ||
    { echo "a click on the d under the deck did not draw"; cat "$tmp/c.lsr"; exit 1; }
fi
# 22. A discard the rules refuse is said in a sentence, with its full stop
# as every other message (the engine's reason was shown without one).
if want 22; then
start rf 80 24 --seed 21 --bots 2 --record "$tmp/rf.lsr"
wait_for rf "space:select"
$T send-keys -t rf Space Right Space d
wait_for rf "You cannot discard"
on_screen "2 cards must be a pair of the same rank." "the refusal is not a sentence"
# A number with no open card under it says which numbers there are.
$T send-keys -t rf 3
wait_for rf "There is no open card 3"
on_screen "There is no open card 3: there is one, 1." "the open cards' numbers are not said"
quit rf
fi
# 23. The round's box has one blank row under its headline, whether that
# takes one row (120 columns) or two (80; section 10 compares that box with
# play.md): a one-row headline had two blank rows under it. The title row
# keeps "Least Score" at 80 columns (the seed, 7, took its place), also
# with the longest rules, in round 1 and in round 101, and adds the seed
# where there is room; the help
# says the seed at any width.
if want 23 && [ "$loc" = C.UTF-8 ]; then
start wb 120 30 --seed 7 --bots 3 --pace 0 --record "$tmp/wb.lsr"
round_drawing wb
on_screen "Press Enter to continue" "no round result"
head_row=$(grep -n "Round 1: Ada declared" "$tmp/screen" | cut -d: -f1)
player_row=$(grep -n "│ player " "$tmp/screen" | cut -d: -f1)
[ "$player_row" = $((head_row + 2)) ] ||
    screen_fail "the one-row headline (row $head_row) is not followed by one blank row (table at $player_row)"
on_screen -E "^ Round 1 .* · seed 7 +Least Score *$" "the title at 120 columns lacks the seed or the name"
quit wb
start wt 80 24 --seed 7 --bots 3 --record "$tmp/wt.lsr"
wait_for wt "space:select"
on_screen -E "^ Round 1 · out above 100 · tie wins · runs any suit · declare any +Least Score *$" \
    "the title at 80 columns lacks the name"
$T send-keys -t wt '?'
wait_for wt "Least Score - help (this match: seed 7)"
$T send-keys -t wt Escape
wait_for wt "space:select"
quit wt
# The longest rules leave the name no room with the spaced separators: they
# are parted by commas instead, and the name stays.
start wl 80 24 --seed 7 --bots 3 --threshold 1000 --tie penalty --runs suited \
    --declare-max 12 --record "$tmp/wl.lsr"
wait_for wl "space:select"
on_screen -E "^ Round 1, out above 1000, tie loses, runs one suit, declare <= 12 +Least Score *$" \
    "the title at 80 columns with the longest rules lacks the name"
quit wl
# From round 100 the commas are not enough, and the name stays (it was
# dropped). A match of those rules played by sim (one turn a round, so it
# lasts) is cut after its 100th round and resumed: round 101 is dealt.
# With its turn limit (1) as well, "runs one suit" gives way (the help
# says it) and both limits stay.
"$LS" sim --players greedy,greedy --matches 1 --threads 1 --threshold 1000 --tie penalty \
    --runs suited --declare-max 12 --max-turns 1 --records "$tmp/long" >/dev/null
awk '/^round$/ { n++ } n > 100 { exit } { print }' "$tmp/long/match-000001.lsr" >"$tmp/r100.lsr"
[ "$(grep -c '^round$' "$tmp/r100.lsr")" = 100 ] || { echo "sim's match has fewer than 101 rounds"; exit 1; }
start wr 80 24 --resume "$tmp/r100.lsr" --record "$tmp/r101.lsr"
wait_for wr "Round 101"
on_screen -E "^ Round 101, out above 1000, tie loses, max 1 turn, declare <= 12 +Least Score *$" \
    "the title at 80 columns in round 101 with the longest rules lacks the name"
quit wr
fi
# 24. ? opens the help over a round's result and over the end of the
# match, as it does everywhere else (it did nothing there), and any other
# key goes back to the box it covered; the quit question asked over that
# help goes back to the help, then the help to the box. The footer offers
# ?. (Seed 3, one computer, threshold 1: your false declaration ends it.)
if want 24; then
false_out hb "$tmp/hb.lsr"
# (each check waits: a capture can be taken while a frame is being drawn)
wait_for hb "Enter:continue  ?:help  q:quit" 10
$T send-keys -t hb '?'
wait_for hb "Least Score - help"
wait_gone hb "Press Enter to continue" 10
$T send-keys -t hb C-c
wait_for hb "Quit this game?"
$T send-keys -t hb n
wait_for hb "Least Score - help"
$T send-keys -t hb Escape
wait_for hb "Press Enter to continue"
wait_gone hb "Least Score - help" 10
$T send-keys -t hb Enter
wait_for hb "Play again? (y/n)"
wait_for hb "y:play again  n:quit  ?:help" 10
$T send-keys -t hb F1
wait_for hb "Least Score - help"
$T send-keys -t hb x
wait_for hb "Play again? (y/n)"
wait_gone hb "Least Score - help" 10
# Made too small there, the screen says that q quits with the record
# saved, not that the match (over) can be gone on with.
$T resize-window -t hb -x 60 -y 16
wait_for hb "too small" 10
wait_for hb "the record is saved." 10
on_screen ! "is printed." "the small terminal offers to go on with a match that is over"
$T resize-window -t hb -x 80 -y 24
wait_for hb "Play again? (y/n)" 10
$T send-keys -t hb n
wait_for hb "exit status 0"
"$LS" replay "$tmp/hb.lsr" >/dev/null
fi
# 25. The full screen's help states the rules in the words of line mode's
# help (one table of rule lines, each wrapped to the help's width, later
# rows indented), at 80 columns and at 130, where the rows are longer (up
# to 100 columns: longer ones are hard to read); it lists every key, f too.
if want 25; then
printf 'help\nquit\n' | "$LS" play --plain --seed 7 --record "$tmp/words.lsr" >"$tmp/plain" 2>&1
# (line mode's first line points at its 'help moves', which has no place
# in the full screen's help)
sed -n '/^your move> help$/,/^$/p' "$tmp/plain" | sed '1d;$d' |
    grep -vx "For the moves alone, type 'help moves'." | tr -s ' \n' '  ' >"$tmp/plain_rules"
for cols in 80 130; do
    start hw "$cols" 30 --seed 7 --record "$tmp/hw.lsr"
    wait_for hw "space:select"
    $T send-keys -t hw '?'
    wait_for hw "more below: Down, PgDn" # its last row: the whole help is drawn
    # the rows from under the title's blank row to the blank row over Keys
    sed -n '/Least Score - help/,/Keys:/p' "$tmp/screen" | sed '1,2d;$d' |
        sed 's/^ *[│|] //; s/ *[│|] *$//' | sed '$d' >"$tmp/help_rows"
    tr -s ' \n' '  ' <"$tmp/help_rows" >"$tmp/help_rules"
    cmp -s "$tmp/plain_rules" "$tmp/help_rules" || {
        echo "the help at $cols columns words the rules otherwise than line mode:"
        cat "$tmp/plain_rules"; echo; cat "$tmp/help_rules"; echo; exit 1; }
    if [ "$cols" = 80 ] && ! grep -q "^  previous player discarded" "$tmp/help_rows"; then
        screen_fail "the rule 'A turn' is not wrapped with its later row indented at 80 columns"
    fi
    if [ "$cols" = 130 ] && ! grep -q "^A turn: .*(what the previous player discarded)$" "$tmp/help_rows"; then
        screen_fail "the help does not use the width at 130 columns (100 at most)"
    fi
    # every key is in it, f (once you are out) too
    $T send-keys -t hw End
    wait_for hw "the end; any other key: back"
    on_screen "once you are out: the rest of the match at once" "the help does not list f"
    $T send-keys -t hw Escape
    quit hw
    $T kill-session -t hw
done
fi
# 26. Line mode at a terminal breaks a line wider than the terminal at
# spaces (the terminal cut words in two), and follows a resize; in a pipe
# lines stay whole (play_plain.sh). Every word on the 40-column screen is
# a word of the same game's output in a pipe.
if want 26; then
printf 'help\nquit\n' | "$LS" play --plain --seed 7 --record "$tmp/lw.lsr" >"$tmp/piped" 2>&1
tr -s ' ' '\n' <"$tmp/piped" | sort -u >"$tmp/piped_words"
# words_whole: every word of the screen is one of the piped output's.
words_whole() {
    tr -s ' ' '\n' <"$tmp/screen" | sed '/^$/d' | sort -u >"$tmp/screen_words"
    comm -23 "$tmp/screen_words" "$tmp/piped_words" >"$tmp/cut"
    [ ! -s "$tmp/cut" ] || { cat "$tmp/cut"; screen_fail "line mode cut these words at $1 columns:"; }
}
$T new-session -d -s lw -x 40 -y 70 \
    "LC_ALL=$loc LANG=$loc $LS play --plain --seed 7 --record '$tmp/lw.lsr'; echo \"exit status \$?\"; sleep 60"
wait_for lw "your move>"
$T send-keys -t lw help Enter
wait_for lw "Cards: rank A"
sleep 0.3
$T capture-pane -p -t lw >"$tmp/screen"
words_whole 40
on_screen "  previous player discarded) or the top" "a broken line's later rows are not indented"
$T resize-window -t lw -x 70 -y 70
sleep 0.3
$T send-keys -t lw hand Enter
wait_for lw "Cleo: 5 cards, 0 points, last discard none"
sleep 0.3
words_whole 70
$T send-keys -t lw quit Enter
wait_for lw "exit status 0"
fi
# 27. Line mode at a narrow terminal never breaks a path or the command
# that goes on with the match (pasted, a broken command ran its first row
# alone): joined as the terminal wraps it (capture-pane -J), it is whole;
# so is the path in "Resumed from FILE".
if want 27; then
dir="$tmp/my games/with a rather long folder name"
mkdir -p "$dir"
$T new-session -d -s lp -x 40 -y 30 \
    "LC_ALL=$loc LANG=$loc $LS play --plain --seed 7 --record '$dir/game one.lsr'; echo \"exit status \$?\"; sleep 60"
wait_for lp "your move>"
$T send-keys -t lp quit Enter
wait_for lp "exit status 0"
$T capture-pane -p -J -t lp >"$tmp/screen"
on_screen "to go on with it:" "no command to go on with the match"
on_screen -E "^ *leastscore play --resume '$dir/game one\.lsr'$" "the command to go on is broken"
on_screen -E "^ *$dir/game one\.lsr$" "the record's path is broken"
# Nor the path in "Resumed from FILE: round 1, turn 1." (it was broken at
# a space inside it): whole on its row, from its start to the colon.
$T kill-session -t lp
$T new-session -d -s lp -x 40 -y 30 \
    "LC_ALL=$loc LANG=$loc $LS play --plain --seed 7 --resume '$dir/game one.lsr'; echo \"exit status \$?\"; sleep 60"
wait_for lp "your move>"
$T capture-pane -p -J -t lp >"$tmp/screen"
on_screen "Resumed from" "no line says where the match was resumed"
on_screen -E "^ *(Resumed from )?$dir/game one\.lsr:( round 1, turn 1\.)?$" \
    "the path in 'Resumed from' is broken"
$T send-keys -t lp quit Enter
wait_for lp "exit status 0"
fi
# 28. On a computer's turn, a move key says why it does nothing (it said
# nothing): x, d and a number, each on another computer's turn (the
# message goes with that computer's move); once you are out, h says so
# (seed 3, five computers, out above 30: you declare falsely on your
# second turn, as in play_tui.sh). Each computer is a cmd: bot that moves
# only once the test has seen the message (the file nt.go, taken away as
# it moves; 120 s at most, for a hang), under a --bot-timeout far above
# that: a pace of 3 s gave the time, and on a loaded machine a key read
# after it would have been answered on the next computer's turn.
if want 28; then
cat >"$tmp/nt.py" <<EOF
import os, sys, time
for line in sys.stdin:
    if line.startswith("leastscore-bot"):
        print("ok 1", flush=True)
    elif line.startswith("go "):
        end = time.monotonic() + 120
        while time.monotonic() < end and not os.path.exists("$tmp/nt.go"):
            time.sleep(0.02)
        if os.path.exists("$tmp/nt.go"):
            os.remove("$tmp/nt.go")
        print("discard %s draw" % line.split()[2], flush=True)
EOF
rm -f "$tmp/nt.go"
start nt 80 24 --seed 7 --bots 3 --pace 0 --bot-timeout 600000 --record "$tmp/nt.lsr" \
    --level "'cmd:python3 $tmp/nt.py'"
wait_for nt "space:select"
$T send-keys -t nt Space d
wait_for nt "Ada is playing"
$T send-keys -t nt x
wait_for nt "It is Ada's turn: wait for yours."
on_screen ! "You declared" "x declared on Ada's turn"
touch "$tmp/nt.go"
wait_for nt "Ben is playing"
$T send-keys -t nt d
wait_for nt "It is Ben's turn: wait for yours."
touch "$tmp/nt.go"
wait_for nt "Cleo is playing"
$T send-keys -t nt 3
wait_for nt "It is Cleo's turn: wait for yours."
touch "$tmp/nt.go"
wait_for nt "space:select"
on_screen ! "wait for yours" "the message outlived the computers' turns"
quit nt
start no 80 24 --seed 3 --bots 5 --threshold 30 --pace 8000 --record "$tmp/no.lsr"
wait_for no "Your hand: total"
$T send-keys -t no Space d
i=0
while :; do
    $T capture-pane -p -t no >"$tmp/screen"
    grep -qF "x:DECLARE" "$tmp/screen" && break
    grep -qF "Enter:skip wait" "$tmp/screen" && $T send-keys -t no Enter
    [ "$i" -lt 400 ] || screen_fail "no second turn"
    sleep 0.05
    i=$((i + 1))
done
$T send-keys -t no x y
wait_for no "You are out: 37 points, above 30."
$T send-keys -t no Enter
wait_for no "is playing"
$T send-keys -t no h
wait_for no "You are out of this match: the others play it to its end." 5
quit no
fi
# 29. "Last moves" shows an entry whole, however many rows it takes: at 80
# columns the deck's reshuffle takes 4, and was cut at 3 ("...were
# shuffled into a new..."). Seed 2, seven computers, 6 cards each: the
# deck runs out in the first round's first pass.
if want 29; then
start rs 80 24 --seed 2 --bots 7 --hand-size 6 --pace 0 --record "$tmp/rs.lsr"
wait_for rs "space:select"
send_turn rs Space d
wait_for rs "The deck had run out"
on_screen "deck for that draw." "the reshuffle's entry in Last moves is cut"
quit rs
fi
# 30. Line mode's round result gives each player's part as a sentence,
# which breaks at spaces as prose does, at every width (at 80 columns it
# was a table, read by a screen reader by column position; at 50 the
# table's rows were broken, their columns scattered). Seed 2, two
# computers: you discard 2D, then declare falsely with 26.
if want 30; then
for cols in 50 80; do
    $T new-session -d -s nr -x "$cols" -y 60 \
        "LC_ALL=$loc LANG=$loc $LS play --plain --seed 2 --bots 2 --record '$tmp/nr.lsr'; echo \"exit status \$?\"; sleep 60"
    wait_for nr "your move>"
    $T send-keys -t nr "discard 2D draw" Enter
    wait_for nr "You may declare."
    $T send-keys -t nr declare Enter
    wait_for nr "Your turn (round 2"
    tr '\n' ' ' <"$tmp/screen" | tr -s ' ' >"$tmp/nr.text"
    for row in "You: AC 3H 4D 9D 9H, total 26; this round 29 = 20 + (26 - Ben's 17); match 29." \
        "Ada: 2D 4S 8S QH KD, total 34; this round 0, declaration false; match 0." \
        "Ben: 3C 3S 4H 7S, total 17, the lowest; this round 0, lowest hand; match 0."; do
        grep -qF "$row" "$tmp/nr.text" || screen_fail "the result at $cols columns lacks '$row'"
    done
    on_screen ! "player hand" "the result is a table at $cols columns"
    on_screen ! "the lowest hand)" "the result is a table at $cols columns"
    $T send-keys -t nr quit Enter
    wait_for nr "exit status 0"
    $T kill-session -t nr
done
fi

# 31. Line mode's help at a terminal too narrow for its table of commands:
# a description goes on under the descriptions' column (28), not under
# the commands (it went on at column 4, where the commands are read); at
# 80 columns every row is whole. Narrower than the descriptions' column
# and a dozen more (20 to 39 columns), a command has its own line (its
# later rows at column 4) and its description the next ones, all at column
# 6: they went on at column 4, under the commands, and a description began
# on its command's row ('  declare    show' / '    hands (from your').
if want 31; then
for cols in 20 34 38 44 80; do
    $T new-session -d -s hl -x "$cols" -y 80 \
        "LC_ALL=$loc LANG=$loc $LS play --plain --seed 2 --bots 2 --record '$tmp/hl.lsr'; echo \"exit status \$?\"; sleep 60"
    wait_for hl "your move>"
    $T send-keys -t hl help Enter
    wait_for hl "Cards: rank A 2-10"
    sed -n '/^Type one of:/,/^Cards: rank/p' "$tmp/screen" >"$tmp/hl.rows"
    if [ "$cols" = 44 ]; then
        # Each row's first line starts with a command at column 2; each
        # later line with 28 spaces and the description's next words.
        grep -qxF "  discard CARDS take CARD   discard, then" "$tmp/hl.rows" &&
            grep -qxF "                            take one of the" "$tmp/hl.rows" &&
            grep -qxF "  quit or q                 end the game" "$tmp/hl.rows" &&
            grep -qxF "                            (the record is" "$tmp/hl.rows" ||
            screen_fail "the help's descriptions do not go on under their column at $cols columns"
        bad=$(grep -vE '^(Type one of:|Cards: .*|  [a-z].*|                            [^ ].*|  +[^ ].*AC\.)$' "$tmp/hl.rows" || true)
        [ -z "$bad" ] || screen_fail "a help row goes on elsewhere than under its description: '$bad'"
    elif [ "$cols" != 80 ]; then
        # Commands at column 2 (one cut at 20 columns goes on at 4, in
        # capitals: CARD), descriptions at 6, each command alone on its row.
        grep -qxF "  quit or q" "$tmp/hl.rows" &&
            grep -qxF "  declare" "$tmp/hl.rows" &&
            grep -qE "^      show hands( |$)" "$tmp/hl.rows" &&
            grep -qE "^      end the game( |$)" "$tmp/hl.rows" &&
            grep -qE "^      this text$" "$tmp/hl.rows" ||
            screen_fail "the help's commands and descriptions are not on rows of their own at $cols columns"
        if [ "$cols" = 20 ]; then
            grep -qxF "  discard CARDS take" "$tmp/hl.rows" && grep -qxF "    CARD" "$tmp/hl.rows" ||
                screen_fail "the help's longest command is not cut at a space at 20 columns"
        else
            grep -qxF "  discard CARDS take CARD" "$tmp/hl.rows" ||
                screen_fail "the help's longest command is not whole on its row at $cols columns"
        fi
        bad=$(sed '/^Cards: rank/,$d' "$tmp/hl.rows" |
            grep -vE '^(Type one of:|  [a-z][A-Za-z ?]*|    CARD|      [^ ].*)$' || true)
        [ -z "$bad" ] || screen_fail "a help row is neither a command nor under the descriptions at $cols columns: '$bad'"
        width=$(awk '{ if (length($0) > w) w = length($0) } END { print w }' "$tmp/hl.rows")
        [ "$width" -le "$cols" ] || screen_fail "a help row is $width wide at $cols columns"
    else
        on_screen -E "^  discard CARDS take CARD   discard, then take one of the open cards$" "the help's table is broken at $cols columns"
        on_screen -E "^  quit or q                 end the game \(the record is saved\)$" "the help's table is broken at $cols columns"
    fi
    $T send-keys -t hl quit Enter
    wait_for hl "exit status 0"
    $T kill-session -t hl
done
fi
# 32. A hint's reasons are never cut: a message longer than the two
# message rows takes rows the screen has to spare (the hand moves up), so
# that at 80x24 the hint of section 14 is shown to its last word, the
# sentence's full stop, with no ellipsis; and at the smallest size for its
# players (80x20 for 4), where no row is spare, the hint is written whole
# under "Last moves" as well.
if want 32; then
for rows in 24 20; do
ask_hint hw "$rows" h
if [ "$rows" = 24 ]; then
    # The message rows: from the one that starts with "Hint:" to the footer.
    sed -n '/^  Hint:/,$p' "$tmp/screen" | sed '$d' | tr '\n' ' ' | tr -s ' ' >"$tmp/hw.msg"
else
    # The log column (from column 50, above the two message rows and the
    # footer), from its "Hint:" on.
    python3 -c 'import sys
rows = open(sys.argv[1], encoding="utf-8").read().split("\n")[:17]
text = " ".join(r[50:].strip() for r in rows)
print(text[text.find("Hint:"):] if "Hint:" in text else "")' "$tmp/screen" >"$tmp/hw.msg"
fi
grep -qE 'Why: [^…]*[a-z0-9♣♦♥♠CDHS]\. *$' "$tmp/hw.msg" ||
    screen_fail "the hint's reasons are cut at 80x$rows: '$(cat "$tmp/hw.msg")'"
grep -qF '…' "$tmp/hw.msg" && screen_fail "the hint ends in an ellipsis at 80x$rows"
# Its cards stay selected in the hand, which is whole on the screen.
on_screen "Your hand: total" "the hand is gone under the hint at 80x$rows"
quit hw
$T kill-session -t hw
done
# With 8 players at 80x24 no row is spare, and "Last moves" has too few
# for a long hint: the message rows show it two rows at a time, the last
# one ending in "m:more"; m shows the next rows, and the last ones say
# "m:top" (m goes back to the first). Read so, it is the hint whole, word
# for word as a taller window shows it at once. It was cut with an
# ellipsis, the rest nowhere on the screen.
ask_hint h8 24 h --bots 7
on_screen -E "^  Hint: " "no hint at 80x24 with 8 players"
on_screen -E " m:more$" "a hint cut at 80x24 with 8 players does not say there is more"
: >"$tmp/h8.rows"
page=0
while :; do
    # The message rows: the two above the footer, the marker taken off.
    tail -n 3 "$tmp/screen" | head -n 2 | sed 's/ *m:\(more\|top\)$//' >"$tmp/h8.page"
    grep -qF '…' "$tmp/h8.page" && screen_fail "page $page of the hint is cut"
    while IFS= read -r row; do
        grep -qxF -- "$row" "$tmp/h8.rows" || printf '%s\n' "$row" >>"$tmp/h8.rows"
    done <"$tmp/h8.page"
    grep -qE ' m:top$' "$tmp/screen" && break
    page=$((page + 1))
    [ "$page" -lt 10 ] || screen_fail "m never reaches the hint's end"
    cp "$tmp/screen" "$tmp/h8.before"
    $T send-keys -t h8 m
    i=0
    while $T capture-pane -p -t h8 >"$tmp/screen" && cmp -s "$tmp/screen" "$tmp/h8.before"; do
        [ "$i" -lt 200 ] || screen_fail "m did not show more of the hint"
        sleep 0.05
        i=$((i + 1))
    done
done
[ "$page" -gt 0 ] || screen_fail "the hint needed no m at 80x24 with 8 players: the check cannot fail"
$T send-keys -t h8 m
wait_for h8 "m:more"
on_screen -E "^  Hint: " "m at the hint's end does not go back to its start"
$T resize-window -t h8 -x 80 -y 40
wait_gone h8 "m:more" 10
sed -n '/^  Hint:/,$p' "$tmp/screen" | sed '$d' | tr '\n' ' ' | tr -s ' ' >"$tmp/h8.whole"
tr '\n' ' ' <"$tmp/h8.rows" | tr -s ' ' >"$tmp/h8.paged"
grep -qE 'Why: .*\. $' "$tmp/h8.whole" || screen_fail "the hint at 80x40 is not whole"
cmp -s "$tmp/h8.whole" "$tmp/h8.paged" ||
    screen_fail "the hint read with m is not the hint: '$(cat "$tmp/h8.paged")', not '$(cat "$tmp/h8.whole")'"
quit h8
fi
# 33. Text cut for want of rows ends in an ellipsis in place of what is
# cut, never over a character that fits: a row filled to its last column
# had that column overwritten ("...lsr: round 1," read "round 1…", as a
# card J♣ read "J…"). A record whose file's name is words of 13 letters
# (two fill a row of "Last moves" at 80 columns) is resumed at 80x18 (the
# smallest for 2 players), where "Resumed from NAME: round 1, turn 1."
# takes more rows than the column has; at each width from 80 to 84 the
# words shown before the ellipsis must be the entry's own, whole, as
# "Last moves" shows it at 250 columns.
if want 33; then
long=$(python3 -c 'print(" ".join(c * 13 for c in "abcdefghijklmnopq"))')
printf 'quit\n' | $LS play --plain --seed 3 --bots 1 --record "$tmp/$long.lsr" >/dev/null 2>&1 || true
[ -f "$tmp/$long.lsr" ] || { echo "no record to resume from"; exit 1; }
# log_text COLS: the "Last moves" column (from column 50, under its
# heading, above the message rows and the footer), its rows joined.
log_text() {
    python3 -c 'import sys
rows = open(sys.argv[1], encoding="utf-8").read().split("\n")
top = next(i for i, r in enumerate(rows) if "Last moves" in r)
print(" ".join(r[50:].strip() for r in rows[top + 1:15] if r[50:].strip()))' "$tmp/screen"
}
# at_width COLS: the screen drawn at COLS columns (its title row ends at
# the last column but one).
at_width() {
    $T resize-window -t el -x "$1" -y 18
    i=0
    until $T capture-pane -p -t el >"$tmp/screen" &&
          [ "$(head -n 1 "$tmp/screen" | tr -d '\n' | wc -m)" -eq $(($1 - 1)) ]; do
        [ "$i" -lt 200 ] || screen_fail "the screen was not drawn at $1 columns"
        sleep 0.05
        i=$((i + 1))
    done
}
$T new-session -d -s el -x 250 -y 18 \
    "cd '$tmp' && LC_ALL=$loc LANG=$loc $LS play --resume '$long.lsr'; echo \"exit status \$?\"; sleep 60"
wait_for el "turn 1."
log_text >"$tmp/el.whole"
grep -qxF "Resumed from $long.lsr: round 1, turn 1." "$tmp/el.whole" ||
    screen_fail "the entry is not whole at 250 columns: '$(cat "$tmp/el.whole")'"
for cols in 80 81 82 83 84; do
    at_width "$cols"
    log_text >"$tmp/el.cut"
    python3 -c 'import sys
whole = open(sys.argv[1], encoding="utf-8").read().split()
cut = open(sys.argv[2], encoding="utf-8").read().rstrip("\n")
if not cut.endswith("\u2026") and not cut.endswith("~"):
    sys.exit("the entry is not cut at %s columns: %r" % (sys.argv[3], cut))
shown = cut[:-1].split()
if shown != whole[:len(shown)]:
    sys.exit("at %s columns the words before the ellipsis are not the entry'"'"'s, whole: %r" % (sys.argv[3], cut))' \
        "$tmp/el.whole" "$tmp/el.cut" "$cols" || screen_fail "the screen at $cols columns:"
done
quit el
fi
# 34. A computer player's level is cut to its column by characters, not
# bytes: 'cmd:./éé' (8 characters, 10 bytes) fits the 9 columns whole, and
# 'cmd:./aééé' is cut to 'cmd:./aé…'. They were 'cmd:./é…', cut though
# it fitted, and 'cmd:./a' with half an 'é' before the ellipsis.
if want 34 && [ "$loc" != C ]; then
ln -s "$(cd "$(dirname "$0")/../bots" && pwd)/noisy.py" "$tmp/éé"
ln -s "$(cd "$(dirname "$0")/../bots" && pwd)/noisy.py" "$tmp/aééé"
$T new-session -d -s lv -x 80 -y 20 \
    "cd '$tmp' && LC_ALL=$loc LANG=$loc $LS play --bots 2 --level 'cmd:./éé,cmd:./aééé' --seed 3 --record '$tmp/lv.lsr' 2>/dev/null; echo \"exit status \$?\"; sleep 60"
wait_for lv "Your hand: total"
on_screen -E '^  Ada +cmd:\./éé +5 ' "a level that fits its column is cut, or cut inside a character"
on_screen -E '^  Ben +cmd:\./aé… +5 ' "a level longer than its column is not cut to 8 characters and an ellipsis"
quit lv
# A control byte in a level is shown \xNN, as everywhere, in its column:
# ncurses drew ESC as '^[', two columns counted as one.
$T new-session -d -s lx -x 80 -y 20 \
    "cd '$tmp' && LC_ALL=$loc LANG=$loc $LS play --bots 1 --level \"\$(printf 'cmd:\\033x')\" --seed 3 --record '$tmp/lx.lsr' 2>/dev/null; echo \"exit status \$?\"; sleep 60"
wait_for lx "Your hand: total"
on_screen -E '^  Ada +cmd:.x1bx +5 ' "a level's control byte is not shown \\xNN in its column"
quit lx
fi
# 35. A window too small for the whole message about its size keeps the
# words most needed: that it is too small and how to quit. At 30x6 the
# first three sentences filled it, and nothing said that q quits; at
# 30x3 the short 'Press q to quit.' is said.
if want 35; then
start tq 80 24 --seed 3 --bots 1 --pace 0 --record "$tmp/tq.lsr"
wait_for tq "Your hand: total"
$T resize-window -t tq -x 30 -y 6
wait_for tq "too small for"
tr '\n' ' ' <"$tmp/screen" | tr -s ' ' | grep -qF "Or press q or Ctrl-C to quit now: the match is saved" ||
    screen_fail "at 30x6 the screen does not say how to quit"
$T resize-window -t tq -x 30 -y 3
wait_for tq "Press q to quit."
on_screen "too small for" "at 30x3 the screen does not say it is too small"
$T send-keys -t tq q
wait_for tq "exit status 0"
fi
# 36. A word wider than its column (a file's name of 64 characters, no
# blank, in "Last moves") goes on on the next row when there is one: it
# was cut with an ellipsis at the column's end, and the rest of the entry
# ("round 1, turn 1.") was lost though rows were free below it.
if want 36; then
wide=$(python3 -c 'print("x" * 60)')
printf 'quit\n' | $LS play --plain --seed 3 --bots 1 --record "$tmp/$wide.lsr" >/dev/null 2>&1 || true
$T new-session -d -s ww -x 80 -y 24 \
    "cd '$tmp' && LC_ALL=$loc LANG=$loc $LS play --resume '$wide.lsr'; echo \"exit status \$?\"; sleep 60"
wait_for ww "Your hand: total"
python3 -c 'import sys
rows = open(sys.argv[1], encoding="utf-8").read().split("\n")
top = next(i for i, r in enumerate(rows) if "Last moves" in r)
text = "".join(r[50:].strip() for r in rows[top + 1:21])
want = "Resumedfrom%s.lsr:round1,turn1." % sys.argv[2]
assert text.replace(" ", "") == want, text' "$tmp/screen" "$wide" ||
    screen_fail "a long file's name in Last moves is not shown whole, with what follows it"
quit ww
fi
# 37. Wide characters (CJK) take two columns each: a level of them is cut
# at a column, never inside a character, and never runs over the next
# column; a file's name of them in "Last moves" wraps at the column's
# edge. Each character was counted as one column: 'cmd:./中文中文' was cut
# to 'cmd:./中文…', 11 columns in 9, over the cards column.
if want 37 && [ "$loc" != C ]; then
ln -s "$(cd "$(dirname "$0")/../bots" && pwd)/noisy.py" "$tmp/中文中文"
$T new-session -d -s wc -x 80 -y 24 \
    "cd '$tmp' && LC_ALL=$loc LANG=$loc $LS play --bots 2 --level 'cmd:./中文中文,greedy' --seed 3 --record '$tmp/wc.lsr' 2>/dev/null; echo \"exit status \$?\"; sleep 60"
wait_for wc "Your hand: total"
on_screen -E '^  Ada +cmd:\./中… +5 ' "a level of wide characters is not cut to its 9 columns"
on_screen -E '^  Ben +greedy +5 ' "the next row's columns moved"
quit wc
printf 'quit\n' | $LS play --plain --seed 3 --bots 1 \
    --record "$tmp/中文中文中文中文中文中文中文中文中文中文中文中文.lsr" >/dev/null 2>&1 || true
for size in "80 24" "81 18"; do
    set -- $size
    $T new-session -d -s "wr$1" -x "$1" -y "$2" \
        "cd '$tmp' && LC_ALL=$loc LANG=$loc $LS play --resume '中文中文中文中文中文中文中文中文中文中文中文中文.lsr'; echo \"exit status \$?\"; sleep 60"
    wait_for "wr$1" "Your hand: total"
    python3 -c 'import sys, unicodedata
cols = int(sys.argv[2])
def cells(r):
    out = []
    for c in r:
        out.append(c)
        if unicodedata.east_asian_width(c) in "WF":
            out.append("")
    return out
rows = [cells(r) for r in open(sys.argv[1], encoding="utf-8").read().split("\n")]
top = next(i for i, r in enumerate(rows) if "Last moves" in "".join(r))
at = next(i for i in range(len(rows[top])) if "".join(rows[top][i:]).startswith("Last moves"))
for r in rows:
    assert len(r) <= cols, "a row of %d columns in %d: %r" % (len(r), cols, "".join(r))
text = "".join("".join(r[at:]).strip() for r in rows[top + 1:])
want = "Resumedfrom" + "中文" * 12 + ".lsr:"
assert text.replace(" ", "").startswith(want), text' "$tmp/screen" "$1" ||
        screen_fail "at $1x$2 a file name of wide characters in Last moves is not wrapped at its column"
    quit "wr$1"
done
fi
# 38. A level cut to its column is cut at a whole escape: 'cmd:./a' and
# U+202E (which changes the text's direction, shown as its bytes
# \xe2\x80\xae) was cut to 'cmd:./a\…', half an escape.
if want 38 && [ "$loc" != C ]; then
ln -s "$(cd "$(dirname "$0")/../bots" && pwd)/noisy.py" "$tmp/a$(printf '\342\200\256')"
$T new-session -d -s we -x 80 -y 24 \
    "cd '$tmp' && LC_ALL=$loc LANG=$loc $LS play --bots 2 --level \"cmd:./a$(printf '\342\200\256'),greedy\" --seed 3 --record '$tmp/we.lsr' 2>/dev/null; echo \"exit status \$?\"; sleep 60"
wait_for we "Your hand: total"
on_screen -E '^  Ada +cmd:\./a… +5 ' "a level's escape is cut in part at its column's edge"
on_screen -E '^  Ben +greedy +5 ' "the next row's columns moved"
quit we
fi
# 39. A word broken at a row's end (a file's name wider than "Last
# moves") is broken between two escapes, never inside one: a backslash in
# the name, shown '\\', and a control byte, shown '\x01', were cut by
# columns, '\' ending one row and '\' or 'x01' opening the next; nor
# between the escapes of one character's bytes (U+202E, shown
# \xe2\x80\xae, was '\xe2\x80' on one row and '\xae' on the next). At 80
# columns the name's rows hold 27 columns (from column 2 of the 29):
# 26 'x' put the first escape across the edge, 25 the second, 20 the third.
if want 39; then
for k in 26 25 20; do
    python3 -c 'import sys
k = int(sys.argv[1])
name = "x" * k + {26: "\\", 25: "\x01", 20: "\u202e"}[k] + "z" * 30 + ".lsr"
sys.stdout.buffer.write(name.encode("utf-8"))' "$k" >"$tmp/name$k"
    printf 'quit\n' | $LS play --plain --seed 3 --bots 1 --record "$tmp/$(cat "$tmp/name$k")" \
        >/dev/null 2>&1 || true
    $T new-session -d -s "wb$k" -x 80 -y 24 \
        "cd '$tmp' && LC_ALL=$loc LANG=$loc $LS play --resume \"\$(cat name$k)\"; echo \"exit status \$?\"; sleep 60"
    wait_for "wb$k" "Your hand: total"
    python3 -c 'import re, sys
rows = open(sys.argv[1], encoding="utf-8").read().split("\n")
top = next(i for i, r in enumerate(rows) if "Last moves" in r)
parts = [r[50:].strip() for r in rows[top + 1:21]]
parts = [r for r in parts if r]
text = "".join(parts)
assert {"26": "\\\\", "25": "\\x01", "20": "\\xe2\\x80\\xae"}[sys.argv[2]] in text, text
esc = r"\\x%s"
cont = esc % "[89ab][0-9a-f]"
char = "|".join([esc % "(?:c[2-9a-f]|d[0-9a-f])" + cont, esc % "e[0-9a-f]" + cont * 2,
                 esc % "f[0-4]" + cont * 3])
ends = set(m.end() for m in re.finditer(char + r"|\\x[0-9a-f]{2}|\\\\|.", text))
at = 0
for r in parts[:-1]:
    at += len(r)
    assert at in ends, "a row ends inside an escape: %r" % parts' "$tmp/screen" "$k" ||
        screen_fail "a file name's escape is broken across two rows of Last moves"
    quit "wb$k"
done
fi
# 40. A level of few columns and many bytes ('cmd:./ab' and an accent
# combined 60 times, 8 columns) is cut at a whole character and ends in
# an ellipsis: its buffer cut it inside a character, with no ellipsis.
if want 40 && [ "$loc" != C ]; then
acc=$(python3 -c 'import sys; sys.stdout.buffer.write(("ab" + "\u0301" * 60).encode())')
ln -s "$(cd "$(dirname "$0")/../bots" && pwd)/noisy.py" "$tmp/$acc"
$T new-session -d -s wa -x 80 -y 24 \
    "cd '$tmp' && LC_ALL=$loc LANG=$loc $LS play --bots 2 --level \"cmd:./$acc,greedy\" --seed 3 --record '$tmp/wa.lsr' 2>/dev/null; echo \"exit status \$?\"; sleep 60"
wait_for wa "Your hand: total"
on_screen -E "^  Ada +cmd:\./ab($(printf '\314\201'))*… +5 " "a level of many bytes is not cut at a character with an ellipsis"
on_screen -E '^  Ben +greedy +5 ' "the next row's columns moved"
quit wa
fi
# 41. A bot's failure is said whole, without the bot's command: a cmd:
# bot that dies before the handshake, whose command has "': " and control
# bytes (each shown \x01), was reported with the command's tail (the "': "
# found inside it: "Ada's bot: ab\x01\x01...\"': died before the
# handshake ..."), on the message rows and in "Last moves", and cut there
# at 400 bytes. A bot's failure is some 300 bytes at most now (its quotes
# of the bot's text are cut to 200), too short for the 400-byte cut of
# a047c4b (copy_cut), which this section tested through that misreport.
if want 41; then
python3 -c 'import sys
sys.stdout.buffer.write(b"cmd:read g;exit 3;: \"\x27: ab" + b"\x01" * 232 + b"\"")' >"$tmp/longcmd"
$T new-session -d -s lm -x 120 -y 40 \
    "cd '$tmp' && LC_ALL=$loc LANG=$loc $LS play --seed 5 --bots 1 --pace 0 --record '$tmp/lm.lsr' --level \"\$(cat longcmd)\"; echo \"exit status \$?\"; sleep 60"
wait_for lm "Your hand: total"
wait_for lm "Ada's bot:"
python3 -c 'import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
assert "\\x01\\x01\\x01\\x01" not in text, "the command'"'"'s tail is on the screen: %s" % text
rows = [r.strip() for r in text.split("\n")]
said = "Ada'"'"'s bot: died before the handshake (exit status 3); greedy plays for it until the match ends"
assert said in rows, "the message rows do not say the failure whole: %s" % text
assert sum(r.startswith("Ada'"'"'s bot: died before the") for r in rows) == 2, "not in Last moves: %s" % text' \
    "$tmp/screen" || screen_fail "a bot's failure was not said whole, without its command"
quit lm
fi
# 42. A cmd: bot that cannot start says why: its stderr, which the full
# screen sends nowhere, said it ('can't open file'), and the failure was
# only 'died before the handshake (exit status 2)'. Its last line is
# quoted now.
if want 42; then
start ns 250 40 --seed 5 --bots 1 --pace 0 --record "$tmp/ns.lsr" --level "'cmd:python3 /no/such/file.py'"
wait_for ns "Ada's bot: died before the handshake"
on_screen -E "died before the handshake \(exit status 2\); its stderr's last line: '[^']*python3: can't open file '/no/such/file\.py'" \
    "the bot's stderr, which says why it failed, is not quoted"
quit ns
# Its first 120 bytes are kept, cut between two characters: 119 'a' then
# an e-acute was quoted with a lone '\xc3'.
printf '#!/bin/sh\nprintf "%%0119d\\303\\251 more\\n" 0 >&2\nexit 3\n' >"$tmp/errbot.sh"
start nu 250 40 --seed 5 --bots 1 --pace 0 --record "$tmp/nu.lsr" --level "'cmd:sh $tmp/errbot.sh'"
wait_for nu "Ada's bot: died before the handshake"
# (the quote, a word of 121 columns, goes on a row of its own: rows joined)
tr -s ' \n' '  ' <"$tmp/screen" | grep -qF "its stderr's last line: '0000" ||
    screen_fail "the bot's stderr's last line is not quoted"
on_screen ! '\xc3' "the bot's stderr's last line is cut inside a character"
quit nu
fi
# 43. The keys that take an open card are as many as the open cards: the
# footer and the selection's message said '1-5' with one or two open cards.
# Seed 4, three computers: one open card on your first turn, Cleo's 5C 5S
# on your second.
if want 43; then
start ok 100 30 --seed 4 --bots 3 --pace 0 --record "$tmp/ok.lsr"
wait_for ok "Select the cards to discard"
on_screen " space:select 1:take d:draw" "one open card: the footer does not say 1:take"
on_screen "take an open card (1) or draw" "one open card: the message does not say (1)"
$T send-keys -t ok Space d
wait_for ok "drew"
wait_for ok "Select the cards to discard"
on_screen " space:select 1-2:take d:draw" "two open cards: the footer does not say 1-2:take"
on_screen "take an open card (1-2) or draw" "two open cards: the message does not say (1-2)"
quit ok
fi
# 44. A window under 20 columns says it is too small in short words, whole
# (at 6x12 'The' 'termin' 'al' filled it, a word cut across rows, and
# nothing said that q quits), and one of a single column, where nothing at
# all was drawn, a character a row.
if want 44; then
start nw 80 24 --seed 3 --bots 1 --pace 0 --record "$tmp/nw.lsr"
wait_for nw "Your hand: total"
$T resize-window -t nw -x 6 -y 12
wait_for nw "small."
for w in Too small. Resize it. q quits.; do
    grep -qE -- "(^| )$w( |\$)" "$tmp/screen" || screen_fail "at 6x12 the word '$w' is not whole"
done
$T resize-window -t nw -x 1 -y 24
i=0
until $T capture-pane -p -t nw | tr -d '\n ' | grep -qF "Toosmall.qquits."; do
    i=$((i + 1))
    [ "$i" -lt 200 ] || { $T capture-pane -p -t nw >"$tmp/screen"; screen_fail "at 1x24 nothing says how to quit"; }
    sleep 0.05
done
$T resize-window -t nw -x 80 -y 24
wait_for nw "Your hand: total"
quit nw
fi
# 45. Line mode under 20 columns breaks its lines at spaces, as it does
# wider: it left them whole there, and the terminal cut them mid-word
# ('what the c' 'omputer would do'). Seed 3's help at 12 columns: each
# word of a command's description is whole on a row (60 rows no longer
# held the table of commands at 12 columns once 'cards words' was in it:
# 90).
if want 45; then
$T new-session -d -s np -x 12 -y 90 "LC_ALL=$loc LANG=$loc $LS play --plain --seed 3 --record $tmp/np.lsr; echo \"exit status \$?\"; sleep 60"
wait_for np "your move>"
$T send-keys -t np help Enter
wait_for np "Cards: rank"
for w in computer discard, record; do
    grep -qw -- "$w" "$tmp/screen" || screen_fail "at 12 columns the word '$w' is cut across rows"
done
awk 'length($0) > 12 { bad = 1 } END { exit bad }' "$tmp/screen" ||
    screen_fail "a row is wider than 12 columns"
$T send-keys -t np quit Enter
wait_for np "exit status" # and its 0 on the next row, at 12 columns
fi
# 46. A message too long for the message rows' 400 bytes is cut at a whole
# character or escape, an ellipsis after it: a cmd: bot that dies before the
# handshake, its stderr's last line 120 control bytes, each quoted as
# '\x01' (its report is about 580 bytes). Reported while the match
# starts, before the screen, it was cut with '~' in a UTF-8 terminal. The
# cut is inside the quote, whose end and the report's ending ('greedy
# plays for it until the match ends', what happens next) stay whole: cut
# at its end, the ending was lost, on the message rows and in Last moves.
if want 46; then
printf '#!/bin/sh\nprintf "%%0120d\\n" 0 | tr 0 "\\001" >&2\nexit 3\n' >"$tmp/ctlbot.sh"
start cb 250 40 --seed 5 --bots 1 --pace 0 --record "$tmp/cb.lsr" --level "'cmd:sh $tmp/ctlbot.sh'"
wait_for cb "Ada's bot: died before the handshake"
python3 -c 'import sys
rows = open(sys.argv[1], encoding="utf-8").read().split("\n")
mark = "\u2026" if sys.argv[2] != "C" else "~"
end = "\\x01" + mark + "'"'"'; greedy plays for it until the match ends"
# the message rows (from column 0), then the Last moves column
top = next(i for i, r in enumerate(rows) if r.startswith("  Ada'"'"'s bot: died"))
text = " ".join(r.strip() for r in rows[top:] if r.strip() and not r.startswith(" space:"))
assert text.endswith(end), "not cut inside the quote, its ending whole: %r" % text[-80:]
assert len(text.encode()) < 400, len(text.encode())
log = " ".join(r.strip() for r in rows[:top])
assert end in log, "not cut inside the quote in Last moves: %r" % log[-120:]
' "$tmp/screen" "$loc" ||
    screen_fail "a message too long for its 400 bytes is not cut inside its quote, its ending whole"
quit cb
# Line mode passes the bot's stderr on whole, and the report is short:
# nothing is cut and the ending is there.
$LS play --plain --seed 5 --bots 1 --record "$tmp/cbp.lsr" --level "cmd:sh $tmp/ctlbot.sh" \
    </dev/null >/dev/null 2>"$tmp/cbp.err" || true
grep -qxF "leastscore play: Ada's bot: died before the handshake (exit status 3); greedy plays for it until the match ends" \
    "$tmp/cbp.err" || { cat "$tmp/cbp.err"; echo "line mode: the bot's failure is not reported whole"; exit 1; }
fi
# 47. A window of one row says how to quit too: at 80x1 and 19x1 it said
# only that the terminal is too small (the first sentence, kept whole).
if want 47; then
start or 80 24 --seed 3 --bots 1 --pace 0 --record "$tmp/or.lsr"
wait_for or "Your hand: total"
$T resize-window -t or -x 80 -y 1
wait_for or "Too small: q quits."
$T resize-window -t or -x 19 -y 1
wait_for or "Too small: q quits."
$T send-keys -t or q
# A row of one would show only the last line: the way out is read at
# 80x24 (where a q read late asks first).
$T resize-window -t or -x 80 -y 24
i=0
until $T capture-pane -p -t or | grep -qF "exit status 0"; do
    $T capture-pane -p -t or | grep -qF "Quit this game?" && $T send-keys -t or y
    i=$((i + 1))
    [ "$i" -lt 200 ] || { $T capture-pane -p -t or >"$tmp/screen"; screen_fail "q at 19x1 did not quit"; }
    sleep 0.05
done
fi
# 48. A paste is not read as keys (bracketed paste): 200 characters of a
# line pasted by mistake, ' d 1 ' in it, played moves, each key doing what
# it does (seed 9, seven computers: the deck went from 11 to 2). Now the
# deck is as it was, no move is made, the message says why, and the keys
# typed after it work.
if want 48; then
start pa 80 24 --seed 9 --bots 7 --pace 0 --record "$tmp/pa.lsr"
wait_for pa "Select the cards to discard"
on_screen "Deck: 11" "the deck is not 11 at the start"
$T set-buffer "$(python3 -c 'print(("a line pasted by mistake; d 1 " * 8)[:200], end="")')"
$T paste-buffer -p -t pa
wait_for pa "Pasted text is not read as keys: press them one at a time (? lists them)."
on_screen "Deck: 11" "a paste was read as keys: the deck changed"
on_screen ! "discarded" "a paste was read as keys: a move was made"
$T send-keys -t pa Space d
wait_for pa "Ada discarded"
quit pa
fi
# 49. A report longer than play_game's 700 bytes is cut inside its quote
# too, its ending whole: a bot whose answer is 20 control bytes (garbage,
# quoted in 80 bytes, then why: some 160) after a stderr line of 120
# (quoted '\x01' each, 480 bytes) is reported in some 800 bytes.
# play_game cut that at its end, '; greedy plays this turn' lost before
# the screen's own cut (400 bytes). With an answer of 60 control bytes
# (quoted in 199) the screen's cut comes before the stderr line's quote
# opens: no closing mark is kept then ("its stderr'...'" looked like a
# quote).
if want 49; then
cat >"$tmp/longbot.py" <<'PY'
import sys
for line in sys.stdin:
    if line.startswith("leastscore-bot"):
        print("ok 1", flush=True)
    elif line.startswith("go"):
        sys.stderr.write("\x01" * 120 + "\n")
        sys.stderr.flush()
        print("\x02" * int(sys.argv[1]), flush=True)
PY
for n in 20 60; do
start lb$n 250 40 --seed 5 --bots 1 --pace 0 --record "$tmp/lb$n.lsr" --level "'cmd:python3 $tmp/longbot.py $n'"
wait_for lb$n "Your hand: total"
$T send-keys -t lb$n Space d
wait_for lb$n "Ada's bot: garbage"
python3 -c 'import sys
rows = open(sys.argv[1], encoding="utf-8").read().split("\n")
mark = "\u2026" if sys.argv[2] != "C" else "~"
end = ("\\x01" + mark + "'"'"'" if sys.argv[3] == "20" else mark) + "; greedy plays this turn"
top = next(i for i, r in enumerate(rows) if r.startswith("  Ada'"'"'s bot: garbage"))
text = " ".join(r.strip() for r in rows[top:] if r.strip() and not r.startswith(" space:"))
assert text.endswith(end), "not cut inside the quote, its ending whole: %r" % text[-80:]
' "$tmp/screen" "$loc" "$n" ||
    screen_fail "a report over play_game's 700 bytes ($n bytes of answer) is not cut inside its quote, its ending whole"
quit lb$n
done
fi
# 50. - then + brings the computers' pace back to where it was, in round
# figures: the pace was multiplied by 2/3 and 3/2 and rounded down, so
# that --pace 700, - and + showed 699ms (and - alone 466ms).
if want 50; then
start pace50 80 24 --seed 7 --pace 700 --record "$tmp/pc.lsr"
wait_for pace50 "Select the cards to discard"
on_screen "pace 700ms" "the footer does not show --pace 700"
$T send-keys -t pace50 -
wait_for pace50 "pace 450ms"
$T send-keys -t pace50 +
wait_for pace50 "pace 700ms"
$T send-keys -t pace50 + +
wait_for pace50 "pace 1500ms"
$T send-keys -t pace50 - - - - - - - - - - - -
wait_for pace50 "pace 0ms"
$T send-keys -t pace50 +
wait_for pace50 "pace 50ms"
quit pace50
fi
# 51. The help's box is as wide and as tall as its text: at 250x60 it
# filled the screen, 250 columns for rows wrapped at 100, and its last 25
# rows were blank. Its rows of text are at most 100 columns, in a frame
# of 104, and its bottom line comes just after its end.
if want 51; then
start help51 250 60 --seed 7 --pace 0 --record "$tmp/hb.lsr"
wait_for help51 "Select the cards to discard"
$T send-keys -t help51 '?'
wait_for help51 "the end; any other key: back"
python3 -c 'import sys
rows = open(sys.argv[1], encoding="utf-8").read().split("\n")
title = next(r for r in rows if "Least Score - help" in r)
bars = [i for i, ch in enumerate(title) if ch in "\u2502|"]
assert len(bars) == 2, "no frame around the title: %r" % title
width = bars[1] - bars[0] + 1
assert width == 104, "the help box is %d columns wide, not 104" % width
end = next(i for i, r in enumerate(rows) if "the end; any other key" in r)
assert rows[end + 1].strip()[:1] in "\u2514+", "no bottom line under the help: %r" % rows[end + 1]
assert end + 2 < 60 and not rows[end + 2].strip().startswith(("\u2502", "|")), \
    "the help box goes on below its end"
' "$tmp/screen" || screen_fail "the help's box is not as wide and as tall as its text"
$T send-keys -t help51 x
wait_gone help51 "Least Score - help"
on_screen "Select the cards to discard" "the game is not back after the help"
quit help51
fi
# 52. What is wrong with the cards selected is said as a sentence, with its
# full stop, as a refused move is (section 22): it read 'Not a legal
# discard: 2 cards must be a pair of the same rank', without a stop, as
# a text cut short reads.
if want 52; then
start sel52 80 24 --seed 7 --pace 0 --record "$tmp/ns.lsr"
wait_for sel52 "Select the cards to discard"
$T send-keys -t sel52 Space Right Space
wait_for sel52 "Not a legal discard"
on_screen "Not a legal discard: 2 cards must be a pair of the same rank." \
    "the selection's fault is not a sentence with its full stop"
quit sel52
fi
# 53. The message rows are at most 100 columns wide, as the help's: at
# 250 columns a hint with its reasons was one row of some 170 columns.
if want 53; then
start msg53 250 40 --seed 7 --pace 0 --record "$tmp/mw.lsr"
wait_for msg53 "Select the cards to discard"
$T send-keys -t msg53 h
wait_for msg53 "Why:"
python3 -c 'import sys
rows = open(sys.argv[1], encoding="utf-8").read().split("\n")
top = next(i for i, r in enumerate(rows) if r.startswith("  Hint:"))
text = []
for r in rows[top:]:
    if not r.startswith("  ") or not r.strip():
        break
    assert len(r.rstrip()) <= 102, "a message row of %d columns: %r" % (len(r.rstrip()), r)
    text.append(r.strip())
assert "Why:" in " ".join(text), "the hint is not whole on its rows: %r" % text
' "$tmp/screen" || screen_fail "a message row is wider than 100 columns"
quit msg53
fi
# 54. A turn limit other than the default is on the title row and in the
# help's table rules: with --max-turns 6 the showdown came without a word.
# At 80 columns "max 6 turns" takes the room of "declare any" (in the help).
if want 54; then
start turns54 80 24 --seed 7 --pace 0 --max-turns 6 --record "$tmp/mt.lsr"
wait_for turns54 "Select the cards to discard"
head -1 "$tmp/screen" | grep -qF "max 6 turns" ||
    screen_fail "the title row does not show the turn limit"
head -1 "$tmp/screen" | grep -qF "Least Score" ||
    screen_fail "the turn limit took the name's place on the title row"
$T send-keys -t turns54 '?'
wait_for turns54 "showdown"
$T send-keys -t turns54 x
wait_gone turns54 "Least Score - help"
quit turns54
fi
# 55. A turn limit and a declare limit are both on the title row at 80
# columns, the screen's least width (the turn limit pushed the declare
# limit out): a rule at its standard value gives way first ("runs any
# suit"), and with every rule changed, "runs one suit" (a mixed run is
# refused with that reason when selected). At 100 columns all of them.
if want 55; then
d='·'
[ "$loc" = C.UTF-8 ] || d='\|'
start lim55 80 24 --seed 7 --pace 0 --max-turns 6 --declare-max 12 --record "$tmp/lim55.lsr"
wait_for lim55 "space:select"
on_screen -E "^ Round 1 $d out above 100 $d tie wins $d max 6 turns $d declare <= 12 +Least Score *$" \
    "the title at 80 columns does not show both the turn limit and the declare limit"
quit lim55
start all55 80 24 --seed 7 --pace 0 --threshold 1000 --tie penalty --runs suited \
    --max-turns 6 --declare-max 12 --record "$tmp/all55.lsr"
wait_for all55 "space:select"
on_screen -E "^ Round 1, out above 1000, tie loses, max 6 turns, declare <= 12 +Least Score *$" \
    "the title at 80 columns with every rule changed does not show both limits"
quit all55
start wide55 100 24 --seed 7 --pace 0 --max-turns 6 --declare-max 12 --record "$tmp/wide55.lsr"
wait_for wide55 "space:select"
on_screen -E "^ Round 1 $d out above 100 $d tie wins $d runs any suit $d max 6 turns $d declare <= 12 +Least Score *$" \
    "the title at 100 columns leaves a rule out"
quit wide55
fi
# 56. Names as long as a record may give them (16 characters) are shown
# whole in the table and in the round's result at 80 columns: cut to 10,
# "Alexandra_Smith2" and "Alexandra_Smith3" of a resumed record were both
# "Alexandra…" (or "Alexandra..."). A simulated match of eight, two of
# them renamed, resumed on your second turn of round 2, where you declare.
if want 56; then
"$LS" sim --players greedy,greedy,random,greedy,greedy,random,greedy,greedy --matches 1 \
    --threads 1 --seed 4 --records "$tmp/sim56" >/dev/null
python3 - "$tmp/sim56/match-000001.lsr" "$tmp/long56.lsr" <<'PY'
import sys
names = {"greedy2": "Alexandra_Smith2", "greedy3": "Alexandra_Smith3"}
out, rounds, moves = [], 0, 0
for line in open(sys.argv[1]).read().split("\n"):
    words = line.split(" ")
    out.append(" ".join(names.get(w, w) for w in words))
    if words[0] == "round":
        rounds += 1
    elif rounds == 2 and words[0] not in ("hand", "open", "") and not line.startswith("#"):
        moves += 1
        if moves == 15: # the others' seven after your first move: your turn
            break
assert out[1].startswith("players greedy Alexandra_Smith2 random Alexandra_Smith3 "), out[1]
open(sys.argv[2], "w").write("\n".join(out) + "\n")
PY
$T new-session -d -s long56 -x 80 -y 24 \
    "LC_ALL=$loc LANG=$loc $LS play --resume '$tmp/long56.lsr' --pace 0; echo \"exit status \$?\"; sleep 60"
wait_for long56 "x:DECLARE"
on_screen -E "^  Alexandra_Smith2 +greedy +4 +0 " "a 16-character name is cut in the table"
on_screen -E "^  Alexandra_Smith3 +greedy +3 +0 " "a 16-character name is cut in the table"
$T send-keys -t long56 x
wait_for long56 "y: declare;"
$T send-keys -t long56 y
wait_for long56 "Press Enter to continue"
on_screen -E "^[^ ]+ Alexandra_Smith2 +[2-9AJQK1][^ ]* " \
    "a 16-character name is cut in the round's result"
on_screen -E "^[^ ]+ Alexandra_Smith3 +[2-9AJQK1][^ ]* " \
    "a 16-character name is cut in the round's result"
$T send-keys -t long56 Enter
wait_for long56 "space:select"
quit long56
fi
# 57. The quit question's box ends under its last line (it had an empty
# row above its bottom border); and a window of 40x10, too small, says all
# five sentences of its message: the last, that line mode fits any
# window, was left out for want of a row (it is said shorter there).
if want 57; then
start qb 100 35 --seed 7 --bots 1 --pace 0 --record "$tmp/qb.lsr"
wait_for qb "Your hand: total"
$T send-keys -t qb q
wait_for qb "Quit this game?"
python3 - "$tmp/screen" <<'PY2' || screen_fail "the quit box has an empty row above its bottom border"
import sys
rows = open(sys.argv[1], encoding="utf-8").read().split("\n")
i = next(i for i, r in enumerate(rows) if "The record is saved to resume later." in r)
col = rows[i].index("The record") - 2  # the box's left border
assert rows[i + 1][col] not in ("|", "\u2502"), rows[i + 1]
assert set(rows[i + 1][col + 1:col + 40]) <= {"-", "\u2500"}, rows[i + 1]
PY2
$T send-keys -t qb n
wait_gone qb "Quit this game?"
$T resize-window -t qb -x 40 -y 10
wait_for qb "too small for"
tr '\n' ' ' <"$tmp/screen" | tr -s ' ' >"$tmp/qb.text"
for want in "The terminal is too small for Least Score." "It is 40x10;" \
    "Enlarge the window to go on" "Or press q or Ctrl-C to quit now" "Line mode fits any window"; do
    grep -qF "$want" "$tmp/qb.text" || screen_fail "at 40x10 the too-small message does not say '$want'"
done
$T send-keys -t qb q
wait_for qb "exit status 0"
fi

# 58. A player who takes before discarding, as in rummy (Up to the open
# card, Enter), is told to select the cards to discard first, and the
# cursor goes back to the hand, so that the space the message asks for
# selects a card there: it stayed on the open cards, where space tried
# the take again and said the same, for ever; and a click on the open
# card, with nothing selected, says that a click selects too.
if want 58; then
start tk 80 24 --seed 7 --pace 0 --record "$tmp/tk.lsr"
wait_for tk "Your hand: total"
$T send-keys -t tk Up Enter
wait_for tk "Select the cards to discard first"
on_screen "space, or click them" "the message does not say that a click selects"
on_screen "then takes an open card or draws" "the message does not say the turn's order"
$T send-keys -t tk Space
wait_for tk "now take an open card"
on_screen "Discard A" "space did not select the hand's first card"
$T send-keys -t tk c
wait_for tk "Select the cards to discard (space)"
click tk 4 10
wait_for tk "Select the cards to discard first"
$T send-keys -t tk Space
wait_for tk "now take an open card"
quit tk
fi

# 59. The footer's keys are pressed with the mouse too, as a player who
# plays with the mouse clicks them: h:hint, ?:help, q:quit and
# n:go on playing, d:draw, x:DECLARE and y or x:declare, Enter:continue,
# then q:quit and y:quit. A click on them did nothing, so such a player
# could not ask a hint, declare, close a round's result nor quit.
if want 59; then
# foot_click NAME TEXT: a click on the first column of TEXT on the
# footer, the last row of the 24 of the screen last read.
foot_click() {
    col=$(tail -n 1 "$tmp/screen" | python3 -c 'import sys; print(sys.stdin.read().find(sys.argv[1]))' "$2")
    [ "$col" -ge 0 ] || screen_fail "no '$2' on the footer"
    click "$1" "$col" 23
}
start fc 80 24 --seed 7 --pace 0 --record "$tmp/fc.lsr"
wait_for fc "h:hint"
foot_click fc "h:hint"
wait_for fc "Hint: discard"
foot_click fc "?:help"
wait_for fc "Least Score - help"
$T send-keys -t fc Escape
wait_for fc "q:quit"
foot_click fc "q:quit"
wait_for fc "Quit this game?"
foot_click fc "n:go on playing"
wait_gone fc "Quit this game?"
wait_for fc "d:draw"
foot_click fc "d:draw"
wait_for fc "x:DECLARE"
foot_click fc "x:DECLARE"
wait_for fc "y or x:declare"
foot_click fc "y or x:declare"
wait_for fc "Enter:continue"
foot_click fc "Enter:continue"
wait_for fc " Round 2 "
wait_gone fc "Press Enter to continue"
wait_for fc "q:quit"
foot_click fc "q:quit"
wait_for fc "y:quit"
foot_click fc "y:quit"
wait_for fc "exit status 0"
fi

# 60. A click on the footer's h:hint at a table whose hint is searched
# 2 s (seven bots dealt 6 leave a deck of 4): the press asked for the hint
# and the button's release, read while it was searched, dropped it, so
# that no hint ever came; and a click on h:hint while h's hint was
# searched started the search again, then dropped it the same way. Now a
# release, or a second request, keeps the search: the hint comes.
if want 60; then
# hint_click NAME: a click on the first column of h:hint on the footer,
# the last row of the 40 of the screen last read.
hint_click() {
    col=$(tail -n 1 "$tmp/screen" | python3 -c 'import sys; print(sys.stdin.read().find("h:hint"))')
    [ "$col" -ge 0 ] || screen_fail "no 'h:hint' on the footer"
    click "$1" "$col" 39
}
start hq 200 40 --seed 3 --bots 7 --hand-size 6 --runs suited --pace 0 --record "$tmp/hq.lsr"
wait_for hq "Select the cards to discard"
hint_click hq
wait_for hq "Hint: discard" 60
$T send-keys -t hq h
wait_for hq "Thinking of a hint"
hint_click hq
wait_for hq "Hint: discard" 60
quit hq
fi
# 61. The help says that the mouse clicks the cards, the open cards, the
# deck and the footer's keys, whole at the smallest size the game takes
# (80x19 with three players): it said only that a click selects a card.
# From the help's end, Up until the two rows are on the screen (at most
# 60 rows up, each waited for: the screen changes).
if want 61; then
start hm 80 19 --seed 5 --bots 2 --pace 0 --record "$tmp/hm.lsr"
wait_for hm "Your hand: total"
$T send-keys -t hm '?' End
wait_for hm "the end; any other key"
i=0
until grep -qF "Mouse       click a card to select it, an open card or the deck to take" "$tmp/screen" &&
      grep -qF "it, and a key on the bottom row (such as d:draw) to press it" "$tmp/screen"; do
    [ "$i" -lt 60 ] && ! grep -qF -- "-- lines 1-" "$tmp/screen" ||
        screen_fail "the help does not say, whole at 80x19, what the mouse clicks"
    cp "$tmp/screen" "$tmp/hm.before"
    $T send-keys -t hm Up
    j=0
    while $T capture-pane -p -t hm >"$tmp/screen" && cmp -s "$tmp/screen" "$tmp/hm.before"; do
        [ "$j" -lt 600 ] || screen_fail "Up did not scroll the help"
        sleep 0.05
        j=$((j + 1))
    done
    i=$((i + 1))
done
$T send-keys -t hm Escape
wait_gone hm "Least Score - help"
quit hm
fi
echo ok
