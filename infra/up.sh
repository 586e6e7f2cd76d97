#!/usr/bin/env bash
# npm run infra:up — a single-node Kafka (KRaft) broker and a Confluent-compatible schema registry on loopback,
# from Maven Central artifacts only. Idempotent: with both already up it starts nothing and says so.
# Writes $INFRA_STATE_DIR/env (source it) and prints the environment the tests and the service need.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

t0=$(now_ms)
mkdir -p "$INFRA_STATE_DIR"
command -v "$INFRA_JAVA" >/dev/null || die "java not found (apt-get install -y openjdk-17-jre-headless)"

kafka_pid=$(our_pid kafka)
registry_pid=$(our_pid registry)
if [ -n "$kafka_pid" ] && [ -n "$registry_pid" ] && [ "$(awk '{print $3}' "/proc/$kafka_pid/stat")" != T ]; then
  log "already up (kafka pid $kafka_pid, registry pid $registry_pid): nothing started, checking readiness only"
  node "$INFRA_DIR/kafka-ready.mjs" "$KAFKA_URL" 10
  node "$INFRA_DIR/registry-ready.mjs" "$REGISTRY_URL" 10
else
  "$INFRA_DIR/fetch.sh"
  # the two JVMs are independent (Apicurio stores in memory, not in Kafka): start them side by side
  "$INFRA_DIR/kafka-start.sh" & kafka_job=$!
  "$INFRA_DIR/registry-start.sh" & registry_job=$!
  failed=0
  wait "$kafka_job" || failed=1
  wait "$registry_job" || failed=1
  [ "$failed" -eq 0 ] || die "start-up failed (logs in $LOG_DIR); stop what did start with npm run infra:down"
fi

cat > "$INFRA_STATE_DIR/env" <<ENV
export KAFKA_BROKERS=$KAFKA_URL
export SCHEMA_REGISTRY_URL=$REGISTRY_URL
ENV
log "up in $(since "$t0"). Use:"
echo "KAFKA_BROKERS=$KAFKA_URL SCHEMA_REGISTRY_URL=$REGISTRY_URL"
echo "(or: source ${INFRA_STATE_DIR}/env)"
