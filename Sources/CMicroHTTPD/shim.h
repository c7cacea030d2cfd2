#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <errno.h>
#include <signal.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

// Swift cannot call C variadic functions, nor import macros that contain casts; these
// wrappers give the Swift side fixed signatures and plain constants.

static const ssize_t cmhd_content_reader_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;
static const ssize_t cmhd_content_reader_end_with_error = MHD_CONTENT_READER_END_WITH_ERROR;
static const uint64_t cmhd_size_unknown = MHD_SIZE_UNKNOWN;

/// The identity unescaper: MHD hands the application the raw, still percent-encoded path
/// and query values; the Swift side decodes them itself so that it can refuse invalid UTF-8.
static size_t cmhd_identity_unescape(void *cls, struct MHD_Connection *connection, char *s) {
  (void)cls;
  (void)connection;
  return strlen(s);
}

// MARK: - Start-up messages

/// What libmicrohttpd said while a daemon was starting, for an error message that says why it
/// refused (GnuTLS's reason for a bad certificate, say). Messages are recorded only until
/// `cmhd_log_capture_stop`; later ones (a client's failed TLS handshake) are dropped.
struct cmhd_log_capture {
  pthread_mutex_t lock;
  int active;
  size_t length;
  char text[1024];
};

static void cmhd_capture_log(void *cls, const char *format, va_list arguments) {
  struct cmhd_log_capture *capture = (struct cmhd_log_capture *)cls;
  if (capture == NULL) return;
  pthread_mutex_lock(&capture->lock);
  size_t room = sizeof capture->text - capture->length;
  if (capture->active && room > 1) {
    int written = vsnprintf(capture->text + capture->length, room, format, arguments);
    if (written > 0) {
      capture->length += (size_t)written < room ? (size_t)written : room - 1;
    }
  }
  pthread_mutex_unlock(&capture->lock);
}

/// A new, recording capture, or NULL when out of memory; free it with `cmhd_log_capture_free`
/// once the daemon it was given to has stopped (or failed to start).
static inline void *cmhd_log_capture_new(void) {
  struct cmhd_log_capture *capture = calloc(1, sizeof *capture);
  if (capture == NULL) return NULL;
  if (pthread_mutex_init(&capture->lock, NULL) != 0) {
    free(capture);
    return NULL;
  }
  capture->active = 1;
  return capture;
}

/// Stops recording; the text stays readable.
static inline void cmhd_log_capture_stop(void *capture) {
  if (capture == NULL) return;
  struct cmhd_log_capture *c = (struct cmhd_log_capture *)capture;
  pthread_mutex_lock(&c->lock);
  c->active = 0;
  pthread_mutex_unlock(&c->lock);
}

/// The messages recorded, one per line; read it only after `cmhd_log_capture_stop`.
static inline const char *cmhd_log_capture_text(const void *capture) {
  return capture == NULL ? "" : ((const struct cmhd_log_capture *)capture)->text;
}

static inline void cmhd_log_capture_free(void *capture) {
  if (capture == NULL) return;
  pthread_mutex_destroy(&((struct cmhd_log_capture *)capture)->lock);
  free(capture);
}

// MARK: - Daemon

/// Whether this libmicrohttpd was built with TLS (GnuTLS) support.
static inline int cmhd_supports_tls(void) {
  return MHD_is_feature_supported(MHD_FEATURE_TLS) == MHD_YES;
}

/// The function libmicrohttpd calls with a request's whole target (path and query, still
/// percent-encoded) as soon as the request line arrived, before it parses the query; what it
/// returns becomes the request's `con_cls`.
typedef void *(*cmhd_uri_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// Starts a daemon on an already bound and listening socket with a fixed set of options.
/// `log_capture` (from `cmhd_log_capture_new`, may be NULL) receives libmicrohttpd's
/// messages. `memory_limit` is the memory each connection has for its request header and
/// I/O buffers (libmicrohttpd's default is 32 KiB). With `MHD_USE_TLS` in `flags`, `tls_cert` and `tls_key` are the PEM
/// certificate chain and private key; otherwise pass NULL for both.
static inline struct MHD_Daemon *cmhd_start_daemon(
    unsigned int flags, int listen_fd, unsigned int thread_pool_size,
    unsigned int connection_limit, unsigned int connection_timeout,
    MHD_AccessHandlerCallback access_handler, void *access_handler_cls,
    MHD_RequestCompletedCallback request_completed, void *request_completed_cls,
    MHD_NotifyConnectionCallback connection_notify, void *connection_notify_cls,
    cmhd_uri_callback uri_callback, void *uri_callback_cls, size_t memory_limit,
    void *log_capture, const char *tls_cert, const char *tls_key) {
  struct MHD_OptionItem tls_options[] = {
      {MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)tls_cert},
      {MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)tls_key},
      {MHD_OPTION_END, 0, NULL},
  };
  struct MHD_OptionItem no_options[] = {{MHD_OPTION_END, 0, NULL}};
  int uses_tls = tls_cert != NULL && tls_key != NULL;
  return MHD_start_daemon(
      flags | MHD_USE_ERROR_LOG, 0, NULL, NULL, access_handler, access_handler_cls,
      // First, so that no message goes to standard error during start-up.
      MHD_OPTION_EXTERNAL_LOGGER, cmhd_capture_log, log_capture,
      MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
      MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
      MHD_OPTION_CONNECTION_LIMIT, connection_limit,
      MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
      MHD_OPTION_NOTIFY_COMPLETED, request_completed, request_completed_cls,
      MHD_OPTION_NOTIFY_CONNECTION, connection_notify, connection_notify_cls,
      MHD_OPTION_URI_LOG_CALLBACK, uri_callback, uri_callback_cls,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
      MHD_OPTION_UNESCAPE_CALLBACK, cmhd_identity_unescape, (void *)NULL,
      MHD_OPTION_ARRAY, uses_tls ? tls_options : no_options,
      MHD_OPTION_END);
}

/// The peer's address of a connection, or NULL.
static inline const struct sockaddr *cmhd_connection_client_address(
    struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return info == NULL ? NULL : info->client_addr;
}

/// Whether libmicrohttpd built a header field from more than one line (obs-fold, RFC 9112
/// section 5.2). libmicrohttpd 0.9.75 splits each line in place in its read buffer: the colon
/// becomes the name's NUL, and the value starts after the spaces that follow it, on the same
/// line. A continuation line is appended to the *name*, which libmicrohttpd moves to a new block
/// of its memory pool for that, after the read buffer; the value stays where it was. So a field
/// whose value does not start right after its name's NUL and some spaces or tabs was joined.
/// Only bytes between the two pointers are read, and only when they lie on one line.
static inline int cmhd_field_was_joined(const char *name, const char *value) {
  if (name == NULL || value == NULL) return 0;
  uintptr_t end = (uintptr_t)name + strlen(name);
  uintptr_t start = (uintptr_t)value;
  // No line is longer than a connection's memory (128 KiB here).
  if (start <= end || start - end > ((uintptr_t)1 << 17)) return 1;
  for (const char *p = (const char *)end + 1; (uintptr_t)p < start; p++) {
    if (*p != ' ' && *p != '\t') return 1;
  }
  return 0;
}

/// Whether a field's value ended where its line did. libmicrohttpd 0.9.75 overwrites each line
/// end in its read buffer with NULs (two for CRLF, one for a bare LF) and hands the application
/// the value up to the first NUL, so a NUL inside the value (`Content-Length: 0\0` `5`) cuts
/// it short unseen. `next` is what follows the value's line: the next field's name, or the end
/// of the head (then up to `most` = 4 NULs, the line's end and the blank line's), or NULL for
/// the last field when that end is unknown (then only the byte after the value's NUL, which
/// is always received, is looked at). Only bytes between the two pointers are read, and at
/// most `most` of them.
static inline int cmhd_value_ends_at_line_end(const char *value, const char *next, size_t most) {
  if (value == NULL) return 1;
  const char *end = value + strlen(value);
  if (next == NULL) return end[1] == 0;
  uintptr_t gap = (uintptr_t)next - (uintptr_t)end;
  if ((uintptr_t)next <= (uintptr_t)end || gap > most) return 0;
  for (const char *p = end; p < next; p++) {
    if (*p != 0) return 0;
  }
  return 1;
}

/// The size of a request's head as libmicrohttpd received it (request line to blank line,
/// without empty lines before the request line), or 0.
static inline size_t cmhd_connection_header_size(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
  return info == NULL ? 0 : info->header_size;
}

/// Blanks the value of a request's `Expect` field in libmicrohttpd's own, writable read
/// buffer, so that libmicrohttpd sends no `100 Continue`. For a request without a body: having
/// sent one, 0.9.75 takes bytes pipelined behind the request for the body it waits for, and
/// then refuses the response (RFC 9110 section 10.1.1 lets a server ignore the expectation).
static inline void cmhd_ignore_expectation(struct MHD_Connection *connection) {
  const char *value = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Expect");
  if (value != NULL && value[0] != 0) *(char *)value = 0;
}

/// The socket of a connection, or -1.
static inline int cmhd_connection_fd(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : (int)info->connect_fd;
}

// MARK: - Termination signals

// The state below is reached through functions with local statics: Swift's importer emits
// the static inline functions it uses, but not file-level static variables. A signal
// handler may only call async-signal-safe functions, which is why this part is in C.

/// The write end of the pipe the signal handler reports to, or -1.
static inline volatile sig_atomic_t *cmhd_signal_write_fd(void) {
  static volatile sig_atomic_t fd = -1;
  return &fd;
}

/// The handlers `cmhd_signals_begin` replaced, by signal number.
static inline struct sigaction *cmhd_saved_signal_actions(void) {
  static struct sigaction saved[NSIG];
  return saved;
}

static void cmhd_signal_handler(int signal_number) {
  int saved_errno = errno;
  unsigned char byte = (unsigned char)signal_number;
  int fd = (int)*cmhd_signal_write_fd();
  if (fd >= 0) {
    ssize_t written = write(fd, &byte, 1);
    (void)written;
  }
  errno = saved_errno;
}

/// Routes the given signals to `write_fd` (one byte, the signal number, per signal).
/// Returns 0, or -1 with errno set; on failure no handler stays installed.
static inline int cmhd_signals_begin(const int *signals, int count, int write_fd) {
  struct sigaction *saved = cmhd_saved_signal_actions();
  *cmhd_signal_write_fd() = write_fd;
  for (int i = 0; i < count; i++) {
    int valid = signals[i] > 0 && signals[i] < NSIG;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = cmhd_signal_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (!valid || sigaction(signals[i], &action, &saved[signals[i]]) != 0) {
      int saved_errno = valid ? errno : EINVAL;
      for (int j = 0; j < i; j++) {
        sigaction(signals[j], &saved[signals[j]], NULL);
      }
      *cmhd_signal_write_fd() = -1;
      errno = saved_errno;
      return -1;
    }
  }
  // A parent may have started us with these signals blocked (a supervisor, a test runner,
  // Foundation's Process); blocked, they would stay pending forever. Unblock them on the
  // waiting thread, so the kernel always has a thread to deliver them to.
  sigset_t set;
  sigemptyset(&set);
  for (int i = 0; i < count; i++) {
    sigaddset(&set, signals[i]);
  }
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
  return 0;
}

/// Restores the handlers `cmhd_signals_begin` replaced.
static inline void cmhd_signals_end(const int *signals, int count) {
  struct sigaction *saved = cmhd_saved_signal_actions();
  for (int i = 0; i < count; i++) {
    sigaction(signals[i], &saved[signals[i]], NULL);
  }
  *cmhd_signal_write_fd() = -1;
}

#endif
