# Noise for the corpus scripts, sourced by them: `source noise.sh; noise_draw DIR COLOUR...`,
# then `noise_cut COLOUR FILE DURATION GAIN` for each noise a clip needs.
#
# The corpus scripts run sox with -R, so every call that synthesizes noise draws the same
# samples. Two noises of one clip drawn by two calls (its floor and its SNR noise) would be one
# waveform and add up louder than the SNR says, by 0.8 to 3 dB. So each colour is drawn once,
# 300 s long, and every cut starts at its own offset into that draw.

noise_draws=0

# noise_draw DIR COLOUR...: draws 300 s of each COLOUR noise (pink, white, brown) into DIR.
# (20 dB down, and up again at each cut: synth followed by gain is louder than synth alone, and
# the levels noise_cut takes are those of synth and gain in one chain.)
noise_draw() {
  noise_dir=$1
  shift
  local colour
  for colour in "$@"; do
    sox -R -n -r 16000 -c 1 -e floating-point -b 32 "$noise_dir/$colour.wav" synth 300 "${colour}noise" gain -20
  done
}

# noise_cut COLOUR FILE DURATION GAIN: DURATION seconds (under 299) of COLOUR noise, 16-bit, at
# sox gain GAIN dB (pink noise's RMS is about GAIN - 13.7 dBFS), from the next offset. A longer
# clip than the draw can serve stops the script: its noise would come out short, and the SNR of
# its tail wrong, without a word from sox.
noise_cut() {
  if ! awk -v d="$3" 'BEGIN { exit !(d > 0 && d < 299) }'; then
    echo "error: noise_cut: $2 needs $3 s of noise; the draw holds 300 s, so a clip must be under 299 s" >&2
    return 65
  fi
  noise_draws=$((noise_draws + 1))
  local offset gain
  offset=$(awk -v n="$noise_draws" -v d="$3" 'BEGIN {
    room = int((300 - d) * 100); if (room > 29000) room = 29000
    printf "%.2f", (n * 7919) % room / 100 }')
  gain=$(awk -v g="$4" 'BEGIN { printf "%.2f", g + 20 }')
  # -V1: sox's failures only (a missing draw, a full disk), not its notes on clipping.
  sox -V1 -R "$noise_dir/$1.wav" -b 16 "$2" trim "$offset" "$3" gain "$gain"
}
