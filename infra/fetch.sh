#!/usr/bin/env bash
# Downloads the Kafka jars and the Apicurio distribution from Maven Central into infra/kafka/target, once.
# Maven's own cache (~/.m2) makes a re-download cheap; the stamp makes the common case (everything already
# unpacked for this pom + profile + Apicurio version) skip Maven entirely.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

stamp_value() {
  echo "$(sha256sum "$POM" | cut -c1-16) profile=$INFRA_KAFKA_PROFILE apicurio=$INFRA_APICURIO_VERSION"
}
stamp_file=$TARGET/.stamp-$INFRA_KAFKA_PROFILE-apicurio-$INFRA_APICURIO_VERSION

if [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$(stamp_value)" ] && [ -d "$KAFKA_LIB" ] && [ -d "$APICURIO_DIR" ]; then
  log "jars already in ${TARGET#"$REPO_ROOT"/} ($INFRA_KAFKA_PROFILE, apicurio $INFRA_APICURIO_VERSION): Maven not run"
  exit 0
fi

command -v mvn >/dev/null || die "mvn not found (apt-get install -y maven)"
t0=$(now_ms)
log "fetching $INFRA_KAFKA_PROFILE jars + Apicurio $INFRA_APICURIO_VERSION from Maven Central (cold: ~1 min, ~150 MB)"
rm -rf "$KAFKA_LIB" "$APICURIO_DIR" "$stamp_file"
# an explicit local repository, so that we know where get puts the tarball (INFRA_M2_REPO: e.g. a cold-cache test)
m2_repo=${INFRA_M2_REPO:-$HOME/.m2/repository}
# Maven 3.8 prints bare ANSI resets even in batch mode; strip them (pipefail keeps mvn's exit status)
quiet_mvn() { mvn -B -q --no-transfer-progress -Dmaven.repo.local="$m2_repo" "$@" 2>&1 | sed 's/\x1b\[[0-9;]*m//g'; }
quiet_mvn -f "$POM" -P "$INFRA_KAFKA_PROFILE" package

# Apicurio: apicurio-registry-app-3.0.9.pom names a parent POM (io.apicurio:apicurio-registry:3.0.9) that is not on
# the Central we reach. maven-dependency-plugin 3.x (unpack, copy and even get -Dtransitive=false; 3.6.1-3.8.1 tried)
# reads that descriptor and fails; the 2.8 `get` resolves the tarball alone. So: 2.8 get, then tar.
apicurio_gav=io.apicurio:apicurio-registry-app:$INFRA_APICURIO_VERSION:tar.gz:all
quiet_mvn -f "$POM" org.apache.maven.plugins:maven-dependency-plugin:2.8:get -Dartifact="$apicurio_gav" -Dtransitive=false
tarball=$m2_repo/io/apicurio/apicurio-registry-app/$INFRA_APICURIO_VERSION/apicurio-registry-app-$INFRA_APICURIO_VERSION-all.tar.gz
[ -f "$tarball" ] || die "$apicurio_gav not found at $tarball after download"
rm -rf "$APICURIO_DIR.partial"; mkdir -p "$APICURIO_DIR.partial"
tar -xzf "$tarball" -C "$APICURIO_DIR.partial"
mv "$APICURIO_DIR.partial" "$APICURIO_DIR"

# exactly one slf4j binding, or Kafka would log nothing (no binding) or pick one at random (two)
bindings=$(find "$KAFKA_LIB" -maxdepth 1 \( -name 'log4j-slf4j-impl-*.jar' -o -name 'log4j-slf4j2-impl-*.jar' \
  -o -name 'slf4j-reload4j-*.jar' -o -name 'slf4j-log4j12-*.jar' -o -name 'logback-classic-*.jar' -o -name 'slf4j-simple-*.jar' \) | wc -l)
[ "$bindings" -eq 1 ] || die "expected exactly 1 slf4j binding in $KAFKA_LIB, found $bindings"
registry_jar >/dev/null || die "no runnable jar in $APICURIO_DIR"

stamp_value > "$stamp_file"
log "fetched in $(since "$t0"): $(find "$KAFKA_LIB" -name '*.jar' | wc -l) Kafka jars, Apicurio in ${APICURIO_DIR#"$REPO_ROOT"/}"
