"""mailsift-client against the real service: typed models, bulk order, errors, retries that honour
Retry-After, and check_or_allow failing open when the service is slow (its process stopped with
SIGSTOP), down, or rate-limited."""

from __future__ import annotations

import signal
import socket
import time

import pytest

from conftest import KEYS, Server, wait_answering
from mailsift_client import BulkError, BulkResult, CheckResult, FailedOpen, Mailsift, MailsiftError
from mailsift_client.generated.models.post_v1_check_response_200_verdict import PostV1CheckResponse200Verdict


@pytest.fixture()
def ms(server: Server) -> Mailsift:
    return Mailsift(KEYS["acme"], server.url)


def test_check_is_a_typed_model(ms: Mailsift) -> None:
    r = ms.check("Ana.Silva+news@gmail.com", explain=True)
    assert isinstance(r, CheckResult)
    assert r.canonical == "anasilva@gmail.com"
    assert isinstance(r.verdict, PostV1CheckResponse200Verdict)
    assert 0 <= r.human_score <= 100
    assert r.check_id.startswith("chk_")
    assert r.evidence and r.evidence[0].signal


def test_check_bulk_splits_into_thousands_and_keeps_order(ms: Mailsift) -> None:
    emails = [f"broken-{i}@" if i % 500 == 7 else f"tom.berg{i}@example-{i % 40}.com" for i in range(2345)]
    before = ms.usage().total
    results = ms.check_bulk(emails, concurrency=3)
    assert len(results) == len(emails)
    for i, r in enumerate(results):
        if i % 500 == 7:
            assert isinstance(r, BulkError) and r.input_ == emails[i]  # `input` is a Python builtin: the generator names it input_
        else:
            assert isinstance(r, BulkResult) and r.email == emails[i]
    assert ms.usage().total - before == 2345 - 5  # invalid addresses are not billed


def test_feedback_usage_model(ms: Mailsift) -> None:
    r = ms.check("eva.novak@yahoo.com")
    accepted = ms.feedback("confirmed", check_id=r.check_id)
    assert (accepted.status.value, accepted.check_id) == ("accepted", r.check_id)
    assert [d.date for d in ms.usage("2026-01-01", "2026-01-02").days] == ["2026-01-01", "2026-01-02"]
    assert ms.model().mode.value in ("off", "on", "auto")


def test_errors_carry_status_and_message(ms: Mailsift, server: Server) -> None:
    with pytest.raises(MailsiftError) as bad:
        ms.check("no-at-sign")
    assert bad.value.status == 400 and bad.value.message.startswith("email: ")
    with pytest.raises(MailsiftError) as unknown:
        Mailsift("no-such-key-0123456789", server.url).model()
    assert (unknown.value.status, unknown.value.message) == (401, "authorization: unknown API key")


def test_429_is_retried_after_retry_after(limited: Server) -> None:
    c = Mailsift(KEYS["acme"], limited.url)
    c.usage()
    t0 = time.monotonic()
    c.usage()  # 429, Retry-After 1, then answered
    assert time.monotonic() - t0 >= 0.9
    impatient = Mailsift(KEYS["globex"], limited.url, retries=0)
    impatient.usage()
    with pytest.raises(MailsiftError) as err:
        impatient.usage()
    assert (err.value.status, err.value.retry_after, err.value.retryable) == (429, 1.0, True)


def test_check_or_allow_answers_when_the_service_does(ms: Mailsift) -> None:
    r = ms.check_or_allow("maria.chen@gmail.com", timeout=5)
    assert isinstance(r, CheckResult) and r.check_id.startswith("chk_")


def test_check_or_allow_fails_open_when_slow(ms: Mailsift, server: Server) -> None:
    server.proc.send_signal(signal.SIGSTOP)
    try:
        t0 = time.monotonic()
        r = ms.check_or_allow("jon.kato@gmail.com", timeout=0.3)
        assert time.monotonic() - t0 < 1.5
        assert r == FailedOpen(reason="timeout", error="no answer in time")
        assert (r.verdict, r.failed_open) == ("allow", True)
    finally:
        server.proc.send_signal(signal.SIGCONT)
        wait_answering(server)


def test_check_or_allow_fails_open_when_down() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    r = Mailsift(KEYS["acme"], f"http://127.0.0.1:{port}").check_or_allow("kim.smith@gmail.com", timeout=0.5)
    assert isinstance(r, FailedOpen) and r.reason == "network"


def test_a_refused_connection_is_retried_a_second_apart() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    for retries, at_least, below in ((0, 0.0, 0.5), (1, 0.9, 5.0)):
        start = time.monotonic()
        with pytest.raises(MailsiftError) as err:
            Mailsift(KEYS["acme"], f"http://127.0.0.1:{port}", retries=retries).check("kim.smith@gmail.com")
        took = time.monotonic() - start
        assert err.value.kind == "network" and at_least <= took < below, (retries, took)


def test_check_or_allow_rate_limited_and_invalid(limited: Server, ms: Mailsift) -> None:
    c = Mailsift(KEYS["acme"], limited.url)
    time.sleep(1.1)
    c.model()
    r = c.check_or_allow("sam.haddad@gmail.com", timeout=0.5)
    assert isinstance(r, FailedOpen) and r.reason == "rate_limited"
    with pytest.raises(MailsiftError) as err:
        ms.check_or_allow("not an address", timeout=5)
    assert err.value.status == 400
