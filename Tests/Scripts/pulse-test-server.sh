#!/usr/bin/env bash
# A private PulseAudio server for testing the microphone path without sound hardware.
#
#   eval "$(Tests/Scripts/pulse-test-server.sh start)"   # starts it; exports PULSE_SERVER and friends
#   Tests/Scripts/pulse-test-server.sh check               # checks that a tone played reaches the monitor
#   Tests/Scripts/pulse-test-server.sh wait-recording [S]  # waits (up to S s, default 10) for a capture stream
#   Tests/Scripts/pulse-test-server.sh play FILE.wav...    # plays WAVs into the null sink, in order, paced
#   Tests/Scripts/pulse-test-server.sh stop                # stops it and removes its runtime dir
#
# The server runs in user mode (not --system) with a private runtime dir, no config files (-n),
# and only the modules it needs: a null sink "axinput_sink" whose monitor "axinput_sink.monitor"
# is the default source, and the native protocol on a socket in the runtime dir with anonymous
# auth. It works as root (CI containers): PulseAudio only warns, as long as --system is not used
# and HOME/XDG_RUNTIME_DIR point at directories owned by the caller. --exit-idle-time=-1 keeps it
# alive between clients. Applications (sphinxad, paplay) find it through PULSE_SERVER.
#
# Playback must be paced: paplay's default buffer is about 2 s, and the null sink, which renders
# on a timer rather than a sound card clock, then loses part of the audio (a 3 s tone arrived as
# 1.2 s on the monitor). With --latency-msec=50 every sample arrives, in real time. Start the
# capture first and wait for it ('wait-recording'), or the start of the first clip is lost.
# Exit status: 0 ok, 69 pulseaudio missing, 1 the server failed to start (its log is printed).
set -euo pipefail

sink=axinput_sink
state_file=${AXINPUT_PULSE_STATE:-/tmp/axinput-pulse.state}

die() { echo "pulse-test-server: $*" >&2; exit 1; }

start() {
  command -v pulseaudio >/dev/null || { echo "pulse-test-server: pulseaudio not found (apt-get install pulseaudio pulseaudio-utils)" >&2; exit 69; }
  local dir
  dir=$(mktemp -d /tmp/axinput-pulse.XXXXXX)
  chmod 700 "$dir"
  mkdir -p "$dir/home" "$dir/runtime"
  # Root in a container: a user-mode server as root wants XDG_RUNTIME_DIR owned by root, which
  # the private dir is; HOME keeps its cookie and state out of the real home.
  HOME="$dir/home" XDG_RUNTIME_DIR="$dir/runtime" PULSE_RUNTIME_PATH="$dir/runtime" \
    pulseaudio -n --daemonize=yes --exit-idle-time=-1 --use-pid-file=yes --disallow-exit=no \
      --disable-shm=yes --enable-memfd=no \
      --log-target="file:$dir/pulse.log" --log-level=notice \
      -L "module-null-sink sink_name=$sink rate=16000 channels=1 format=s16le sink_properties=device.description=AXInput" \
      -L "module-native-protocol-unix auth-anonymous=1 socket=$dir/native" \
      >>"$dir/pulse.log" 2>&1 || { cat "$dir/pulse.log" >&2; rm -rf "$dir"; die "pulseaudio did not start"; }
  for _ in $(seq 1 50); do
    [[ -S "$dir/native" ]] && break
    sleep 0.1
  done
  [[ -S "$dir/native" ]] || { cat "$dir/pulse.log" >&2; die "no socket at $dir/native"; }
  PULSE_SERVER="unix:$dir/native" pactl set-default-sink "$sink"
  PULSE_SERVER="unix:$dir/native" pactl set-default-source "$sink.monitor"
  echo "$dir" >"$state_file"
  echo "export PULSE_SERVER=unix:$dir/native"
  echo "export AXINPUT_PULSE_DIR=$dir"
  echo "export AXINPUT_PULSE_SOURCE=$sink.monitor"
}

server_dir() {
  local dir=${AXINPUT_PULSE_DIR:-}
  if [[ -z "$dir" && -f "$state_file" ]]; then dir=$(cat "$state_file"); fi
  [[ -n "$dir" && -d "$dir" ]] || die "no server running (start one first)"
  echo "$dir"
}

play() {
  local dir
  dir=$(server_dir)
  for file in "$@"; do
    PULSE_SERVER="unix:$dir/native" paplay --latency-msec=50 --device="$sink" "$file"
  done
}

# wait-recording [SECONDS]: waits until a client records from the server (a source output exists
# and is not corked), so that nothing played afterwards is missed.
wait_recording() {
  local dir limit=${1:-10} i outputs
  dir=$(server_dir)
  for i in $(seq 1 $((limit * 10))); do
    # Not 'pactl | grep -q': grep's early exit fails pactl with SIGPIPE/EPIPE under pipefail.
    outputs=$(PULSE_SERVER="unix:$dir/native" pactl list source-outputs 2>/dev/null || true)
    if [[ "$outputs" == *"Corked: no"* ]]; then
      return 0
    fi
    sleep 0.1
  done
  die "no capture stream after ${limit} s"
}

# check: plays a 1 s tone at -6 dBFS while recording the monitor with parecord, and checks that
# it arrives whole and at its level (RMS about 0.35); prints the measured length and RMS.
check() {
  local dir tmp rms length
  dir=$(server_dir)
  tmp=$(mktemp -d)
  sox -n -r 16000 -c 1 -b 16 "$tmp/tone.wav" synth 1 sine 440 gain -6
  # Raw PCM, so that the recorder can be stopped with SIGKILL: a parent may have left SIGINT and
  # SIGTERM blocked (Foundation's Process does), and a killed recorder leaves no WAV header.
  PULSE_SERVER="unix:$dir/native" parecord --raw --latency-msec=50 --device="$sink.monitor" \
    --rate=16000 --channels=1 --format=s16le "$tmp/rec.raw" >/dev/null 2>&1 &
  local recorder=$!
  # The recorder must not outlive a failed check (it would hold the caller's pipes open).
  trap 'kill -KILL "${recorder:-}" 2>/dev/null || true; rm -rf "${tmp:-}"' EXIT
  wait_recording 5
  PULSE_SERVER="unix:$dir/native" paplay --latency-msec=50 --device="$sink" "$tmp/tone.wav"
  sleep 0.3
  kill -KILL "$recorder" 2>/dev/null || true
  wait "$recorder" 2>/dev/null || true
  sox -t raw -r 16000 -c 1 -b 16 -e signed "$tmp/rec.raw" "$tmp/rec.wav"
  # The tone's part of the recording: trim the silence at both ends.
  sox "$tmp/rec.wav" "$tmp/tone-only.wav" silence 1 0.01 1% reverse silence 1 0.01 1% reverse
  length=$(soxi -D "$tmp/tone-only.wav")
  rms=$(sox "$tmp/tone-only.wav" -n stat 2>&1 | awk '/RMS +amplitude/ {print $3}')
  rm -rf "$tmp"
  echo "monitor check: tone length ${length} s (played 1 s), RMS ${rms} (played 0.35)"
  awk -v l="$length" -v r="$rms" 'BEGIN { exit !(l > 0.9 && l < 1.1 && r > 0.3 && r < 0.4) }' \
    || die "the monitor did not deliver the tone whole"
}

stop() {
  local dir pid
  dir=$(server_dir)
  PULSE_SERVER="unix:$dir/native" pactl exit 2>/dev/null || true
  pid=$(cat "$dir/runtime/pid" 2>/dev/null || true)
  for _ in $(seq 1 30); do
    [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null && kill "$pid"
  rm -rf "$dir" "$state_file"
}

case "${1:-}" in
  start) start ;;
  play) shift; play "$@" ;;
  check) check ;;
  wait-recording) shift; wait_recording "$@" ;;
  stop) stop ;;
  *) echo "usage: $0 start | check | wait-recording [SECONDS] | play FILE... | stop" >&2; exit 64 ;;
esac
