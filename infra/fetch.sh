#!/usr/bin/env bash
# Downloads the Kafka jars and the Apicurio distribution from Maven Central into infra/kafka/target, once.
# Maven's own cache (~/.m2) makes a re-download cheap; a stamp per part (Kafka: pom hash + profile; Apicurio:
# version) makes the common case, everything already in target/, skip Maven entirely.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

kafka_stamp=$TARGET/.stamp-$INFRA_KAFKA_PROFILE
kafka_stamp_value="pom=$(sha256sum "$POM" | cut -c1-16) profile=$INFRA_KAFKA_PROFILE"
apicurio_stamp=$TARGET/.stamp-apicurio-$INFRA_APICURIO_VERSION
need_kafka=1; need_apicurio=1
[ -d "$KAFKA_LIB" ] && [ "$(cat "$kafka_stamp" 2>/dev/null)" = "$kafka_stamp_value" ] && need_kafka=0
[ -d "$APICURIO_DIR" ] && [ -f "$apicurio_stamp" ] && need_apicurio=0
if [ "$need_kafka$need_apicurio" = 00 ]; then
  log "jars already in ${TARGET#"$REPO_ROOT"/} ($INFRA_KAFKA_PROFILE, apicurio $INFRA_APICURIO_VERSION): Maven not run"
  exit 0
fi

command -v mvn >/dev/null || die "mvn not found (apt-get install -y maven)"
t0=$(now_ms)
log "fetching from Maven Central:$([ $need_kafka = 1 ] && echo " Kafka jars ($INFRA_KAFKA_PROFILE)")$([ $need_apicurio = 1 ] && echo " Apicurio $INFRA_APICURIO_VERSION") (cold: ~1.5 min, ~180 MB)"
# an explicit local repository, so that we know where get puts the tarball (INFRA_M2_REPO: e.g. a cold-cache test)
m2_repo=${INFRA_M2_REPO:-$HOME/.m2/repository}
# Maven 3.8 prints bare ANSI resets even in batch mode; strip them (pipefail keeps mvn's exit status)
quiet_mvn() { mvn -B -q --no-transfer-progress -Dmaven.repo.local="$m2_repo" "$@" 2>&1 | sed 's/\x1b\[[0-9;]*m//g'; }

if [ "$need_kafka" = 1 ]; then
  rm -rf "$KAFKA_LIB" "$kafka_stamp"
  quiet_mvn -f "$POM" -P "$INFRA_KAFKA_PROFILE" package
  # exactly one slf4j binding, or Kafka would log nothing (no binding) or pick one at random (two)
  bindings=$(find "$KAFKA_LIB" -maxdepth 1 \( -name 'log4j-slf4j-impl-*.jar' -o -name 'log4j-slf4j2-impl-*.jar' \
    -o -name 'slf4j-reload4j-*.jar' -o -name 'slf4j-log4j12-*.jar' -o -name 'logback-classic-*.jar' -o -name 'slf4j-simple-*.jar' \) | wc -l)
  [ "$bindings" -eq 1 ] || die "expected exactly 1 slf4j binding in $KAFKA_LIB, found $bindings"
  echo "$kafka_stamp_value" > "$kafka_stamp"
fi

if [ "$need_apicurio" = 1 ]; then
  # apicurio-registry-app-3.0.9.pom names a parent POM (io.apicurio:apicurio-registry:3.0.9) that is not on the
  # Central we reach. maven-dependency-plugin 3.x (unpack, copy and even get -Dtransitive=false; 3.6.1-3.8.1 tried)
  # reads that descriptor and fails; the 2.8 `get` resolves the tarball alone. So: 2.8 get, then tar.
  gav=io.apicurio:apicurio-registry-app:$INFRA_APICURIO_VERSION:tar.gz:all
  quiet_mvn -f "$POM" org.apache.maven.plugins:maven-dependency-plugin:2.8:get -Dartifact="$gav" -Dtransitive=false
  tarball=$m2_repo/io/apicurio/apicurio-registry-app/$INFRA_APICURIO_VERSION/apicurio-registry-app-$INFRA_APICURIO_VERSION-all.tar.gz
  [ -f "$tarball" ] || die "$gav not found at $tarball after download"
  rm -rf "$APICURIO_DIR" "$APICURIO_DIR.partial"
  mkdir -p "$APICURIO_DIR.partial"
  tar -xzf "$tarball" -C "$APICURIO_DIR.partial"
  mv "$APICURIO_DIR.partial" "$APICURIO_DIR"
  registry_jar >/dev/null || die "no runnable jar in $APICURIO_DIR"
  touch "$apicurio_stamp"
fi

log "fetched in $(since "$t0"): $(find "$KAFKA_LIB" -name '*.jar' | wc -l) Kafka jars in ${KAFKA_LIB#"$REPO_ROOT"/}, Apicurio in ${APICURIO_DIR#"$REPO_ROOT"/}"
