#!/usr/bin/env bash
# Ensures Apicurio Registry runs on 127.0.0.1:$INFRA_REGISTRY_PORT with its Confluent-compatible API at
# /apis/ccompat/v7, storage in memory (H2), BACKWARD compatibility as the global default. Idempotent.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

pid=$(our_pid registry)
if [ -n "$pid" ]; then
  log "registry already running (pid $pid) at $REGISTRY_URL"
  exec node "$INFRA_DIR/registry-ready.mjs" "$REGISTRY_URL" "$INFRA_READY_TIMEOUT"
fi

[ -d "$APICURIO_DIR" ] || die "no Apicurio in $APICURIO_DIR: run npm run infra:up (or infra/fetch.sh) first"
for port in "$INFRA_REGISTRY_PORT" "$INFRA_REGISTRY_MGMT_PORT"; do
  port_busy "$port" && die "port $port is already in use by a process we did not start (set INFRA_REGISTRY_PORT / INFRA_REGISTRY_MGMT_PORT)"
done
jar=$(registry_jar) || die "no runnable jar in $APICURIO_DIR"

t0=$(now_ms)
mkdir -p "$LOG_DIR" "$TMP_DIR/registry"
: > "$LOG_DIR/registry.log"   # in-memory registry: every start is a new one
# Access and audit logs are switched off: they would write client IPs into our log files.
# Serial GC + C1 only: a low-traffic service on a shared 2-core machine starts faster and lighter that way.
# shellcheck disable=SC2086
nohup "$INFRA_REGISTRY_JAVA" $INFRA_REGISTRY_HEAP -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:+ExitOnOutOfMemoryError \
  -Djava.io.tmpdir="$TMP_DIR/registry" "$(marker registry)" \
  -Djava.util.logging.manager=org.jboss.logmanager.LogManager \
  -Dquarkus.http.host="$INFRA_HOST" -Dquarkus.http.port="$INFRA_REGISTRY_PORT" \
  -Dquarkus.management.host="$INFRA_HOST" -Dquarkus.management.port="$INFRA_REGISTRY_MGMT_PORT" \
  -Dquarkus.http.access-log.enabled=false \
  -Dquarkus.log.category.\"io.apicurio.registry.logging.audit\".level=WARN \
  -Dapicurio.rules.global.compatibility=BACKWARD \
  -jar "$jar" >> "$LOG_DIR/registry.log" 2>&1 < /dev/null &
echo $! > "$(pid_file registry)"
printf 'INFRA_REGISTRY_PORT=%s\nINFRA_REGISTRY_MGMT_PORT=%s\nINFRA_APICURIO_VERSION=%s\n' \
  "$INFRA_REGISTRY_PORT" "$INFRA_REGISTRY_MGMT_PORT" "$INFRA_APICURIO_VERSION" > "$INFRA_STATE_DIR/registry.env"
log "registry starting (pid $!, Apicurio $INFRA_APICURIO_VERSION, $($INFRA_REGISTRY_JAVA -version 2>&1 | head -n 1))"

node "$INFRA_DIR/registry-ready.mjs" "$REGISTRY_URL" "$INFRA_READY_TIMEOUT" "$(pid_file registry)" \
  || { tail -n 40 "$LOG_DIR/registry.log" >&2; die "registry did not become ready"; }
log "registry ready after $(since "$t0")"
