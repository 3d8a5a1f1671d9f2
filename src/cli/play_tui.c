/* placeholder */
#include "cli/play.h"
int play_tui(const play_opts *o) { return play_plain(o); }
