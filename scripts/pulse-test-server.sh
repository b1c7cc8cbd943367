#!/usr/bin/env bash
# A private PulseAudio server for testing the microphone path without sound hardware.
#
#   eval "$(scripts/pulse-test-server.sh start)"   # starts it; exports PULSE_SERVER and friends
#   scripts/pulse-test-server.sh play FILE.wav...    # plays WAVs into the null sink, in order
#   scripts/pulse-test-server.sh stop                # stops it and removes its runtime dir
#
# The server runs in user mode (not --system) with a private runtime dir, no config files (-n),
# and only the modules it needs: a null sink "axinput_sink" whose monitor "axinput_sink.monitor"
# is the default source, and the native protocol on a socket in the runtime dir with anonymous
# auth. It works as root (CI containers): PulseAudio only warns, as long as --system is not used
# and HOME/XDG_RUNTIME_DIR point at directories owned by the caller. --exit-idle-time=-1 keeps it
# alive between clients. Applications (sphinxad, paplay) find it through PULSE_SERVER.
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
    PULSE_SERVER="unix:$dir/native" paplay --device="$sink" "$file"
  done
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
  stop) stop ;;
  *) echo "usage: $0 start | play FILE... | stop" >&2; exit 64 ;;
esac
