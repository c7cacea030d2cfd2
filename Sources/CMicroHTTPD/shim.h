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

/// How a request says where its body ends, as far as the server accepts it.
enum cmhd_body_framing {
  /// No body, one `Content-Length` (or several identical ones), or `Transfer-Encoding: chunked`.
  CMHD_FRAMING_OK = 0,
  /// `Content-Length` fields with different values.
  CMHD_FRAMING_CONFLICTING_LENGTHS = 1,
  /// Both `Transfer-Encoding` and `Content-Length`.
  CMHD_FRAMING_LENGTH_AND_ENCODING = 2,
  /// A `Transfer-Encoding` other than exactly one `chunked`.
  CMHD_FRAMING_UNSUPPORTED_ENCODING = 3,
  /// A framing field folded over several lines (obs-fold): libmicrohttpd 0.9.75 glues the
  /// continuation to the field's name (`Transfer-EncodingChunked`), so a proxy that joins the
  /// lines (RFC 9112 section 5.2) and the server would disagree about the body.
  CMHD_FRAMING_FOLDED = 4,
};

struct cmhd_framing_scan {
  unsigned int lengths;
  const char *first_length;
  int lengths_differ;
  unsigned int encodings;
  int chunked_only;
  int folded;
};

static enum MHD_Result cmhd_scan_framing_field(
    void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
  (void)kind;
  struct cmhd_framing_scan *scan = (struct cmhd_framing_scan *)cls;
  if (key == NULL) return MHD_YES;
  if ((strncasecmp(key, "Content-Length", 14) == 0 && key[14] != 0) ||
      (strncasecmp(key, "Transfer-Encoding", 17) == 0 && key[17] != 0)) {
    scan->folded = 1;
  } else if (strcasecmp(key, "Content-Length") == 0) {
    if (scan->lengths == 0) {
      scan->first_length = value;
    } else if (value == NULL || scan->first_length == NULL ||
               strcmp(value, scan->first_length) != 0) {
      scan->lengths_differ = 1;
    }
    scan->lengths++;
  } else if (strcasecmp(key, "Transfer-Encoding") == 0) {
    scan->encodings++;
    if (value == NULL || strcasecmp(value, "chunked") != 0) scan->chunked_only = 0;
  }
  return MHD_YES;
}

/// Checks the fields that frame a request's body (RFC 9112 section 6) in one pass over the
/// header, without allocating. libmicrohttpd itself takes the first `Content-Length`, and reads
/// a body of another coding than chunked until the client closes. Sets `*content_length` to the
/// (first) `Content-Length` value or NULL, and `*has_body` to whether a body follows.
static inline enum cmhd_body_framing cmhd_body_framing(
    struct MHD_Connection *connection, const char **content_length, int *has_body) {
  struct cmhd_framing_scan scan = {0, NULL, 0, 0, 1, 0};
  MHD_get_connection_values(connection, MHD_HEADER_KIND, cmhd_scan_framing_field, &scan);
  *content_length = scan.first_length;
  *has_body = scan.encodings > 0 ||
              (scan.first_length != NULL && strcmp(scan.first_length, "0") != 0);
  if (scan.folded) return CMHD_FRAMING_FOLDED;
  if (scan.encodings > 0) {
    if (scan.encodings > 1 || !scan.chunked_only) return CMHD_FRAMING_UNSUPPORTED_ENCODING;
    if (scan.lengths > 0) return CMHD_FRAMING_LENGTH_AND_ENCODING;
  }
  return scan.lengths_differ ? CMHD_FRAMING_CONFLICTING_LENGTHS : CMHD_FRAMING_OK;
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
