#!/bin/sh
# sim/completion.sh TOOL - print bash's completion for TOOL (alphasim, or
# one of the analysis tools: dcpiprof, dcpicalc...), read from its --help
# (which an option table writes: sim/opts.c's, analysis/report/cli.c's), so
# the two cannot drift: every option; after an option that takes a FILE
# a file name, a DIR a directory, a choice (on|off, ev5|ev56) one of its
# words, KEY=VALUE a parameter's key (alphasim's --print-config); after
# the others (numbers, LIST, EVENT) nothing; and file names for the
# operands.  make builds it as sim/completion/NAME and installs it in
# bash-completion's directory, where it is loaded when NAME is first
# completed.
set -e
name=$(basename "$1")
func=_$(echo "$name" | tr -c 'a-zA-Z0-9_\n' _)
keys=
[ "$name" != alphasim ] || keys=$("$1" --print-config | awk '{ printf "%s%s=", n++ ? " " : "", $1 }')
"$1" --help | awk -v keys="$keys" -v tool="$name" -v func="$func" '
# "  -X, --name ARG   help", "  --name ARG help", "  -name ARG, --name ARG  help",
# "  --name[=DIR] help", "  --a, --b  help": option words, each followed
# by its argument (upper case, or words with |) and a comma when more
# spellings follow; the help starts at the first other word
/^  -/ {
	n = split($0, w, / +/)
	arg = ""
	names = ""
	for (i = 2; i <= n; i++) {
		more = w[i] ~ /,$/
		sub(/,$/, "", w[i])
		if (w[i] ~ /^--?[a-zA-Z]/) {
			name = w[i]
			if (name ~ /\[=/) {      # an optional argument: --name[=DIR]
				opt = name
				sub(/\[=.*/, "", name)
				optarg[name] = opt
			}
			names = names " " name
			all = all " " name
		} else if (w[i] ~ /^[A-Z][A-Z_=]*$/ || w[i] ~ /\|/)
			arg = w[i]
		else
			break
		if (!more && w[i] !~ /^--?[a-zA-Z]/)
			break
		# an option with no argument and no comma ends the spellings
		# unless its argument follows
		if (!more && w[i] ~ /^--?[a-zA-Z]/ && !(w[i + 1] ~ /^[A-Z][A-Z_=]*,?$/ || w[i + 1] ~ /\|/))
			break
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
	print "# bash completion for " tool ": generated from " tool " --help by"
	print "# sim/completion.sh (docs/usage.md); do not edit."
	print func "() {"
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
	print "complete -o filenames -F " func " " tool
}'
