/*
 * cmd_sim.c - `leastscore sim`: a tournament between computer players.
 *
 * (Being written: this placeholder only lets the command link.)
 */
#include <stdio.h>

#include "cli/cli.h"

int cmd_sim(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "leastscore sim: not implemented yet\n");
    return 2;
}
