# leastscore - build, test, install.
#
#   make            the library (build/libleastscore.a, .so) and the command
#                   build/leastscore
#   make test       (= make check) unit and end-to-end tests, then both again
#                   under AddressSanitizer + UndefinedBehaviorSanitizer, then
#                   make analyze, then each fuzz target for FUZZ_CI_SECONDS (5)
#   make play       installs what is missing, builds, starts a game
#   make serve      installs what is missing, builds, starts the online game
#                   server (leastscore serve) on http://127.0.0.1:8080/
#   make bench      the speed benchmark (leastscore bench)
#   make loadgen    the server's load generator (build/loadgen; run it with
#                   tools/loadgen.sh, docs/benchmarks.md "Server")
#   make soak       the long randomized self-play run (millions of matches)
#   make fuzz       each fuzz target of tests/fuzz/ for FUZZ_SECONDS (60)
#   make analyze    static analysis: gcc -fanalyzer and cppcheck
#   make coverage   line and branch coverage of the tests, per directory
#   make install    PREFIX=/usr/local DESTDIR=
#
# Missing Debian packages are installed by tools/deps.sh (as root).

CC      ?= cc
PREFIX  ?= /usr/local
DESTDIR ?=
BUILD   ?= build
OPT     ?= -O3
SAN     ?=
# Link-time optimization lets the command inline the engine's hot calls
# (ls_legal_moves, ls_apply) into its loops; fat objects keep the static
# library usable by a compiler without LTO.
LTO     ?= -flto=auto -ffat-lto-objects
AR      = gcc-ar
# Whole-program analysis at link time finds "maybe" cases the per-file
# compile has already judged; they are not errors there.
LTO_LINK = $(if $(LTO),$(LTO) -Wno-null-dereference -Wno-maybe-uninitialized)

WARN    = -Wall -Wextra -Wpedantic -Werror -Wshadow -Wstrict-prototypes \
          -Wmissing-prototypes -Wformat=2 -Wundef -Wvla -Wcast-qual \
          -Wnull-dereference -Wdouble-promotion
CFLAGS  ?= $(OPT) -g
ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
             $(WARN) $(CFLAGS) $(SAN) $(LTO) -Iinclude -Isrc -fPIC -fno-semantic-interposition \
             -MMD -MP

PKGS      = jansson ncursesw libwebsockets libuv
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null)
TEST_CFLAGS = $(shell pkg-config --cflags cmocka 2>/dev/null)
TEST_LIBS   = $(shell pkg-config --libs cmocka 2>/dev/null)

# The server's store and ratings (src/server/db*.c, rating.c): SQLite,
# PostgreSQL's client library and libsodium (token and password hashes).
STORE_PKGS   = sqlite3 libpq libsodium
STORE_CFLAGS = $(shell pkg-config --cflags $(STORE_PKGS) 2>/dev/null)
STORE_LIBS   = $(shell pkg-config --libs $(STORE_PKGS) 2>/dev/null)

LIB_SRC  = $(wildcard src/core/*.c) $(wildcard src/ai/*.c)
CLI_SRC  = $(wildcard src/cli/*.c) $(wildcard src/server/*.c)
# The server's table logic and what each seat sees (no sockets) are
# unit-tested on their own.
SERVER_TEST_OBJ = $(BUILD)/src/server/table.o $(BUILD)/src/server/error.o \
                  $(BUILD)/src/server/seatview.o
SERVER_TESTS = $(BUILD)/tests/test_table $(BUILD)/tests/test_seatview
TEST_SRC = $(wildcard tests/test_*.c)
TEST_LIB_SRC = $(wildcard tests/support/*.c)

LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
STORE_OBJ = $(BUILD)/src/server/db.o $(BUILD)/src/server/db_sqlite.o \
            $(BUILD)/src/server/db_pg.o $(BUILD)/src/server/rating.o
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/%.o)
TEST_BIN = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
TEST_LIB_OBJ = $(TEST_LIB_SRC:%.c=$(BUILD)/%.o)

LIBA  = $(BUILD)/libleastscore.a
LIBSO = $(BUILD)/libleastscore.so
CLI   = $(BUILD)/leastscore
LOADGEN = $(BUILD)/loadgen
LOADGEN_PKGS = libwebsockets libuv jansson

# Keep the objects make would otherwise delete as intermediate files.
.SECONDARY:

.PHONY: all deps test check unit e2e sancheck tsancheck fuzz fuzz-run analyze coverage play serve bench soak install uninstall clean loadgen

all: $(LIBA) $(LIBSO) $(CLI)

deps:
	@tools/deps.sh

# V=1 shows the full commands.
Q = $(if $(V),,@)

$(BUILD)/src/cli/%.o: src/cli/%.c
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) $(PKG_CFLAGS) -c $< -o $@

$(BUILD)/src/server/%.o: src/server/%.c
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) $(PKG_CFLAGS) $(STORE_CFLAGS) -c $< -o $@

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/tests/support/%.o: tests/support/%.c
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) $(TEST_CFLAGS) -c $< -o $@

$(LIBA): $(LIB_OBJ)
	@rm -f $@
	@$(if $(V),,echo "  AR      $@")
	$(Q)$(AR) rcs $@ $^

$(LIBSO): $(LIB_OBJ)
	@$(if $(V),,echo "  LD      $@")
	$(Q)$(CC) -shared $(CFLAGS) $(SAN) $(LTO_LINK) -o $@ $^

$(CLI): $(CLI_OBJ) $(LIBA)
	@$(if $(V),,echo "  LD      $@")
	$(Q)$(CC) $(CFLAGS) $(SAN) $(LTO_LINK) -o $@ $(CLI_OBJ) $(LIBA) $(PKG_LIBS) \
	    $(STORE_LIBS) -lpthread -lm

$(SERVER_TESTS): $(BUILD)/tests/%: tests/%.c $(TEST_LIB_OBJ) $(SERVER_TEST_OBJ) $(LIBA)
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) -fno-lto $(TEST_CFLAGS) $(PKG_CFLAGS) -Itests $< \
	    $(TEST_LIB_OBJ) $(SERVER_TEST_OBJ) $(LIBA) $(TEST_LIBS) \
	    $(shell pkg-config --libs jansson 2>/dev/null) -lm -o $@

# A test of a program's module names the objects it needs in TEST_EXTRA
# (a target-specific variable) and lists them as prerequisites.
$(BUILD)/tests/%: tests/%.c $(TEST_LIB_OBJ) $(LIBA)
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) -fno-lto $(TEST_CFLAGS) $(TEST_EXTRA_CFLAGS) -Itests $< \
	    $(TEST_EXTRA) $(TEST_LIB_OBJ) $(LIBA) $(TEST_LIBS) $(TEST_EXTRA_LIBS) -lm -o $@

$(BUILD)/tests/test_rating: TEST_EXTRA = $(BUILD)/src/server/rating.o
$(BUILD)/tests/test_rating: $(BUILD)/src/server/rating.o

$(BUILD)/tests/test_netaddr: TEST_EXTRA = $(BUILD)/src/server/netaddr.o
$(BUILD)/tests/test_netaddr: $(BUILD)/src/server/netaddr.o

$(BUILD)/tests/test_httphdr: TEST_EXTRA = $(BUILD)/src/server/httphdr.o
$(BUILD)/tests/test_httphdr: $(BUILD)/src/server/httphdr.o

$(BUILD)/tests/test_webpath: TEST_EXTRA = $(BUILD)/src/server/webpath.o $(BUILD)/src/server/error.o
$(BUILD)/tests/test_webpath: $(BUILD)/src/server/webpath.o $(BUILD)/src/server/error.o

$(BUILD)/tests/test_botline: TEST_EXTRA = $(BUILD)/src/cli/botproc.o
$(BUILD)/tests/test_botline: $(BUILD)/src/cli/botproc.o

$(BUILD)/tests/test_cli: TEST_EXTRA = $(BUILD)/src/cli/recfile.o
$(BUILD)/tests/test_cli: $(BUILD)/src/cli/recfile.o

$(BUILD)/tests/test_store: TEST_EXTRA = $(STORE_OBJ)
$(BUILD)/tests/test_store: TEST_EXTRA_CFLAGS = $(STORE_CFLAGS)
$(BUILD)/tests/test_store: TEST_EXTRA_LIBS = $(STORE_LIBS)
$(BUILD)/tests/test_store: $(STORE_OBJ)

# The database store for the server's tables (store_db.c), with the table.
STORE_DB_TEST_OBJ = $(STORE_OBJ) $(BUILD)/src/server/store_db.o \
                    $(BUILD)/src/server/store_file.o $(SERVER_TEST_OBJ)
$(BUILD)/tests/test_store_db: TEST_EXTRA = $(STORE_DB_TEST_OBJ)
$(BUILD)/tests/test_store_db: TEST_EXTRA_CFLAGS = $(STORE_CFLAGS) $(PKG_CFLAGS)
$(BUILD)/tests/test_store_db: TEST_EXTRA_LIBS = $(STORE_LIBS) \
    $(shell pkg-config --libs jansson 2>/dev/null)
$(BUILD)/tests/test_store_db: $(STORE_DB_TEST_OBJ)

# The JSON API (api.c) over an SQLite store.
API_TEST_OBJ = $(STORE_OBJ) $(BUILD)/src/server/api.o $(SERVER_TEST_OBJ)
$(BUILD)/tests/test_http_api: TEST_EXTRA = $(API_TEST_OBJ)
$(BUILD)/tests/test_http_api: TEST_EXTRA_CFLAGS = $(STORE_CFLAGS) $(PKG_CFLAGS)
$(BUILD)/tests/test_http_api: TEST_EXTRA_LIBS = $(STORE_LIBS) \
    $(shell pkg-config --libs jansson 2>/dev/null)
$(BUILD)/tests/test_http_api: $(API_TEST_OBJ)

unit: $(TEST_BIN)
	@tools/run-tests.sh $(TEST_BIN)

e2e: $(CLI) $(LOADGEN)
	@LEASTSCORE=$(CURDIR)/$(CLI) tools/run-e2e.sh tests/e2e/*.sh

# The sanitizer pass rebuilds everything in build-san. Randomized tests read
# LS_SELFPLAY_MATCHES to keep this pass within CI's time.
sancheck:
	@LS_SANITIZED=1 $(MAKE) --no-print-directory BUILD=build-san OPT=-O1 LTO= \
	    SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	    unit e2e

# The end-to-end scripts that run bots on threads and the server's tests
# whose servers use threads, again against a ThreadSanitizer build
# (build-tsan); any report fails (tools/run-tsan.sh).
tsancheck:
	@tools/run-tsan.sh

# The README's test command; the same as `make check`.
test: check

check: deps
	@$(MAKE) --no-print-directory all unit e2e
	@$(MAKE) --no-print-directory sancheck
	@$(MAKE) --no-print-directory tsancheck
	@$(MAKE) --no-print-directory analyze
	@$(MAKE) --no-print-directory fuzz-run FUZZ_SECONDS=$(FUZZ_CI_SECONDS)

# Fuzzing (tests/fuzz/, libFuzzer with clang): each target runs for
# FUZZ_SECONDS from its seed corpus; any finding fails. `make test` runs
# each for FUZZ_CI_SECONDS.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_CI_SECONDS ?= 5
FUZZ_BUILD   = build-fuzz
FUZZ_SAN     = -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS  = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN) \
               -g -O1 -fno-omit-frame-pointer $(FUZZ_SAN) -Iinclude -Isrc
FUZZ_SRC     = $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BIN     = $(FUZZ_SRC:tests/fuzz/%.c=$(FUZZ_BUILD)/%)
# The code under test, instrumented for coverage-guided fuzzing.
FUZZ_OBJ     = $(LIB_SRC:%.c=$(FUZZ_BUILD)/%.o) $(FUZZ_BUILD)/src/cli/botproc.o \
               $(FUZZ_SERVER:%=$(FUZZ_BUILD)/src/server/%.o)
# The server's message parser and what it calls (fuzz_proto), with jansson.
FUZZ_SERVER  = proto error seatview table netaddr httphdr webpath
# The JSON API's paths (fuzz_api, on an SQLite store) and its replay
# builder (fuzz_replay) link the API and the store too (FUZZ_EXTRA, a
# target-specific variable, as TEST_EXTRA is for the unit tests).
FUZZ_API_OBJ = $(addprefix $(FUZZ_BUILD)/src/server/,api.o db.o db_sqlite.o db_pg.o rating.o)
$(FUZZ_BUILD)/fuzz_api $(FUZZ_BUILD)/fuzz_replay: FUZZ_EXTRA = $(FUZZ_API_OBJ) $(STORE_LIBS)
$(FUZZ_BUILD)/fuzz_api $(FUZZ_BUILD)/fuzz_replay: $(FUZZ_API_OBJ)
# Cards in words (fuzz_cardwords) links the CLI's one file of them.
$(FUZZ_BUILD)/fuzz_cardwords: FUZZ_EXTRA = $(FUZZ_BUILD)/src/cli/cardwords.o
$(FUZZ_BUILD)/fuzz_cardwords: $(FUZZ_BUILD)/src/cli/cardwords.o

$(FUZZ_BUILD)/src/%.o: src/%.c
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  FUZZCC  $<")
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) $(STORE_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c $< -o $@

$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(wildcard tests/fuzz/*.h) $(FUZZ_OBJ)
	@$(if $(V),,echo "  FUZZLD  $@")
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -Itests/fuzz $< $(FUZZ_OBJ) $(FUZZ_EXTRA) \
	    $(shell pkg-config --libs jansson 2>/dev/null || echo -ljansson) -lm -o $@

fuzz: deps
	@$(MAKE) --no-print-directory fuzz-run

fuzz-run: $(FUZZ_BIN)
	@tools/run-fuzz.sh $(FUZZ_SECONDS) $(FUZZ_BIN)

# Static analysis: gcc -fanalyzer over the sources (src/, the fuzz targets
# and the test support code), then cppcheck over src/ and tests/. Every
# finding fails; a false positive is silenced where it is reported, with
# the reason (src/analyzer.h).
ANALYZE_BUILD = build-analyze
ANALYZE_SRC   = $(LIB_SRC) $(CLI_SRC) $(FUZZ_SRC) $(TEST_LIB_SRC)
ANALYZE_OK    = $(ANALYZE_SRC:%.c=$(ANALYZE_BUILD)/%.ok)

$(ANALYZE_BUILD)/%.ok: %.c
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  ANALYZE $<")
	$(Q)gcc -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN) -O1 -fanalyzer \
	    -Iinclude -Isrc -Itests -Itests/fuzz $(PKG_CFLAGS) $(STORE_CFLAGS) $(TEST_CFLAGS) -MMD -MP \
	    -MT $@ -c $< -o /dev/null
	@touch $@

analyze: $(ANALYZE_OK)
	@$(if $(V),,echo "  CPPCHECK src tests")
	$(Q)cppcheck --quiet --error-exitcode=1 --std=c11 --inline-suppr \
	    --enable=warning,portability,performance -Iinclude -Isrc -Itests src tests

# Coverage: builds everything with gcov instrumentation in build-cov, runs
# the unit and end-to-end tests (counters updated atomically: sim counts
# from several threads), then prints line and branch coverage per
# directory of src/ (gcovr; docs/coverage.md quotes the figures). gcov 12
# prints one branch of src/ai/greedy.c:392 (a floating-point comparison)
# with a negative count, the same on every run (the cause is not known);
# gcovr warns about that line and goes on rather than stopping, and every
# line count stays as gcov gives it.
COV_BUILD = build-cov

coverage: deps
	@rm -rf $(COV_BUILD)
	@rc=0; LS_SANITIZED=1 $(MAKE) --no-print-directory BUILD=$(COV_BUILD) OPT=-O0 LTO= \
	    SAN="--coverage -fprofile-update=atomic" unit e2e || rc=$$?; \
	gcovr --root . --object-directory $(COV_BUILD) --filter 'src/' \
	    --gcov-ignore-parse-errors --json-summary $(COV_BUILD)/coverage.json >/dev/null && \
	tools/coverage.py $(COV_BUILD)/coverage.json || rc=1; \
	[ $$rc -eq 0 ] || echo "coverage: a test failed (see above); the figures count what ran"; \
	exit $$rc

play: deps
	@$(MAKE) --no-print-directory $(CLI)
	@$(CLI) play

serve: deps
	@$(MAKE) --no-print-directory $(CLI)
	@$(CLI) serve $(SERVE_ARGS)

bench: $(CLI)
	$(CLI) bench

# The load generator for `leastscore serve` (a WebSocket client on
# libwebsockets and libuv): a benchmark tool, not part of `all`; the
# end-to-end tests build it to check that it still plays.
loadgen: $(LOADGEN)

$(LOADGEN): tools/loadgen.c
	@mkdir -p $(dir $@)
	@$(if $(V),,echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) $(shell pkg-config --cflags $(LOADGEN_PKGS)) $< -o $@ \
	    $(shell pkg-config --libs $(LOADGEN_PKGS))

soak: $(BUILD)/tests/test_selfplay
	LS_SELFPLAY_MATCHES=2000000 $(BUILD)/tests/test_selfplay

install: $(LIBA) $(LIBSO) $(CLI)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib \
	    $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 755 $(CLI) $(DESTDIR)$(PREFIX)/bin/leastscore
	install -m 644 $(LIBA) $(DESTDIR)$(PREFIX)/lib/libleastscore.a
	install -m 755 $(LIBSO) $(DESTDIR)$(PREFIX)/lib/libleastscore.so
	install -m 644 include/leastscore.h include/leastscore_ai.h \
	    $(DESTDIR)$(PREFIX)/include/
	@# The browser client's files, which `leastscore serve` finds next to
	@# the installed command (PREFIX/share/leastscore/web).
	if [ -d web ]; then \
	    install -d $(DESTDIR)$(PREFIX)/share/leastscore/web && \
	    cp -R web/. $(DESTDIR)$(PREFIX)/share/leastscore/web/ && \
	    chmod -R u=rwX,go=rX $(DESTDIR)$(PREFIX)/share/leastscore/web; fi
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(shell sed -n 's/^#define LS_VERSION "\(.*\)"/\1/p' include/leastscore.h)|g' \
	    leastscore.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/leastscore.pc
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 docs/leastscore.1 $(DESTDIR)$(PREFIX)/share/man/man1/leastscore.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/leastscore $(DESTDIR)$(PREFIX)/lib/libleastscore.a \
	    $(DESTDIR)$(PREFIX)/lib/libleastscore.so \
	    $(DESTDIR)$(PREFIX)/include/leastscore.h $(DESTDIR)$(PREFIX)/include/leastscore_ai.h \
	    $(DESTDIR)$(PREFIX)/lib/pkgconfig/leastscore.pc \
	    $(DESTDIR)$(PREFIX)/share/man/man1/leastscore.1
	rm -rf $(DESTDIR)$(PREFIX)/share/leastscore/web

clean:
	rm -rf build build-san build-tsan build-fuzz build-analyze build-cov

-include $(shell find $(BUILD) $(FUZZ_BUILD) $(ANALYZE_BUILD) -name '*.d' 2>/dev/null)
