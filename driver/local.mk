# driver/: the DCPI sampling driver's core (docs/dcpi.md), one source
# compiled twice: into minios with the cross tools (minios/local.mk
# links $(DRIVER_OBJS); minios/pcount_*.c are the device) and for the host,
# where tests/test_driver exercises it (tests/driver.mk).
DRIVER_SRCS = driver/sample.c driver/buffer.c driver/control.c \
	driver/events.c driver/period.c
DRIVER_HDRS = $(srcdir)/driver/pcount.h $(srcdir)/driver/driver.h \
	$(srcdir)/driver/pcount_hw.h \
	$(srcdir)/pmu/events.h $(srcdir)/pmu/events.def
# ... and the events' lookup it checks configurations with (pmu/events.c;
# the host tests link it from pmu/libpmu.a).
DRIVER_OBJS = $(DRIVER_SRCS:driver/%.c=minios/driver/%.o) minios/pmu/events.o
.SECONDARY: $(DRIVER_OBJS)

minios/driver/%.o: $(srcdir)/driver/%.c $(DRIVER_HDRS)
	@$(MKDIR_P) $(@D)
	$(AM_V_CC)$(ALPHA_CC) $(MINIOS_CFLAGS) -c -o $@ $<
minios/pmu/%.o: $(srcdir)/pmu/%.c $(DRIVER_HDRS)
	@$(MKDIR_P) $(@D)
	$(AM_V_CC)$(ALPHA_CC) $(MINIOS_CFLAGS) -c -o $@ $<

CLEANFILES += $(DRIVER_OBJS)
EXTRA_DIST += driver
