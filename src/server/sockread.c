/*
 * sockread.c - the bytes read from a socket (sockread.h).
 */
#include "server/sockread.h"

#include <linux/sockios.h>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

long long sockread_received(int fd)
{
    struct tcp_info ti;
    socklen_t len = sizeof ti;
    if (fd < 0 || getsockopt(fd, IPPROTO_TCP, TCP_INFO, &ti, &len) != 0 ||
        len < offsetof(struct tcp_info, tcpi_bytes_received) + sizeof ti.tcpi_bytes_received)
        return -1;
    return (long long)ti.tcpi_bytes_received;
}

long long sockread_waiting(int fd)
{
    int waiting = 0;
    if (fd < 0 || ioctl(fd, SIOCINQ, &waiting) != 0)
        return -1;
    return waiting;
}

long long sockread_bytes(int fd)
{
    long long got = sockread_received(fd), waiting = got < 0 ? -1 : sockread_waiting(fd);
    return waiting < 0 ? -1 : got - waiting;
}

long long sockread_bytes_at_least(int fd)
{
    long long waiting = sockread_waiting(fd), got = waiting < 0 ? -1 : sockread_received(fd);
    return got < 0 ? -1 : got - waiting;
}
