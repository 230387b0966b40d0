# analysis/: host tools that read what alphasim writes.
bin_PROGRAMS += analysis/truthcsv
analysis_truthcsv_SOURCES = analysis/truthcsv.c
