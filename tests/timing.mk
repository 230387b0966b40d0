# tests/timing.mk (fragment; see tests/local.mk)
