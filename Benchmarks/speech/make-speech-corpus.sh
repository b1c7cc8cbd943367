#!/usr/bin/env bash
# Generates a synthetic speech corpus with espeak-ng and sox.
#
#   Benchmarks/speech/make-speech-corpus.sh [--quick] OUT_DIR COMMANDS.txt [OFF_GRAMMAR.txt]
#
# Every line of COMMANDS.txt (and OFF_GRAMMAR.txt, '#' starts a comment) is spoken by several
# espeak-ng voices at two rates, padded with silence, resampled to 16 kHz mono and given a low
# pink-noise floor (digital silence hurts PocketSphinx). Each clip is also mixed with pink noise
# at 20 and 10 dB SNR (relative to the speech RMS), and a few are written at other rates and
# channel counts (44.1 kHz stereo 24-bit, 8 kHz, 48 kHz float) to exercise WAV conversion.
# Noise-only clips are added as things that must be rejected.
#
# Writes OUT_DIR/manifest.tsv: path, expected text ('' = must be rejected), condition, voice,
# rate. --quick renders two voices and one rate. sox runs with -R (its noise and dither drawn
# from a fixed seed), so the corpus is the same on every run; each noise is cut from its own
# offset of one long draw, so no two are the same waveform.
set -euo pipefail

quick=0
if [[ "${1:-}" == "--quick" ]]; then quick=1; shift; fi
if [[ $# -lt 2 ]]; then
  echo "usage: $0 [--quick] OUT_DIR COMMANDS.txt [OFF_GRAMMAR.txt]" >&2
  exit 64
fi
out=$1
commands=$2
off_grammar=${3:-}
for tool in espeak-ng sox; do
  command -v "$tool" >/dev/null || { echo "error: '$tool' not found (apt-get install $tool)" >&2; exit 69; }
done

voices=(en-us en-us+f3 en-us+m3 en-gb-x-rp+f2)
rates=(150 190)
if [[ $quick == 1 ]]; then voices=(en-us en-us+f3); rates=(170); fi
floor_db=-50   # noise floor, dBFS RMS
mkdir -p "$out"/{clean,snr20,snr10,resampled,noise}
manifest="$out/manifest.tsv"
printf 'path\texpected\tcondition\tvoice\trate\n' >"$manifest"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# rms FILE: the RMS amplitude of FILE (0..1).
rms() { sox "$1" -n stat 2>&1 | awk '/RMS +amplitude/ {print $3}'; }

# Each noise is cut from its own offset of one long draw (noise.sh).
source "$(dirname "$0")/noise.sh"
noise_draw "$tmp" pink white brown
# noise FILE DURATION GAIN: pink noise, as noise_cut gives it.
noise() { noise_cut pink "$1" "$2" "$3"; }

# mix A B OUT: A plus B without sox's default halving.
mix() { sox -R -m -v 1 "$1" -v 1 "$2" -b 16 "$3" 2>/dev/null; }

slug() { echo "$1" | tr -c 'a-z0-9\n' '-' | tr -s '-' | sed 's/-$//'; }

render() { # KIND TEXT EXPECTED
  local kind=$1 text=$2 expected=$3 voice rate name speech dur level
  for voice in "${voices[@]}"; do
    for rate in "${rates[@]}"; do
      name="$kind-$(slug "$text")-$(slug "$voice")-$rate"
      espeak-ng -v "$voice" -s "$rate" -w "$tmp/raw.wav" -- "$text"
      sox -R "$tmp/raw.wav" -r 16000 -c 1 -b 16 "$tmp/speech.wav" pad 0.6 0.8
      dur=$(soxi -D "$tmp/speech.wav")
      noise "$tmp/floor.wav" "$dur" $((floor_db + 14))
      mix "$tmp/speech.wav" "$tmp/floor.wav" "$out/clean/$name.wav"
      printf 'clean/%s.wav\t%s\tclean\t%s\t%s\n' "$name" "$expected" "$voice" "$rate" >>"$manifest"
      speech=$(rms "$tmp/raw.wav")
      for snr in 20 10; do
        # Noise RMS = speech RMS / 10^(snr/20); sox pink noise at gain 0 is about -13.7 dBFS RMS.
        level=$(awk -v s="$speech" -v snr="$snr" 'BEGIN { printf "%.2f", 20*log(s)/log(10) - snr + 13.7 }')
        noise "$tmp/n.wav" "$dur" "$level"
        mix "$out/clean/$name.wav" "$tmp/n.wav" "$out/snr$snr/$name.wav"
        printf 'snr%s/%s.wav\t%s\tsnr%s\t%s\t%s\n' "$snr" "$name" "$expected" "$snr" "$voice" "$rate" >>"$manifest"
      done
    done
  done
}

count=0
while IFS= read -r line; do
  [[ -z "$line" || "$line" == \#* ]] && continue
  render cmd "$line" "$line"
  count=$((count + 1))
  # A few clips in other formats, to go through the WAV converter.
  if (( count % 5 == 1 )); then
    base="cmd-$(slug "$line")-$(slug "${voices[0]}")-${rates[0]}"
    sox -R "$out/clean/$base.wav" -r 44100 -c 2 -b 24 "$out/resampled/$base-44k-stereo.wav"
    sox -R "$out/clean/$base.wav" -r 8000 -c 1 -b 16 "$out/resampled/$base-8k.wav"
    sox -R "$out/clean/$base.wav" -r 48000 -c 1 -e floating-point -b 32 "$out/resampled/$base-48k-float.wav"
    for variant in 44k-stereo 8k 48k-float; do
      printf 'resampled/%s-%s.wav\t%s\tresampled-%s\t%s\t%s\n' "$base" "$variant" "$line" "$variant" \
        "${voices[0]}" "${rates[0]}" >>"$manifest"
    done
  fi
done <"$commands"

if [[ -n "$off_grammar" ]]; then
  while IFS= read -r line; do
    [[ -z "$line" || "$line" == \#* ]] && continue
    render off "$line" ""
  done <"$off_grammar"
fi

# Noise only: pink and white noise, a hum and a click train, at speech-like levels.
for i in 1 2 3 4 5; do
  noise_cut pink "$out/noise/pink-$i.wav" 2 $((-20 - 3 * i))
  noise_cut white "$out/noise/white-$i.wav" 2 $((-24 - 3 * i))
  sox -R -n -r 16000 -c 1 -b 16 "$out/noise/hum-$i.wav" synth 2 sine $((50 * i + 50)) gain -20 2>/dev/null
  noise_cut brown "$out/noise/brown-$i.wav" 2 $((-18 - 3 * i))
done
for f in "$out"/noise/*.wav; do
  printf 'noise/%s\t\tnoise\t-\t-\n' "$(basename "$f")" >>"$manifest"
done
echo "wrote $(($(wc -l <"$manifest") - 1)) clips to $out (manifest: $manifest)"
