"""tests/labcheck.py - the checks the labs' tests make in Python (their
heredocs run under labpy, tests/lab_lib.sh, which puts this directory
on the path).

check(ok, what): a claim of the lab's README, true or false.
bound(what, got, "min"|"max", limit): a figure and its bound, printed
    as "NAME = X (min|max LIMIT)", the form `make phases` gathers over
    many phases of the guest (docs/testing.md, "Floors and phases").
done(): exit 1 if any check failed.
"""
import sys

failed = 0


def check(ok, what):
    global failed
    print(("ok" if ok else "FAIL") + ": " + what)
    failed += not ok


def bound(what, got, kind, limit):
    check(got >= limit if kind == "min" else got <= limit, f"{what} = {got:.4g} ({kind} {limit})")


def done():
    sys.exit(1 if failed else 0)
