#!/bin/sh
# The German whole-round transcript of the README ("Deutsch"): the round of the quick
# start, recorded again through the command line at 40 columns in German.
# Run from the repository with scorepad installed (the venv's): scripts/transcript_de.sh
set -eu
SCOREPAD=${SCOREPAD:-scorepad}
here=$(mktemp -d)
trap 'rm -rf "$here"' EXIT
export COLUMNS=40 NO_COLOR=1 SCOREPAD_LANG=de SCOREPAD_FILE="$here/scorepad.toml"
run() {
    echo "\$ scorepad $*"
    "$SCOREPAD" "$@" 2>&1 || true
}
run new --players Ann,Bob,Cy --opener Ann
for move in "54" "40 e" "51 w" "11 w" "10 e" "41 w" "21 e" "61 n" "52 e" "31 s" "30 s" \
            "43 w" "66 n" "00 s" "32 w" "50 s" "63 n" "22 w"; do
    # shellcheck disable=SC2086 # the tile and its end are two words
    run play $move
done
run draw
run play 53 s
run play 55 e
run hands Ann=6-4 Cy=4-4
run sheet
