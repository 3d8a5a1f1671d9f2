# Sourced by sim.sh and arena.sh: their text tables' columns.
# The display columns (wcwidth's, as Python reads East Asian widths) of
# each of the table's rows up to its field $3 from the end, and of its
# heading up to the word $2 over that field, which is right-aligned: the
# same for every row when the spec's column is padded and cut in columns.
aligned() {
    python3 -c 'import re, sys, unicodedata
def cols(s):
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
path, word, ntail = sys.argv[1], sys.argv[2], int(sys.argv[3])
lines = open(path, encoding="utf-8").read().splitlines()
i = next(k for k, l in enumerate(lines) if re.search(r"\bspec\b", l))
want = cols(lines[i][:lines[i].index(" " + word + " ") + 1 + len(word)])
for row in lines[i + 1:i + 4]:
    end = list(re.finditer(r"\S+", row))[-ntail].end()
    assert cols(row[:end]) == want, (row, cols(row[:end]), want)' "$@"
}
