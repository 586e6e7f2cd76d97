#!/usr/bin/env bash
# Ensures the single-node KRaft broker runs: resumes it if paused, does nothing if running, else starts it on the
# existing data dir (formatting it only the first time). Topics therefore survive kafka-stop.sh + kafka-start.sh.
# Waits until a real kafkajs round-trip works and the group coordinator is up.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

pid=$(our_pid kafka)
if [ -n "$pid" ]; then
  if [ "$(awk '{print $3}' "/proc/$pid/stat")" = T ]; then
    kill -CONT "$pid"
    log "kafka (pid $pid) was paused: resumed"
  else
    log "kafka already running (pid $pid) at $KAFKA_URL"
  fi
  exec node "$INFRA_DIR/kafka-ready.mjs" "$KAFKA_URL" "$INFRA_READY_TIMEOUT"
fi

[ -d "$KAFKA_LIB" ] || die "no Kafka jars in $KAFKA_LIB: run npm run infra:up (or infra/fetch.sh) first"
for port in "$INFRA_KAFKA_PORT" "$INFRA_CONTROLLER_PORT"; do
  port_busy "$port" && die "port $port is already in use by a process we did not start (set INFRA_KAFKA_PORT / INFRA_CONTROLLER_PORT)"
done

t0=$(now_ms)
mkdir -p "$KAFKA_DATA" "$LOG_DIR" "$TMP_DIR/kafka"
props=$INFRA_STATE_DIR/server.properties
# both logging systems get their config; each ignores the other's property (log4j2 on 4.x, reload4j on 3.9)
logopts=(-Dlog4j2.configurationFile="$INFRA_DIR/kafka/log4j2.properties"
  -Dlog4j.configuration="file:$INFRA_DIR/kafka/log4j.properties" -Dkafka.logs.dir="$LOG_DIR")

if [ ! -f "$KAFKA_DATA/meta.properties" ]; then
  # a new cluster: its config (ports), Kafka line and log are fixed now; restarts reuse them and append to the log
  sed -e "s#@DATA@#$KAFKA_DATA#g" -e "s#@PORT@#$INFRA_KAFKA_PORT#g" -e "s#@CPORT@#$INFRA_CONTROLLER_PORT#g" \
    "$INFRA_DIR/kafka/server.properties.tmpl" > "$props"
  printf 'INFRA_KAFKA_PROFILE=%s\nINFRA_KAFKA_PORT=%s\nINFRA_CONTROLLER_PORT=%s\n' \
    "$INFRA_KAFKA_PROFILE" "$INFRA_KAFKA_PORT" "$INFRA_CONTROLLER_PORT" > "$INFRA_STATE_DIR/kafka-cluster.env"
  : > "$LOG_DIR/kafka.log"
  # what `kafka-storage random-uuid` prints (org.apache.kafka.common.Uuid: 16 random bytes, base64url without
  # padding, never starting with '-'), made without a JVM start, which costs seconds on a busy 2-core machine
  cluster_id=$(node -e 'let s; do s = require("node:crypto").randomBytes(16).toString("base64url"); while (s.startsWith("-")); console.log(s)')
  "$INFRA_JAVA" -XX:TieredStopAtLevel=1 "${logopts[@]}" -cp "$KAFKA_LIB/*" kafka.tools.StorageTool format -t "$cluster_id" -c "$props" \
    --ignore-formatted > "$LOG_DIR/kafka-format.log" 2>&1 || { cat "$LOG_DIR/kafka-format.log"; die "kafka storage format failed"; }
  log "kafka data dir formatted (cluster $cluster_id) in $(since "$t0")"
fi

log_offset=$(stat -c %s "$LOG_DIR/kafka.log" 2>/dev/null || echo 0)
# G1 flags as in Kafka's kafka-run-class.sh; heap kept small (INFRA_KAFKA_HEAP)
# shellcheck disable=SC2086
nohup "$INFRA_JAVA" $INFRA_KAFKA_HEAP -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:InitiatingHeapOccupancyPercent=35 \
  -XX:+ExplicitGCInvokesConcurrent -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true \
  -Djava.io.tmpdir="$TMP_DIR/kafka" "${logopts[@]}" "$(marker kafka)" \
  -cp "$KAFKA_LIB/*" kafka.Kafka "$props" >> "$LOG_DIR/kafka.log" 2>&1 < /dev/null &
echo $! > "$(pid_file kafka)"
log "kafka starting (pid $!, $INFRA_KAFKA_PROFILE) on $KAFKA_URL, controller $INFRA_HOST:$INFRA_CONTROLLER_PORT"

# readiness 1: the broker says so (and early death is caught); readiness 2: a real client round-trip
wait_for_log kafka "$LOG_DIR/kafka.log" 'Kafka Server started' "$log_offset" || die "kafka did not start"
log "kafka server started after $(since "$t0")"
node "$INFRA_DIR/kafka-ready.mjs" "$KAFKA_URL" "$INFRA_READY_TIMEOUT"
log "kafka ready after $(since "$t0")"
