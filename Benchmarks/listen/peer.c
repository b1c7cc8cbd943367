/*
 * The bare PocketSphinx decode that `axvoice listen` is measured against (Benchmarks/listen/run).
 *
 *   listen-peer OPTIONS GRAMMAR.jsgf DICTIONARY AUDIO.wav [NOISE_FLOOR]
 *
 * OPTIONS holds the decoder's command-line options, one "-name value" a line, and DICTIONARY
 * the words added to the dictionary, one "word PHONE PHONE ..." a line: both as
 * `axvoice grammar --format options|dictionary` prints them, with the JSGF of
 * `--format compiled`, so the decoder, its words and its grammar are the ones listen uses.
 *
 * The audio is decoded the way PocketSphinx's own continuous listener does it: 512-sample
 * chunks, an utterance from the voice activity detector's start of speech to its end, each
 * decoded once, live. NOISE_FLOOR (sample RMS, default 0) adds the seeded noise listen adds to
 * streamed audio (RecognizerConfiguration.noiseFloorLevel), so both hear the same samples.
 *
 * Prints one line per utterance ("utterance: START-END s: HYPOTHESIS") on standard error, then
 * on standard output the CPU seconds of loading the model, compiling the grammar and decoding,
 * the audio length and the decode's real-time factor.
 */
#include <pocketsphinx.h>
#include <sphinxbase/err.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static char *read_file(const char *path, size_t *length) {
  FILE *file = fopen(path, "rb");
  char *text;
  long size;
  if (file == NULL || fseek(file, 0, SEEK_END) != 0 || (size = ftell(file)) < 0) {
    fprintf(stderr, "%s: cannot read\n", path);
    exit(66);
  }
  rewind(file);
  text = malloc((size_t)size + 1);
  if (text == NULL || fread(text, 1, (size_t)size, file) != (size_t)size) {
    fprintf(stderr, "%s: cannot read\n", path);
    exit(66);
  }
  text[size] = '\0';
  fclose(file);
  if (length != NULL) *length = (size_t)size;
  return text;
}

static uint32_t little32(const unsigned char *bytes) {
  return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

/* The samples of a 16 kHz mono 16-bit PCM WAV file (the demo's and the sessions' format). */
static int16_t *read_wav(const char *path, size_t *count) {
  size_t length, offset = 12;
  unsigned char *bytes = (unsigned char *)read_file(path, &length);
  int format_ok = 0;
  if (length < 12 || memcmp(bytes, "RIFF", 4) != 0 || memcmp(bytes + 8, "WAVE", 4) != 0) {
    fprintf(stderr, "%s: not a WAV file\n", path);
    exit(65);
  }
  while (offset + 8 <= length) {
    uint32_t size = little32(bytes + offset + 4);
    const unsigned char *body = bytes + offset + 8;
    if (memcmp(bytes + offset, "fmt ", 4) == 0 && size >= 16) {
      format_ok = body[0] == 1 && body[2] == 1 && little32(body + 4) == 16000 && body[14] == 16;
    } else if (memcmp(bytes + offset, "data", 4) == 0) {
      size_t available = length - offset - 8;
      size_t data = size < available ? size : available;
      int16_t *samples;
      if (!format_ok) break;
      *count = data / 2;
      samples = malloc(*count * sizeof *samples + 1);
      for (size_t i = 0; i < *count; i++) {
        samples[i] = (int16_t)(body[2 * i] | body[2 * i + 1] << 8);
      }
      free(bytes);
      return samples;
    }
    offset += 8 + size + (size & 1);
  }
  fprintf(stderr, "%s: not 16 kHz mono 16-bit PCM\n", path);
  exit(65);
}

/* SpeechRecognition's NoiseFloor: the sum of three uniforms from Knuth's MMIX generator. */
static void add_noise_floor(int16_t *samples, size_t count, double level) {
  uint64_t state = 0x9E3779B97F4A7C15ull;
  for (size_t i = 0; level > 0 && i < count; i++) {
    double sum = 0;
    long value;
    for (int k = 0; k < 3; k++) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      sum += (double)(state >> 11) / (double)(1ull << 53) * 2 - 1;
    }
    value = (long)samples[i] + lround(sum * level);
    samples[i] = (int16_t)(value > 32767 ? 32767 : value < -32768 ? -32768 : value);
  }
}

/* argv for cmd_ln_parse_r from "-name value" lines. */
static char **read_options(const char *path, int *argc) {
  char *text = read_file(path, NULL);
  char **argv = calloc(strlen(text) + 2, sizeof *argv);
  int count = 0;
  argv[count++] = "listen-peer";
  for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
    char *space = strchr(line, ' ');
    if (line[0] != '-' || space == NULL) continue;
    *space = '\0';
    argv[count++] = line;
    argv[count++] = space + 1;
  }
  *argc = count;
  return argv;
}

static void add_words(ps_decoder_t *decoder, const char *path) {
  char *text = read_file(path, NULL);
  for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
    char *space = strchr(line, ' ');
    if (space == NULL) continue;
    *space = '\0';
    if (ps_add_word(decoder, line, space + 1, 0) < 0) {
      fprintf(stderr, "ps_add_word failed for '%s'\n", line);
      exit(1);
    }
  }
  free(text);
}

int main(int argc, char **argv) {
  int option_count, utterances = 0, in_utterance = 0;
  char **options;
  cmd_ln_t *config;
  ps_decoder_t *decoder;
  char *jsgf;
  int16_t *samples;
  size_t count, position = 0, start = 0;
  double started, loaded, compiled, decoded;
  const size_t chunk = 512;

  if (argc < 5) {
    fprintf(stderr, "usage: %s OPTIONS GRAMMAR.jsgf DICTIONARY AUDIO.wav [NOISE_FLOOR]\n", argv[0]);
    return 64;
  }
  err_set_logfp(NULL);
  samples = read_wav(argv[4], &count);
  add_noise_floor(samples, count, argc > 5 ? atof(argv[5]) : 0);
  jsgf = read_file(argv[2], NULL);
  options = read_options(argv[1], &option_count);

  started = cpu_seconds();
  config = cmd_ln_parse_r(NULL, ps_args(), option_count, options, 1);
  decoder = config == NULL ? NULL : ps_init(config);
  if (decoder == NULL) {
    fprintf(stderr, "ps_init failed\n");
    return 1;
  }
  loaded = cpu_seconds();
  add_words(decoder, argv[3]);
  if (ps_set_jsgf_string(decoder, "peer", jsgf) < 0 || ps_set_search(decoder, "peer") < 0) {
    fprintf(stderr, "ps_set_jsgf_string failed\n");
    return 1;
  }
  compiled = cpu_seconds();

  ps_start_utt(decoder);
  while (position < count) {
    size_t n = count - position < chunk ? count - position : chunk;
    ps_process_raw(decoder, samples + position, n, 0, 0);
    position += n;
    if (ps_get_in_speech(decoder) && !in_utterance) {
      in_utterance = 1;
      start = position;
    } else if (!ps_get_in_speech(decoder) && in_utterance) {
      int32 score;
      const char *hypothesis;
      ps_end_utt(decoder);
      hypothesis = ps_get_hyp(decoder, &score);
      fprintf(stderr, "utterance: %.2f-%.2f s: %s\n", start / 16000.0, position / 16000.0,
              hypothesis ? hypothesis : "");
      utterances++;
      in_utterance = 0;
      ps_start_utt(decoder);
    }
  }
  ps_end_utt(decoder);
  if (in_utterance) {
    int32 score;
    const char *hypothesis = ps_get_hyp(decoder, &score);
    fprintf(stderr, "utterance: %.2f-%.2f s: %s\n", start / 16000.0, position / 16000.0,
            hypothesis ? hypothesis : "");
    utterances++;
  }
  decoded = cpu_seconds();

  printf("utterances %d\n", utterances);
  printf("audio_seconds %.3f\n", count / 16000.0);
  printf("load_cpu %.4f\n", loaded - started);
  printf("grammar_cpu %.4f\n", compiled - loaded);
  printf("decode_cpu %.4f\n", decoded - compiled);
  printf("decode_rtf %.4f\n", (decoded - compiled) / (count / 16000.0));
  ps_free(decoder);
  cmd_ln_free_r(config);
  free(samples);
  free(jsgf);
  return 0;
}
