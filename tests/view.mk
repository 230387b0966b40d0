# tests/view.mk (fragment; see tests/local.mk) - the live view
# (docs/view.md): its picture against the truth and the skid trace
# (tests/view.sh), its window under Xvfb driven by keys
# (tests/view_live.sh), every line of its picture within its room and
# the causes' colours and glyphs told apart (tests/view_fit.sh); all
# skip where alphasim has no view.
TESTS += tests/view.sh tests/view_live.sh tests/view_fit.sh
