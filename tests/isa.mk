# tests/isa.mk (fragment; see tests/local.mk)
