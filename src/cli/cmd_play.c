/*
 * cmd_play.c - `leastscore play`: a game in the terminal against computer
 * players. (Placeholder until the game lands; it only parses --help.)
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

int cmd_play(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--help")) {
        printf("usage: leastscore play [OPTIONS]\n");
        return 0;
    }
    fprintf(stderr, "leastscore play: not built yet\n");
    return 1;
}
