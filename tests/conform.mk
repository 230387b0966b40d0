# tests/conform.mk (fragment; see tests/local.mk)
