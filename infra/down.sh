#!/usr/bin/env bash
# npm run infra:down — stops ONLY the processes infra/up.sh started (pid file + marker on their command line),
# SIGTERM then SIGKILL after INFRA_STOP_TIMEOUT s, and deletes their data (Kafka log dir, JVM temp dirs).
# Logs stay in $INFRA_STATE_DIR/logs for post-mortems until the next fresh start.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

t0=$(now_ms)
[ -d "$INFRA_STATE_DIR" ] || { log "nothing to stop: no $INFRA_STATE_DIR"; exit 0; }
# stop both at once: each waits for its own process
stop_component registry & r=$!
stop_component kafka & k=$!
wait "$r" "$k"
rm -rf "$KAFKA_DATA" "$TMP_DIR" "$INFRA_STATE_DIR/env" "$INFRA_STATE_DIR/server.properties" "$INFRA_STATE_DIR/kafka-cluster.env" "$INFRA_STATE_DIR/registry.env"
log "down in $(since "$t0"); data removed, logs kept in $LOG_DIR"
