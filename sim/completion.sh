#!/bin/sh
# sim/completion.sh ALPHASIM - print bash's completion for alphasim,
# read from its --help (which sim/opts.c's option table writes), so the
# two cannot drift: every option; after an option that takes a FILE a
# file name, a DIR a directory, a choice (on|off, ev5|ev56) one of its
# words, KEY=VALUE a parameter's key (from --print-config); after the
# others (numbers, LIST) nothing; and file names for the program and
# its arguments.  make builds it as
# sim/alphasim.bash and installs it in bash-completion's directory.
set -e
keys=$("$1" --print-config | awk '{ printf "%s%s=", n++ ? " " : "", $1 }')
"$1" --help | awk -v keys="$keys" '
# "  -X, --name ARG   help" or "  --name ARG   help" or "  --name[=DIR] help"
/^  -/ {
	spell = $0
	sub(/^  /, "", spell)
	sub(/   .*/, "", spell)          # the spellings end at the help column
	n = split(spell, w, /[ ,]+/)
	arg = ""
	names = ""
	for (i = 1; i <= n; i++) {
		if (w[i] ~ /^--?[a-zA-Z]/) {
			name = w[i]
			if (name ~ /\[=/) {      # an optional argument: --name[=DIR]
				opt = name
				sub(/\[=.*/, "", name)
				optarg[name] = opt
			}
			names = names " " name
			all = all " " name
		} else if (w[i] != "")
			arg = w[i]
	}
	if (arg == "")
		next
	if (arg ~ /FILE/)
		kind = "file"
	else if (arg ~ /DIR/)
		kind = "dir"
	else if (arg ~ /\|/)
		kind = "words:" arg
	else if (arg == "KEY=VALUE")
		kind = "words:" keys
	else
		kind = "value"
	sub(/^ /, "", names)
	gsub(/ /, "|", names)
	if (!(kind in cases))
		kinds[nk++] = kind          # in the order --help has them
	cases[kind] = cases[kind] (cases[kind] == "" ? "" : "|") names
}
END {
	print "# bash completion for alphasim: generated from alphasim --help by"
	print "# sim/completion.sh (docs/usage.md); do not edit."
	print "_alphasim() {"
	print "\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}"
	print "\tCOMPREPLY=()"
	print "\tcase $prev in"
	for (j = 0; j < nk; j++) {
		k = kinds[j]
		if (k == "file")
			act = "COMPREPLY=($(compgen -f -- \"$cur\"))"
		else if (k == "dir")
			act = "COMPREPLY=($(compgen -d -- \"$cur\"))"
		else if (k ~ /^words:/) {
			wl = substr(k, 7)
			gsub(/\|/, " ", wl)
			act = "COMPREPLY=($(compgen -W \"" wl "\" -- \"$cur\"))"
			if (wl ~ /=/)           # a key: its value typed after it
				act = act "; compopt -o nospace 2>/dev/null"
		} else
			act = ":"
		printf "\t%s) %s; return ;;\n", cases[k], act
	}
	print "\tesac"
	print "\tcase $cur in"
	for (o in optarg)               # --profile alone
		printf "\t%s=*) COMPREPLY=($(compgen -d -P %s= -- \"${cur#*=}\")); return ;;\n", o, o
	sub(/^ /, "", all)
	printf "\t-*) COMPREPLY=($(compgen -W \"%s\" -- \"$cur\")); return ;;\n", all
	print "\tesac"
	print "\tCOMPREPLY=($(compgen -f -- \"$cur\"))"
	print "}"
	print "complete -o filenames -F _alphasim alphasim"
}'
