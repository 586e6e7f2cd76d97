#!/usr/bin/env bash
# Stops the broker we started but KEEPS its data dir, so kafka-start.sh brings back the same topics and offsets.
#   infra/kafka-stop.sh          clean stop: SIGTERM (controlled shutdown), SIGKILL after INFRA_STOP_TIMEOUT s
#   infra/kafka-stop.sh --kill   crash: SIGKILL at once (data dir recovery on the next start)
#   infra/kafka-stop.sh --pause  freeze: SIGSTOP; connections stay open but nothing answers (clients time out)
# kafka-start.sh undoes any of them. Only infra/down.sh deletes the data.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

mode=${1:---term}
pid=$(our_pid kafka)
[ -n "$pid" ] || { log "kafka is not running (nothing of ours to stop)"; exit 0; }
case "$mode" in
  --term) stop_component kafka ;;
  --kill)
    kill -KILL "$pid"
    while alive "$pid"; do sleep 0.1; done
    rm -f "$(pid_file kafka)"
    log "kafka killed (pid $pid, SIGKILL)" ;;
  --pause) kill -STOP "$pid"; log "kafka paused (pid $pid, SIGSTOP); resume with infra/kafka-start.sh" ;;
  *) die "usage: kafka-stop.sh [--term|--kill|--pause]" ;;
esac
