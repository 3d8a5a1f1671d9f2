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

/* The bytes the kernel received on the TCP socket fd so far, those that
 * still wait in its receive queue included: one system call. -1 when the
 * kernel cannot say (not TCP, or a kernel older than 4.1). */
long long sockread_received(int fd);

/* The bytes waiting in fd's receive queue, not yet read: one more system
 * call. -1 when the kernel cannot say. */
long long sockread_waiting(int fd);

/* The bytes read from the TCP socket fd so far: sockread_received() less
 * sockread_waiting(). -1 when the kernel cannot say. The two calls are
 * not one instant: bytes that arrive between them are counted waiting
 * but not received, so that this is at most the bytes read (less those). */
long long sockread_bytes(int fd);

/* The same count at least: the queue is asked first, then the bytes
 * received, so that bytes arriving between the two calls are counted as
 * read (more). For a check that must never count fewer bytes read than
 * were (net.c, unmasked). -1 when the kernel cannot say. */
long long sockread_bytes_at_least(int fd);

#endif
