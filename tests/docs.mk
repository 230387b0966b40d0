# The tree stands on its own: its docs and comments cite only files it
# holds and published works, and name no issue number (docs/testing.md,
# "Citations").
TESTS += tests/citations.sh
