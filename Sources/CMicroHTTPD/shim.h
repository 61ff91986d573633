// libmicrohttpd, as `typeahead serve` uses it; only TypeaheadServe imports this module.
// MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call: these inline
// wrappers fix the options Typeahead sets.
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// Starts a daemon on `address` (IPv4, network byte order) and `port` (0: any free port), with a
/// thread per connection (a long search on one connection never delays another's headers or
/// answer), idle connections closed after `timeout_seconds`, at most
/// `connection_limit` connections, `completed` called when a request ends and `notify` when a
/// connection opens and closes.
static inline struct MHD_Daemon *typeahead_mhd_start(
    uint32_t address, uint16_t port, unsigned int timeout_seconds,
    unsigned int connection_limit, MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls,
    MHD_NotifyConnectionCallback notify, void *notify_cls)
{
    struct sockaddr_in socket_address;
    memset(&socket_address, 0, sizeof socket_address);
    socket_address.sin_family = AF_INET;
    socket_address.sin_port = htons(port);
    socket_address.sin_addr.s_addr = address;
    return MHD_start_daemon(
        MHD_USE_AUTO_INTERNAL_THREAD | MHD_USE_THREAD_PER_CONNECTION, port, NULL, NULL, handler, handler_cls,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&socket_address,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
        MHD_OPTION_NOTIFY_CONNECTION, notify, notify_cls,
        MHD_OPTION_END);
}

/// The socket of a connection, or -1.
static inline int typeahead_mhd_connection_fd(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// The port a daemon listens on (the one chosen when started with port 0).
static inline uint16_t typeahead_mhd_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}
