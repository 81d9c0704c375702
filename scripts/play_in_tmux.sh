#!/usr/bin/env bash
# Check `remi play` in a real terminal: start it in a detached tmux session on a
# fixed seed, answer a few questions with `tmux send-keys`, capture the pane with
# its escape codes (`tmux capture-pane -p -e`) and check what a player sees: suit
# symbols, colour, "you", the name of the card drawn, the buy counts, the menus, a
# new deal's banner before its first move, and a refusal and a hint in the player's
# terms (suit symbols, "you", the clause).
#
#   bash scripts/play_in_tmux.sh          # prints "play_in_tmux: ok", or what is missing
#
# Needs tmux (apt-get install tmux). Runs `$PYTHON -m remi` (default: .venv/bin/python, else python3).
# tests/cli/test_terminal.py runs it with its own interpreter.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if ! command -v tmux >/dev/null; then
    echo "play_in_tmux: tmux is not installed (apt-get install tmux)" >&2
    exit 2
fi
python=${PYTHON:-$root/.venv/bin/python}
[ -x "$python" ] || python=python3
session=remi-play-check-$$
socket=remi-play-check-$$  # a server of our own: never touches the user's tmux sessions
tmx() { tmux -L "$socket" "$@"; }
trap 'tmx kill-server 2>/dev/null || true' EXIT

# a UTF-8 terminal with colours, 120 x 50, seed 3: seat 0 first answers a buy offer
tmx -f /dev/null new-session -d -s "$session" -x 120 -y 50 \
    "cd '$root' && env -u NO_COLOR TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 '$python' -m remi play norwegian --seed 3; sleep 30"

wait_for() {  # wait until the pane shows $1 (a fixed string), at most 20 s
    for _ in $(seq 200); do
        if tmx capture-pane -p -t "$session" -S -200 | grep -qF -- "$1"; then return 0; fi
        sleep 0.1
    done
    echo "play_in_tmux: timed out waiting for: $1" >&2
    tmx capture-pane -p -t "$session" -S -200 >&2
    return 1
}

wait_for "Your choice:"
tmx send-keys -t "$session" 1 Enter          # pass the buy offer
wait_for "Your turn: draw."
tmx send-keys -t "$session" KS Enter         # discard before drawing: refused
wait_for "Not allowed: "
tmx send-keys -t "$session" 1 Enter          # draw from the stock
wait_for "you drew "
tmx send-keys -t "$session" hint Enter       # what a greedy bot would play
wait_for "A greedy bot would play: "
tmx send-keys -t "$session" 2 Enter          # discard the second card
wait_for "you discarded "
sleep 0.5
pane=$(tmx capture-pane -p -e -t "$session" -S -200)
plain=$(tmx capture-pane -p -t "$session" -S -200)

fail=0
check() {  # check DESCRIPTION COMMAND...: report a failure, carry on
    local what=$1; shift
    if ! "$@"; then echo "play_in_tmux: missing: $what" >&2; fail=1; fi
}
check "a suit symbol" grep -q '[♠♥♦♣]' <<<"$plain"
check "a colour escape code" grep -q $'\e\\[[0-9;]*m' <<<"$pane"
check "red hearts or diamonds" grep -qP '\e\[[0-9;]*31m(10|[2-9AJQK])[♥♦]' <<<"$pane"
check '"you" for the human seat' grep -q 'Seats:  you ' <<<"$plain"
check 'no "seat 0"' bash -c '! grep -q "seat 0" <<<"$1"' _ "$plain"
check "the card drawn, named" grep -qP 'you drew (10|[2-9AJQK])[♠♥♦♣]|you drew JK' <<<"$plain"
check "the buys this deal" grep -q 'Buys this deal' <<<"$plain"
check "a discard menu" grep -q 'Discard: ' <<<"$plain"
check "the deal's banner first" grep -q '^=== Round 1 of 7 begins' <<<"$plain"
check "a refusal in suit symbols, to you" grep -qP 'Not allowed: cannot discard K♠ now: you must ' <<<"$plain"
check "a hint in suit symbols" grep -qP 'A greedy bot would play: .*(10|[2-9AJQK])[♠♥♦♣]' <<<"$plain"
check "no traceback" bash -c '! grep -q Traceback <<<"$1"' _ "$plain"

tmx send-keys -t "$session" quit Enter
wait_for "Game abandoned (seed 3)."
if [ "$fail" -ne 0 ]; then
    echo "--- the pane:" >&2
    echo "$plain" >&2
    exit 1
fi
echo "play_in_tmux: ok"
