# wordfreq.awk FILE...: statistics of a text: lines, words, the most
# frequent words (heap sort, in awk), option-like tokens, a histogram of
# word lengths; every distinct word with its count goes to words.txt,
# which is read back and summed.  Written for alphasim's tests.
{
	lines++
	chars += length($0) + 1
	fields += NF
	if (NF > maxnf) { maxnf = NF; maxline = FNR; maxfile = FILENAME }
	line = tolower($0)
	gsub(/[^a-z0-9_]+/, " ", line)
	n = split(line, w, " ")
	for (i = 1; i <= n; i++) {
		words++
		len[length(w[i]) > 12 ? 12 : length(w[i])]++
		if (length(w[i]) > 2 && w[i] !~ /^[0-9]+$/)
			count[w[i]]++
	}
	s = $0
	while (match(s, /(^|[ \t(])-[A-Za-z][A-Za-z]*/)) {
		opt = substr(s, RSTART, RLENGTH)
		sub(/^[ \t(]/, "", opt)
		opts[opt]++
		s = substr(s, RSTART + RLENGTH)
	}
}
# sift(a, i, n): restore the heap below i (a max-heap on count, then
# the reverse of the word, so that the order is total)
function before(x, y) { return count[x] < count[y] || (count[x] == count[y] && x > y) }
function sift(a, i, n,    c, t) {
	while ((c = 2 * i) <= n) {
		if (c < n && before(a[c], a[c + 1])) c++
		if (!before(a[i], a[c])) break
		t = a[i]; a[i] = a[c]; a[c] = t
		i = c
	}
}
function heapsort(a, n,    i, t) {
	for (i = int(n / 2); i >= 1; i--) sift(a, i, n)
	for (i = n; i > 1; i--) {
		t = a[1]; a[1] = a[i]; a[i] = t
		sift(a, 1, i - 1)
	}
}
END {
	printf "%d lines, %d words, %d characters, %d fields\n", lines, words, chars, fields
	printf "widest line: %s:%d, %d fields\n", maxfile, maxline, maxnf
	for (k in count) order[++distinct] = k
	heapsort(order, distinct)
	printf "%d distinct words; the most frequent:\n", distinct
	for (i = distinct; i > distinct - 15 && i >= 1; i--)
		printf "  %-16s %6d %7.3f%%\n", order[i], count[order[i]], 100 * count[order[i]] / words
	for (k in opts) nopts++
	printf "%d distinct options, -F used %d times\n", nopts, opts["-F"]
	for (i = 1; i <= 12; i++) printf("%s%d", (i > 1 ? " " : "lengths: "), len[i])
	printf "\n"
	for (i = distinct; i >= 1; i--) print order[i], count[order[i]] > "words.txt"
	close("words.txt")
	while ((getline l < "words.txt") > 0) { split(l, f, " "); total += f[2]; back++ }
	printf "words.txt: %d lines, %d occurrences; the first: %s\n", back, total, toupper(order[distinct])
}
