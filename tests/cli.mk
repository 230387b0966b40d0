# Command-line behaviour: the demo runs, bad input is refused cleanly.
TESTS += tests/cli_demo.sh tests/cli_badinput.sh
