/*
 * sockread.h - how many bytes the server has read from a socket, whatever
 * they held: the count the server's limit on WebSocket pings is taken
 * from (net.c, count_pings), as libwebsockets answers a ping itself and
 * never tells the server of it.
 *
 * A file of its own because the kernel's struct tcp_info with the count
 * (<linux/tcp.h>) cannot be included beside the C library's
 * <netinet/tcp.h>, which libwebsockets' header brings in.
 */
#ifndef LS_SERVER_SOCKREAD_H
#define LS_SERVER_SOCKREAD_H

/* The bytes read from the TCP socket fd so far: what the kernel received
 * on it, less what waits in its receive queue. -1 when the kernel cannot
 * say (not TCP, or a kernel older than 4.1). */
long long sockread_bytes(int fd);

#endif
