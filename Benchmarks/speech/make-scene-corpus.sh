#!/usr/bin/env bash
# Generates the per-scene speech corpus of the scene benchmark with espeak-ng and sox.
#
#   Benchmarks/speech/make-scene-corpus.sh SPEECH_BENCHMARK OUT_DIR SCENE.json... [-- OFF_GRAMMAR.txt]
#
# SPEECH_BENCHMARK is the built speech-benchmark; its --list-commands derives each scene's
# commands from the voice grammar (names, custom actions, increments, numbers and grid cells
# while shown, global commands; at most 14 a scene). Every command is spoken by three espeak-ng
# voices, padded with silence, resampled to 16 kHz mono over a -50 dBFS pink-noise floor (clean),
# and mixed with pink noise at 20 and 10 dB SNR; one clip per scene is also written at 44.1 kHz
# stereo and 8 kHz (resampled). The off-grammar sentences (one voice each; also mixed at 20 and
# 10 dB SNR, conditions off-grammar-snr20 and off-grammar-snr10) and
# pocketsphinx-testdata's librivox sentences are listed against every scene: they must dispatch
# nothing. The card table and keypad scenes of Benchmarks/speech/scenes get the human cards and
# digits recordings. Writes OUT_DIR/manifest.tsv: path, expected text ('' = must dispatch
# nothing), condition, voice, scene, prelude (typed first, ';'-separated). sox runs with -R, so
# the corpus is the same on every run; each noise is cut from its own offset of one long draw
# (noise.sh), so no two are one waveform.
set -euo pipefail
if [[ $# -lt 3 ]]; then
  echo "usage: $0 SPEECH_BENCHMARK OUT_DIR SCENE.json... [-- OFF_GRAMMAR.txt]" >&2
  exit 64
fi
bench=$1 out=$2
shift 2
scenes=() off_grammar=""
while [[ $# -gt 0 ]]; do
  if [[ $1 == "--" ]]; then off_grammar=${2:-}; break; fi
  scenes+=("$1"); shift
done
for tool in espeak-ng sox; do
  command -v "$tool" >/dev/null || { echo "error: '$tool' not found (apt-get install $tool)" >&2; exit 69; }
done
testdata=/usr/share/pocketsphinx/test/data
voices=(en-us en-us+f3 en-gb-x-rp+f2)
rate=170
mkdir -p "$out"/{clean,snr20,snr10,resampled,off,human}
manifest="$out/manifest.tsv"
printf 'path\texpected\tcondition\tvoice\tscene\tprelude\n' >"$manifest"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source "$(dirname "$0")/noise.sh"
noise_draw "$tmp" pink
rms() { sox "$1" -n stat 2>&1 | awk '/RMS +amplitude/ {print $3}'; }
slug() { echo "$1" | tr -c 'a-z0-9\n' '-' | tr -s '-' | sed 's/-$//'; }
# with_noise CLEAN SPEECH_RMS SNR OUT: CLEAN mixed with pink noise SNR dB under the speech.
with_noise() {
  local level
  level=$(awk -v s="$2" -v snr="$3" 'BEGIN { printf "%.2f", 20*log(s)/log(10) - snr + 13.7 }')
  noise_cut pink "$tmp/n.wav" "$(soxi -D "$1")" "$level"
  sox -R -m -v 1 "$1" -v 1 "$tmp/n.wav" -b 16 "$4"
}

# speak TEXT VOICE OUT: TEXT over the noise floor, 0.6 s before and 0.8 s after.
speak() {
  espeak-ng -v "$2" -s "$rate" -w "$tmp/raw.wav" -- "$1"
  sox -R "$tmp/raw.wav" -r 16000 -c 1 -b 16 "$tmp/speech.wav" pad 0.6 0.8
  noise_cut pink "$tmp/floor.wav" "$(soxi -D "$tmp/speech.wav")" -36
  sox -R -m -v 1 "$tmp/speech.wav" -v 1 "$tmp/floor.wav" -b 16 "$3"
}

# '|' rather than tab: tabs are IFS whitespace, so an empty prelude would be skipped.
"$bench" --list-commands "${scenes[@]}" | tr '\t' '|' >"$tmp/commands.txt"
while IFS='|' read -r scene prelude text; do
  base=$(basename "$scene" .json)
  first=1
  for voice in "${voices[@]}"; do
    name="$base-$(slug "$prelude${prelude:+-}$text")-$(slug "$voice")"
    speak "$text" "$voice" "$out/clean/$name.wav"
    printf 'clean/%s.wav\t%s\tclean\t%s\t%s\t%s\n' "$name" "$text" "$voice" "$scene" "$prelude" >>"$manifest"
    speech=$(rms "$tmp/raw.wav")
    for snr in 20 10; do
      with_noise "$out/clean/$name.wav" "$speech" "$snr" "$out/snr$snr/$name.wav"
      printf 'snr%s/%s.wav\t%s\tsnr%s\t%s\t%s\t%s\n' "$snr" "$name" "$text" "$snr" "$voice" "$scene" "$prelude" >>"$manifest"
    done
    if [[ $first == 1 && -z "$prelude" && ! -f "$out/resampled/$base-44k.wav" ]]; then
      sox -R "$out/clean/$name.wav" -r 44100 -c 2 -b 24 "$out/resampled/$base-44k.wav"
      sox -R "$out/clean/$name.wav" -r 8000 -c 1 -b 16 "$out/resampled/$base-8k.wav"
      for variant in 44k 8k; do
        printf 'resampled/%s-%s.wav\t%s\tresampled\t%s\t%s\t\n' "$base" "$variant" "$text" "$voice" "$scene" >>"$manifest"
      done
    fi
    first=0
  done
done <"$tmp/commands.txt"

# Off-grammar speech: every sentence against every scene, must dispatch nothing.
if [[ -n "$off_grammar" ]]; then
  i=0
  while IFS= read -r line; do
    [[ -z "$line" || "$line" == \#* ]] && continue
    voice=${voices[$((i % ${#voices[@]}))]}
    i=$((i + 1))
    name="off-$(slug "$line")"
    speak "$line" "$voice" "$out/off/$name.wav"
    for scene in "${scenes[@]}"; do
      printf 'off/%s.wav\t\toff-grammar\t%s\t%s\t\n' "$name" "$voice" "$scene" >>"$manifest"
    done
    # The same sentence in noise, mixed as the commands are: noise must not make speech that is
    # no command into one.
    speech=$(rms "$tmp/raw.wav")
    for snr in 20 10; do
      with_noise "$out/off/$name.wav" "$speech" "$snr" "$out/off/$name-snr$snr.wav"
      for scene in "${scenes[@]}"; do
        printf 'off/%s-snr%s.wav\t\toff-grammar-snr%s\t%s\t%s\t\n' "$name" "$snr" "$snr" "$voice" "$scene" >>"$manifest"
      done
    done
  done <"$off_grammar"
fi
if [[ -d "$testdata/librivox" ]]; then
  for file in "$testdata"/librivox/*.wav; do
    for scene in "${scenes[@]}"; do
      printf '%s\t\tlibrivox\thuman\t%s\t\n' "$file" "$scene" >>"$manifest"
    done
  done
fi
# Human recordings against the scenes whose names they speak. A single card is a command (its
# name, said bare); several cards or a string of digits in one breath are not, and are reported.
here=$(cd "$(dirname "$0")/../.." && pwd)
cards=$here/Benchmarks/speech/scenes/card-table.json
keypad=$here/Benchmarks/speech/scenes/keypad.json
if [[ -f "$testdata/cards/cards.transcription" ]]; then
  while IFS= read -r line; do
    id=$(echo "$line" | sed 's/.*(\(.*\)).*/\1/')
    text=$(echo "$line" | sed 's/([^)]*)//; s/<s>//; s#</s>##' | xargs)
    if [[ $(echo "$text" | wc -w) == 3 && "$text" == *" of "* ]]; then
      printf '%s\t%s\thuman-cards\thuman\t%s\t\n' "$testdata/cards/$id.wav" "$text" "$cards" >>"$manifest"
    else
      printf '%s\t%s\thuman-multi\thuman\t%s\t\n' "$testdata/cards/$id.wav" "$text" "$cards" >>"$manifest"
    fi
  done <"$testdata/cards/cards.transcription"
  for raw in "$testdata/tidigits/dhd.2934z.raw" "$testdata/numbers.raw"; do
    [[ -f "$raw" ]] || continue
    sox -t raw -r 16000 -e signed -b 16 -c 1 "$raw" "$out/human/$(basename "$raw" .raw).wav"
    printf 'human/%s.wav\t%s\thuman-multi\thuman\t%s\t\n' "$(basename "$raw" .raw)" \
      "$([[ $raw == *2934z* ]] && echo "two nine three four zero" || echo "(digits)")" "$keypad" >>"$manifest"
  done
fi
echo "wrote $(($(wc -l <"$manifest") - 1)) clips to $out (manifest: $manifest)"
