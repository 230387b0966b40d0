# tests/fp.mk (fragment; see tests/local.mk)
