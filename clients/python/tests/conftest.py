"""Starts the real, built Mailsift service (``node dist/src/main.js serve``, what ``npm start``
runs) on a free port with a temporary data dir, as the repository's own black-box tests do.
``npm test`` (or ``npm run build``) builds it first."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
MAIN = REPO / "dist" / "src" / "main.js"
KEYS = {"acme": "acme-python-key-0123456789", "globex": "globex-python-key-0123456789"}
LISTENING = re.compile(r'"address":"(http://[^"]+)"[^\n]*mailsift API listening')


@dataclass
class Server:
    url: str
    proc: subprocess.Popen[str]
    data_dir: str
    output: list[str] = field(default_factory=list)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGCONT)
            self.proc.terminate()
            self.proc.wait(timeout=30)
        shutil.rmtree(self.data_dir, ignore_errors=True)


def start_server(**env: str) -> Server:
    if not MAIN.exists():
        raise RuntimeError(f"{MAIN} is missing: run `npm run build` in {REPO} first")
    data_dir = tempfile.mkdtemp(prefix="mailsift-py-")
    proc = subprocess.Popen(
        ["node", str(MAIN), "serve"],
        env={
            "PATH": os.environ.get("PATH", ""),
            "HOME": os.environ.get("HOME", ""),
            "PORT": "0",
            "HOST": "127.0.0.1",
            "MAILSIFT_DATA_DIR": data_dir,
            "MAILSIFT_API_KEYS": ",".join(f"{k}={a}" for a, k in KEYS.items()),
            "MAILSIFT_DNS": "off",
            "MAILSIFT_FEEDS": "off",
            **env,
        },
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    server = Server(url="", proc=proc, data_dir=data_dir)
    found = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            server.output.append(line)
            m = LISTENING.search(line)
            if m and not found.is_set():
                server.url = m.group(1)
                found.set()
        found.set()

    threading.Thread(target=read, daemon=True).start()
    if not found.wait(timeout=90) or not server.url:
        server.stop()
        raise RuntimeError("the service did not start:\n" + "".join(server.output))
    return server


def wait_answering(server: Server, timeout: float = 15.0) -> None:
    """After SIGCONT: the stopped seconds count as event-loop delay, and the overload guard
    answers 503 until it has measured anew."""
    import time

    import httpx

    until = time.monotonic() + timeout
    while True:
        try:
            if httpx.get(f"{server.url}/v1/usage", headers={"authorization": f"Bearer {KEYS['acme']}"}, timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if time.monotonic() > until:
            raise RuntimeError("the service did not answer again after SIGCONT")
        time.sleep(0.1)


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    s = start_server(MAILSIFT_RATE_LIMIT_RPS="100000", MAILSIFT_RATE_LIMIT_BURST="100000")
    yield s
    s.stop()


@pytest.fixture(scope="session")
def limited() -> Iterator[Server]:
    s = start_server(MAILSIFT_RATE_LIMIT_RPS="1", MAILSIFT_RATE_LIMIT_BURST="1")
    yield s
    s.stop()
