# shellcheck shell=bash
# Shared settings and process helpers for infra/*.sh (sourced, never run).
#
# Every process we start carries a marker system property `-Dmailsift.infra=<name>@<state dir>` on its command line.
# Stopping checks /proc/<pid>/cmdline for that exact marker before sending any signal, so a stale pid file whose
# number was reused by an unrelated process can never make us kill it.

INFRA_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$INFRA_DIR/.." && pwd)

# --- settings (env overridable) -------------------------------------------------------------------------------
INFRA_HOST=127.0.0.1                                   # loopback only, by design
INFRA_KAFKA_PORT=${INFRA_KAFKA_PORT:-19092}
INFRA_CONTROLLER_PORT=${INFRA_CONTROLLER_PORT:-19093}
INFRA_REGISTRY_PORT=${INFRA_REGISTRY_PORT:-18081}
INFRA_REGISTRY_MGMT_PORT=${INFRA_REGISTRY_MGMT_PORT:-18082}
INFRA_STATE_DIR=${INFRA_STATE_DIR:-$REPO_ROOT/.kafka-local}
INFRA_KAFKA_PROFILE=${INFRA_KAFKA_PROFILE:-kafka4}      # kafka4 = Kafka 4.1.1, kafka39 = Kafka 3.9.1 fallback
# modest heaps: 2 cores / shared machine. Kafka keeps data in the page cache, not the heap.
INFRA_KAFKA_HEAP=${INFRA_KAFKA_HEAP:--Xms128m -Xmx512m}
INFRA_REGISTRY_HEAP=${INFRA_REGISTRY_HEAP:--Xms64m -Xmx384m}
INFRA_JAVA=${INFRA_JAVA:-java}
INFRA_REGISTRY_JAVA=${INFRA_REGISTRY_JAVA:-$INFRA_JAVA}  # Apicurio 3.3.x needs Java 21+
INFRA_STOP_TIMEOUT=${INFRA_STOP_TIMEOUT:-30}            # seconds between SIGTERM and SIGKILL
INFRA_READY_TIMEOUT=${INFRA_READY_TIMEOUT:-90}          # seconds per readiness wait

# an existing cluster keeps the Kafka line and ports it was formatted with (written by kafka-start.sh): a restart
# must not switch them, whatever the environment of the caller says
# shellcheck disable=SC1091
if [ -f "$INFRA_STATE_DIR/kafka-cluster.env" ]; then source "$INFRA_STATE_DIR/kafka-cluster.env"; fi
# likewise a registry keeps its ports and version until infra:down (written by registry-start.sh)
# shellcheck disable=SC1091
if [ -f "$INFRA_STATE_DIR/registry.env" ]; then source "$INFRA_STATE_DIR/registry.env"; fi

POM=$INFRA_DIR/kafka/pom.xml
TARGET=$INFRA_DIR/kafka/target
# Apicurio Registry, io.apicurio:apicurio-registry-app:<v>:tar.gz:all. 3.0.9 is the newest release on Central that
# runs on Java 17 (3.3.2/3.3.3 are Java 21 bytecode; 3.3.1, the recipe's pick, is not there). For 3.3.3 set
# INFRA_APICURIO_VERSION=3.3.3 and INFRA_REGISTRY_JAVA to a Java 21+ binary.
INFRA_APICURIO_VERSION=${INFRA_APICURIO_VERSION:-3.0.9}
KAFKA_LIB=$TARGET/${INFRA_KAFKA_PROFILE}/lib
APICURIO_DIR=$TARGET/apicurio-$INFRA_APICURIO_VERSION

KAFKA_DATA=$INFRA_STATE_DIR/kafka-data     # survives kafka-stop/kafka-start; only down.sh deletes it
LOG_DIR=$INFRA_STATE_DIR/logs
TMP_DIR=$INFRA_STATE_DIR/tmp               # JVM java.io.tmpdir (native libs, Vert.x cache), deleted by down.sh
KAFKA_URL=$INFRA_HOST:$INFRA_KAFKA_PORT
REGISTRY_URL=http://$INFRA_HOST:$INFRA_REGISTRY_PORT/apis/ccompat/v7

# The Apicurio launcher: Quarkus fast-jar layout (3.2+: quarkus-run.jar) or legacy runner jar (3.0/3.1).
registry_jar() {
  local f
  for f in "$APICURIO_DIR"/quarkus-run.jar "$APICURIO_DIR"/*-runner.jar; do
    [ -f "$f" ] && { echo "$f"; return 0; }
  done
  return 1
}

log() { printf '[infra %s] %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { log "ERROR: $*" >&2; exit 1; }
now_ms() { date +%s%3N; }
since() { echo "$(( ($(now_ms) - $1) ))ms"; }

marker() { echo "-Dmailsift.infra=$1@$INFRA_STATE_DIR"; }
pid_file() { echo "$INFRA_STATE_DIR/$1.pid"; }

# Prints the pid of component $1 if its pid file names a live process carrying our marker; else prints nothing.
our_pid() {
  local pf pid
  pf=$(pid_file "$1")
  [ -f "$pf" ] || return 0
  pid=$(cat "$pf")
  [[ $pid =~ ^[0-9]+$ ]] || return 0
  alive "$pid" || return 0
  if tr '\0' '\n' < "/proc/$pid/cmdline" | grep -qxF -- "$(marker "$1")"; then echo "$pid"; fi
}

# True while process $1 exists and is not a zombie (a killed child of a non-reaping parent stays a zombie; it is
# gone for our purposes).
alive() { [ -r "/proc/$1/stat" ] && [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" != Z ]; }

# True when something accepts TCP connections on 127.0.0.1:$1 (bash's /dev/tcp: no extra tools needed).
port_busy() { (exec 3<>"/dev/tcp/$INFRA_HOST/$1") 2>/dev/null; }

# Stops component $1 if (and only if) it is ours: SIGCONT (it may be paused by kafka-stop.sh --pause), SIGTERM,
# wait up to INFRA_STOP_TIMEOUT, then SIGKILL. Removes the pid file either way.
stop_component() {
  local name=$1 pid t0 i
  pid=$(our_pid "$name")
  if [ -z "$pid" ]; then
    [ -f "$(pid_file "$name")" ] && log "$name: pid file is stale (process gone or not ours), not signalling anything"
    rm -f "$(pid_file "$name")"
    return 0
  fi
  t0=$(now_ms)
  kill -CONT "$pid" 2>/dev/null || true
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < INFRA_STOP_TIMEOUT * 10; i++)); do
    alive "$pid" || break
    sleep 0.1
  done
  if alive "$pid"; then
    log "$name (pid $pid) ignored SIGTERM for ${INFRA_STOP_TIMEOUT}s: SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    while alive "$pid"; do sleep 0.1; done
  fi
  rm -f "$(pid_file "$name")"
  log "$name stopped (pid $pid) in $(since "$t0")"
}

# Waits until file $2, read from byte offset $4 on (what this start wrote), contains the fixed string $3, failing
# early if component $1's process dies.
wait_for_log() {
  local name=$1 file=$2 text=$3 offset=${4:-0} pid i
  pid=$(cat "$(pid_file "$name")")
  for ((i = 0; i < INFRA_READY_TIMEOUT * 10; i++)); do
    # process substitution, not a pipe: with pipefail, grep -q closing early would fail the pipeline via SIGPIPE
    grep -qF -- "$text" <(tail -c "+$((offset + 1))" "$file" 2>/dev/null) && return 0
    if ! alive "$pid"; then
      log "$name died during start-up; last lines of $file:" >&2
      tail -n 40 "$file" >&2
      return 1
    fi
    sleep 0.1
  done
  log "$name: no '$text' in $file after ${INFRA_READY_TIMEOUT}s" >&2
  tail -n 40 "$file" >&2
  return 1
}
