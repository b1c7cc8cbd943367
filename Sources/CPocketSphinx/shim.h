// The C surface of PocketSphinx 5prealpha (Debian's libpocketsphinx-dev) and sphinxad used by the
// SpeechRecognition module, plus wrappers for what Swift can't call directly.
#pragma once

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <pocketsphinx.h>
#include <sphinxbase/ad.h>
#include <sphinxbase/ckd_alloc.h>
#include <sphinxbase/cmn.h>
#include <sphinxbase/err.h>
#include <sphinxbase/fe.h>
#include <sphinxbase/feat.h>
#include <sphinxbase/genrand.h>
#include <sphinxbase/jsgf.h>

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

/// The step of `axps_set_jsgf_string` that failed, as its negative result.
enum {
  AXPS_JSGF_PARSE_FAILED = -1,
  AXPS_JSGF_NO_RULE = -2,
  AXPS_JSGF_BUILD_FAILED = -3,
  AXPS_JSGF_SET_FAILED = -4,
  AXPS_JSGF_NO_TOP_RULE = -5,
};

/// Compiles a JSGF grammar into the search `name` as `ps_set_jsgf_string` does (the `-toprule`,
/// by its qualified name such as `g.command`, or the first public rule, weighted by `-lw`),
/// and frees the parsed grammar, which 5prealpha's `ps_set_jsgf_string` never does: it lost
/// about 100 KB a call on the voice grammars, and a session compiles one after every command
/// that changes the screen. Returns 0, or which step failed (`jsgf_parse_string`, the public
/// rule or `jsgf_get_rule` for the `-toprule`, `jsgf_build_fsg`, `ps_set_fsg`).
static inline int axps_set_jsgf_string(ps_decoder_t *ps, const char *name, const char *text) {
  jsgf_t *jsgf = jsgf_parse_string(text, NULL);
  if (jsgf == NULL) {
    return AXPS_JSGF_PARSE_FAILED;
  }
  cmd_ln_t *config = ps_get_config(ps);
  const char *top = cmd_ln_str_r(config, "-toprule");
  jsgf_rule_t *rule = top ? jsgf_get_rule(jsgf, top) : jsgf_get_public_rule(jsgf);
  if (rule == NULL) {
    jsgf_grammar_free(jsgf);
    return top != NULL ? AXPS_JSGF_NO_TOP_RULE : AXPS_JSGF_NO_RULE;
  }
  fsg_model_t *fsg = jsgf_build_fsg(jsgf, rule, ps_get_logmath(ps), cmd_ln_float32_r(config, "-lw"));
  if (fsg == NULL) {
    jsgf_grammar_free(jsgf);
    return AXPS_JSGF_BUILD_FAILED;
  }
  int result = ps_set_fsg(ps, name, fsg);
  fsg_model_free(fsg);
  jsgf_grammar_free(jsgf);
  return result < 0 ? AXPS_JSGF_SET_FAILED : 0;
}

/// A front end of its own for a live stream: the decoder's options (`ps_get_config`), its voice
/// activity detector and noise tracking, and room for the frames one call returns.
///
/// A stream computes each frame's cepstrum once with it and hands the frames to the decoder
/// (`ps_process_cep`), to its running mean only (`cmn_live`), or to both, and again to other
/// searches, without computing them twice.
typedef struct axps_front_end {
  fe_t *fe;
  mfcc_t **frames;
  int capacity;
  int dimension;
} axps_front_end;

/// A front end with the options of `decoder`, or NULL if `fe_init_auto_r` fails.
static inline axps_front_end *axps_front_end_create(ps_decoder_t *decoder, int capacity) {
  axps_front_end *front = (axps_front_end *)ckd_calloc(1, sizeof *front);
  front->fe = fe_init_auto_r(ps_get_config(decoder));
  if (front->fe == NULL) {
    ckd_free(front);
    return NULL;
  }
  front->dimension = fe_get_output_size(front->fe);
  front->capacity = capacity;
  front->frames = (mfcc_t **)ckd_calloc_2d(capacity, front->dimension, sizeof(mfcc_t));
  return front;
}

static inline void axps_front_end_free(axps_front_end *front) {
  if (front == NULL) {
    return;
  }
  ckd_free_2d(front->frames);
  fe_free(front->fe);
  ckd_free(front);
}

/// Computes frames from `*samples`, at most `capacity`, into `front->frames`, and advances
/// `*samples` and `*count` past what it used; returns the frames written or a negative
/// `fe_process_frames` error. The voice activity detector returns frames only in speech.
static inline int axps_front_end_process(axps_front_end *front, const int16 **samples, size_t *count) {
  int32 frames = front->capacity;
  if (fe_process_frames(front->fe, samples, count, front->frames, &frames, NULL) < 0) {
    return -1;
  }
  return frames;
}

/// Ends the front end's utterance: its last partial frame, if it is speech, goes to
/// `front->frames[0]`; returns 1 then, 0 otherwise.
static inline int axps_front_end_end(axps_front_end *front) {
  int32 frames = 0;
  fe_end_utt(front->fe, front->frames[0], &frames);
  return frames;
}

/// Row pointers into `count` frames of `dimension` copied from `frames`: `ps_process_cep` and
/// `cmn_live` normalize their input in place, and a stream's frames are used again. Like every
/// PocketSphinx allocation, `ckd_calloc_2d` exits the process rather than return NULL.
static inline mfcc_t **axps_copy_frames(const mfcc_t *frames, int count, int dimension) {
  mfcc_t **rows = (mfcc_t **)ckd_calloc_2d(count, dimension, sizeof(mfcc_t));
  memcpy(rows[0], frames, (size_t)count * (size_t)dimension * sizeof(mfcc_t));
  return rows;
}

/// Adds `count` frames to the decoder's running cepstral mean, as decoding them live would,
/// without decoding them.
static inline void axps_accumulate_mean(ps_decoder_t *decoder, const mfcc_t *frames, int count, int dimension) {
  feat_t *feat = ps_get_feat(decoder);
  mfcc_t **rows;
  if (count <= 0 || feat == NULL || feat->cmn == CMN_NONE || feat->cmn_struct == NULL) {
    return;
  }
  rows = axps_copy_frames(frames, count, dimension);
  // A live decode switches batch normalization to live for good (feat_cmn); so does listening.
  feat->cmn = CMN_LIVE;
  cmn_live(feat->cmn_struct, rows, feat->varnorm, count);
  ckd_free_2d(rows);
}

/// The most frames one live `ps_process_cep` call is given: what `ps_process_raw` hands the
/// acoustic model at a time (its cepstrum buffer). Given more at the start of an utterance,
/// `acmod_process_cep` splits them around the end of its feature buffer and starts the
/// utterance's features twice, losing 3 frames.
#define AXPS_LIVE_BLOCK 7

/// Decodes `count` frames of `dimension` with `ps_process_cep`, leaving `frames` as they were:
/// live in blocks of `AXPS_LIVE_BLOCK`, or as one whole utterance. Returns a negative value on
/// failure.
static inline int axps_process_cep(ps_decoder_t *decoder, const mfcc_t *frames, int count, int dimension, int full) {
  mfcc_t **rows;
  int result = 0;
  if (count <= 0) {
    return 0;
  }
  rows = axps_copy_frames(frames, count, dimension);
  if (full) {
    result = ps_process_cep(decoder, rows, count, 0, 1);
  } else {
    for (int start = 0; start < count && result >= 0; start += AXPS_LIVE_BLOCK) {
      int block = count - start < AXPS_LIVE_BLOCK ? count - start : AXPS_LIVE_BLOCK;
      result = ps_process_cep(decoder, rows + start, block, 0, 0);
    }
  }
  ckd_free_2d(rows);
  return result;
}
