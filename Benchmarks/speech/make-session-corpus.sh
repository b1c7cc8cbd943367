#!/usr/bin/env bash
# Generates the continuous-session corpus of the held-out speech benchmark with espeak-ng (or
# flite, or festival) and sox.
#
#   Benchmarks/speech/make-session-corpus.sh OUT_DIR [SESSIONS.txt [VOICES.tsv]]
#
# For every voice of VOICES.tsv (split, voice, rate) and every script of SESSIONS.txt (scene|8
# commands), the commands are spoken one after another in one recording: 1.0 s of lead, 1.2 s
# between commands, 1.5 s at the end. Each recording is written three ways: quiet (digital
# silence between the words, as a noise-gated microphone or a null sink gives), room (a -50 dBFS
# pink-noise floor) and snr10 (pink noise 10 dB under the speech). OUT_DIR/sessions.tsv lists
# path, split, voice, rate, condition, scene, the commands (';') and where each is spoken
# (start-end seconds, ';'). sox runs with -R, so the corpus is the same on every run; each noise
# is cut from its own offset of one long draw (noise.sh), so no two are one waveform.
# SMOKE=1 writes one tuned and one held-out voice, first script only (for `make test`).
# A voice "flite:NAME" is flite's voice NAME (another synthesizer: flite-voices.tsv), its rate on
# espeak-ng's scale: flite's duration stretch is set so that a calibration sentence lasts as
# long as espeak-ng's en-us says it at that rate. A voice "festival:NAME" is festival's voice
# NAME (festival-voices.tsv), its rate on the same scale through festival's duration stretch (a
# diphone voice) or hts_engine's speed (an HTS voice, whose name ends in _hts).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: $0 OUT_DIR [SESSIONS.txt [VOICES.tsv]]}
sessions=${2:-$here/sessions.txt}
voices=${3:-$here/voices.tsv}
tools=(espeak-ng sox soxi)
grep -q $'\tflite:' "$voices" && tools+=(flite)
grep -q $'\tfestival:' "$voices" && tools+=(text2wave)
for tool in "${tools[@]}"; do
  command -v "$tool" >/dev/null || {
    echo "error: '$tool' not found (apt-get install espeak-ng sox flite festival festvox-kdlpc16k festvox-us-slt-hts)" >&2
    exit 69
  }
done
mkdir -p "$out"/{quiet,room,snr10}
manifest="$out/sessions.tsv"
printf 'path\tsplit\tvoice\trate\tcondition\tscene\tcommands\tspans\n' >"$manifest"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source "$here/noise.sh"
noise_draw "$tmp" pink
slug() { echo "$1" | tr 'A-Z' 'a-z' | tr -c 'a-z0-9\n' '-' | tr -s '-' | sed 's/-$//'; }
grep -v '^#' "$voices" | grep . >"$tmp/voices"
grep -v '^#' "$sessions" | grep . >"$tmp/scripts"
if [[ "${SMOKE:-0}" == 1 ]]; then
  { grep -m1 '^tuned' "$tmp/voices"; grep -m1 '^heldout' "$tmp/voices"; } >"$tmp/v" && mv "$tmp/v" "$tmp/voices"
  head -1 "$tmp/scripts" >"$tmp/s" && mv "$tmp/s" "$tmp/scripts"
fi
# Writes TEXT spoken by festival's VOICE to OUT, its durations scaled by STRETCH.
festival_speak() {
  local voice=$1 stretch=$2 text=$3 out=$4 setting
  if [[ "$voice" == *_hts ]]; then
    setting="(set! hts_engine_params (append hts_engine_params (list (list \"-r\" $(awk -v s="$stretch" 'BEGIN { printf "%.3f", 1 / s }')))))"
  else
    setting="(Parameter.set 'Duration_Stretch $stretch)"
  fi
  printf '%s\n' "$text" >"$tmp/text.txt"
  rm -f "$tmp/festival.wav"
  text2wave -eval "(voice_$voice)" -eval "$setting" "$tmp/text.txt" -o "$tmp/festival.wav"
  # text2wave exits 0 after an error in its Scheme (a voice not installed), writing nothing.
  [[ -s "$tmp/festival.wav" ]] || { echo "error: festival's voice '$voice' gave no audio (is its festvox package installed?)" >&2; exit 1; }
  # Each clip's peak at -4 dBFS, about where espeak-ng's and flite's are: the diphone voice
  # peaks at full scale, which clipped once noise was added.
  sox -R "$tmp/festival.wav" "$out" gain -n -4
}
# Each flite and festival voice's rate at a duration stretch of 1, on espeak-ng's scale.
declare -A base_rate
calibration="the quick brown fox jumps over the lazy dog while seven tired bakers sell warm bread"
espeak-ng -v en-us -s 170 -w "$tmp/calibration.wav" -- "$calibration"
for voice in $(cut -f2 "$tmp/voices" | grep -E '^(flite|festival):' | sort -u); do
  if [[ "$voice" == flite:* ]]; then
    flite -voice "${voice#flite:}" -t "$calibration" -o "$tmp/other.wav"
  else
    festival_speak "${voice#festival:}" 1 "$calibration" "$tmp/other.wav"
  fi
  base_rate[$voice]=$(awk -v e="$(soxi -D "$tmp/calibration.wav")" -v f="$(soxi -D "$tmp/other.wav")" \
    'BEGIN { printf "%.1f", 170 * e / f }')
done
# Writes TEXT spoken by VOICE at RATE to OUT.
speak() {
  local voice=$1 rate=$2 text=$3 out=$4 stretch
  case "$voice" in
    flite:* | festival:*) stretch=$(awk -v b="${base_rate[$voice]}" -v r="$rate" 'BEGIN { printf "%.3f", b / r }') ;;
  esac
  case "$voice" in
    flite:*) flite -voice "${voice#flite:}" --setf duration_stretch="$stretch" -t "$text" -o "$out" ;;
    festival:*) festival_speak "${voice#festival:}" "$stretch" "$text" "$out" ;;
    *) espeak-ng -v "$voice" -s "$rate" -w "$out" -- "$text" ;;
  esac
}
while IFS=$'\t' read -r split voice rate; do
  n=0
  while IFS='|' read -r scene commands; do
    n=$((n + 1))
    name="$(slug "$voice")-$rate-$n"
    parts=("$tmp/lead.wav")
    # Digital silence: without -D, sox dithered it to random ±1 steps, other ones every run.
    sox -R -D -n -r 16000 -c 1 -b 16 "$tmp/lead.wav" trim 0 1.0
    sox -R -D -n -r 16000 -c 1 -b 16 "$tmp/gap.wav" trim 0 1.2
    t=1.0 spans=() i=0
    IFS=';' read -ra list <<<"$commands"
    for command in "${list[@]}"; do
      i=$((i + 1))
      speak "$voice" "$rate" "$command" "$tmp/raw.wav"
      # The synthesizer's own leading and trailing silence off, so the pauses are what the script says.
      sox -R "$tmp/raw.wav" -r 16000 -c 1 -b 16 "$tmp/c$i.wav" silence 1 0.005 0.1% reverse silence 1 0.005 0.1% reverse
      d=$(soxi -D "$tmp/c$i.wav")
      spans+=("$(awk -v a="$t" -v d="$d" 'BEGIN { printf "%.3f-%.3f", a, a + d }')")
      t=$(awk -v a="$t" -v d="$d" 'BEGIN { printf "%.3f", a + d + 1.2 }')
      parts+=("$tmp/c$i.wav")
      [[ $i -lt ${#list[@]} ]] && parts+=("$tmp/gap.wav")
    done
    sox -R -D -n -r 16000 -c 1 -b 16 "$tmp/tail.wav" trim 0 1.5
    parts+=("$tmp/tail.wav")
    sox -R "${parts[@]}" -b 16 "$out/quiet/$name.wav"
    length=$(soxi -D "$out/quiet/$name.wav")
    noise_cut pink "$tmp/floor.wav" "$length" -36
    sox -R -m -v 1 "$out/quiet/$name.wav" -v 1 "$tmp/floor.wav" -b 16 "$out/room/$name.wav"
    # The speech level is measured on the commands alone, not the pauses.
    speech=$(sox "${parts[@]:1:${#parts[@]}-2}" -n stat 2>&1 | awk '/RMS +amplitude/ {print $3}')
    gaps=$(awk -v c="${#list[@]}" 'BEGIN { print (c - 1) * 1.2 }')
    level=$(awk -v s="$speech" -v l="$length" -v g="$gaps" 'BEGIN {
      # RMS over speech only: the concatenation included the inner gaps.
      d = l - 2.5; r = s * sqrt(d / (d - g)); printf "%.2f", 20*log(r)/log(10) - 10 + 13.7 }')
    noise_cut pink "$tmp/n.wav" "$length" "$level"
    sox -R -m -v 1 "$out/room/$name.wav" -v 1 "$tmp/n.wav" -b 16 "$out/snr10/$name.wav"
    span=$(IFS=';'; echo "${spans[*]}")
    for condition in quiet room snr10; do
      printf '%s/%s.wav\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$condition" "$name" "$split" "$voice" "$rate" \
        "$condition" "$scene" "$commands" "$span" >>"$manifest"
    done
  done <"$tmp/scripts"
done <"$tmp/voices"
echo "wrote $(($(wc -l <"$manifest") - 1)) sessions to $out (manifest: $manifest)"
