#!/usr/bin/env bash
# CI for clients/python (called by .ci/run after `npm test` built dist/): a venv made inside this
# run and removed after it, the pinned generator's check that regenerating from clients/openapi.json
# changes nothing, then pytest against the real service. Writes a vitest-shaped JSON summary to $1
# (.ci/run adds its counts to the closing line).
set -euo pipefail
cd "$(dirname "$0")/../.."
summary=${1:?usage: ci.sh SUMMARY.json}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONDONTWRITEBYTECODE=1
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet -r clients/python/generator-requirements.txt "./clients/python[test]"
MAILSIFT_CLIENTS_VENV="$work/venv" npx tsx scripts/generate-clients.ts --check --only python
rc=0
"$work/venv/bin/pytest" clients/python -q -p no:cacheprovider --junitxml="$work/junit.xml" || rc=$?
"$work/venv/bin/python" - "$work/junit.xml" "$summary" <<'PY'
import json, sys, xml.etree.ElementTree as ET
cases = list(ET.parse(sys.argv[1]).getroot().iter("testcase")) if __import__("os").path.exists(sys.argv[1]) else []
results = []
for c in cases:
    failure = c.find("failure") if c.find("failure") is not None else c.find("error")
    status = "failed" if failure is not None else "pending" if c.find("skipped") is not None else "passed"
    results.append({"fullName": f"{c.get('classname')}.{c.get('name')}", "status": status, "failureMessages": [failure.get("message", "")] if failure is not None else []})
count = lambda s: sum(1 for r in results if r["status"] == s)
json.dump({"numPassedTests": count("passed"), "numFailedTests": count("failed"), "numPendingTests": count("pending"),
           "testResults": [{"name": "clients/python", "status": "failed" if count("failed") else "passed", "message": "", "assertionResults": results}]}, open(sys.argv[2], "w"))
PY
exit "$rc"
