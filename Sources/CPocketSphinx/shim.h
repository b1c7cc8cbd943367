// The C surface of PocketSphinx 5prealpha (Debian's libpocketsphinx-dev) and sphinxad used by the
// SpeechRecognition module, plus wrappers for what Swift can't call directly.
#pragma once

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <pocketsphinx.h>
#include <sphinxbase/ad.h>
#include <sphinxbase/err.h>

/// Where PocketSphinx's log goes: an open file (or NULL to drop it) and the last warning or error,
/// kept so that a failing call can say why.
typedef struct axps_log_sink {
  FILE *file;
  char last_error[1024];
} axps_log_sink;

/// Receives every PocketSphinx log line. The library's callback type is variadic, which Swift can't
/// implement, so the callback lives here.
static inline void axps_log_callback(void *user_data, err_lvl_t level, const char *format, ...) {
  axps_log_sink *sink = (axps_log_sink *)user_data;
  va_list args;
  if (sink == NULL) {
    return;
  }
  if (sink->file != NULL) {
    va_start(args, format);
    vfprintf(sink->file, format, args);
    va_end(args);
    fflush(sink->file);
  }
  if (level >= ERR_WARN) {
    size_t length;
    va_start(args, format);
    vsnprintf(sink->last_error, sizeof sink->last_error, format, args);
    va_end(args);
    length = strlen(sink->last_error);
    while (length > 0 && (sink->last_error[length - 1] == '\n' || sink->last_error[length - 1] == ' ')) {
      sink->last_error[--length] = '\0';
    }
  }
}

/// Routes the process-wide PocketSphinx log to `sink` (NULL restores the default, stderr).
static inline void axps_route_log(axps_log_sink *sink) {
  // The configuration table is written straight to the log file pointer, not through the
  // callback; it is dropped (some sphinxbase versions fclose a replaced pointer, so the
  // sink's file is never handed over).
  err_set_logfp(sink == NULL ? stderr : NULL);
  if (sink == NULL) {
    err_set_callback(err_logfp_cb, NULL);
  } else {
    err_set_callback(axps_log_callback, sink);
  }
}

/// The C standard error stream (a mutable global that Swift 6 won't read directly).
static inline FILE *axps_standard_error(void) {
  return stderr;
}

/// Parses a PocketSphinx configuration from an argv array. `cmd_ln_init` is variadic, so Swift
/// calls this instead.
static inline cmd_ln_t *axps_parse_config(int argc, char **argv) {
  return cmd_ln_parse_r(NULL, ps_args(), argc, argv, 1);
}

/// Releases a configuration returned by `axps_parse_config`.
static inline int axps_free_config(cmd_ln_t *config) {
  return cmd_ln_free_r(config);
}
