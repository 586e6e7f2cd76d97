"""Mailsift: the generated, typed API (``mailsift_client.generated``) with what a caller needs on
top: a time limit per call, retries on 429/503 that honour ``Retry-After``, a bulk helper that
splits any list into requests of 1,000 and keeps input order, and ``check_or_allow``, the
fail-open check for sign-up forms."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Literal, TypeVar

import httpx

from .generated import AuthenticatedClient
from .generated.api.account import get_v1_usage
from .generated.api.checks import post_v1_check, post_v1_check_bulk
from .generated.api.feedback import post_v1_feedback
from .generated.api.model import get_v1_model
from .generated.models.get_v1_model_response_200 import GetV1ModelResponse200 as ModelStats
from .generated.models.get_v1_usage_response_200 import GetV1UsageResponse200 as Usage
from .generated.models.post_v1_check_body import PostV1CheckBody
from .generated.models.post_v1_check_bulk_body import PostV1CheckBulkBody
from .generated.models.post_v1_check_bulk_response_200_results_item_type_0 import (
    PostV1CheckBulkResponse200ResultsItemType0 as BulkResult,
)
from .generated.models.post_v1_check_bulk_response_200_results_item_type_1 import (
    PostV1CheckBulkResponse200ResultsItemType1 as BulkError,
)
from .generated.models.post_v1_check_response_200 import PostV1CheckResponse200 as CheckResult
from .generated.models.post_v1_feedback_body import PostV1FeedbackBody
from .generated.models.post_v1_feedback_body_outcome import PostV1FeedbackBodyOutcome
from .generated.models.post_v1_feedback_response_202 import PostV1FeedbackResponse202 as FeedbackAccepted
from .generated.types import UNSET, Response

T = TypeVar("T")
BULK_MAX = 1000
FailOpenReason = Literal["timeout", "unavailable", "rate_limited", "network", "rejected"]


class MailsiftError(Exception):
    """A call that failed: the service's ``{error}`` message and status, or why no answer came."""

    def __init__(self, message: str, *, kind: Literal["http", "timeout", "network"], status: int | None = None, retry_after: float | None = None):
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.status = status
        #: seconds, from ``Retry-After`` on 429/503
        self.retry_after = retry_after

    @property
    def retryable(self) -> bool:
        return self.status in (429, 503)


@dataclass(frozen=True)
class FailedOpen:
    """What ``check_or_allow`` answers when Mailsift is slow, down, overloaded or refuses the key."""

    reason: FailOpenReason
    error: str
    verdict: Literal["allow"] = "allow"
    failed_open: Literal[True] = True


class Mailsift:
    """``Mailsift(api_key, base_url=...)``; ``.api`` is the generated client for any other route."""

    def __init__(self, api_key: str, base_url: str = "http://127.0.0.1:8080", *, timeout: float = 10.0, retries: int = 2, max_retry_wait: float = 30.0):
        self.api = AuthenticatedClient(base_url=base_url.rstrip("/"), token=api_key, timeout=httpx.Timeout(timeout))
        self.retries = retries
        self.max_retry_wait = max_retry_wait

    # -- typed calls -------------------------------------------------------------------------

    def check(self, email: str, *, ip: str | None = None, explain: bool = False) -> CheckResult:
        body = PostV1CheckBody(email=email, ip=UNSET if ip is None else ip, explain=explain)
        return self._call(lambda c: post_v1_check.sync_detailed(client=c, body=body), CheckResult)

    def bulk(self, emails: Sequence[str]) -> list[BulkResult | BulkError]:
        """Up to 1,000 addresses in one request."""
        body = PostV1CheckBulkBody(emails=list(emails))
        return list(self._call(lambda c: post_v1_check_bulk.sync_detailed(client=c, body=body), object).results)  # type: ignore[attr-defined]

    def check_bulk(self, emails: Sequence[str], *, concurrency: int = 2) -> list[BulkResult | BulkError]:
        """Any number of addresses: requests of 1,000, ``concurrency`` at once, results in input order."""
        chunks = [list(emails[i : i + BULK_MAX]) for i in range(0, len(emails), BULK_MAX)]
        if not chunks:
            return []
        with ThreadPoolExecutor(max_workers=max(1, min(concurrency, len(chunks)))) as pool:
            answers = list(pool.map(self.bulk, chunks))  # map keeps the order of its inputs
        for chunk, got in zip(chunks, answers):
            if len(got) != len(chunk):
                raise MailsiftError(f"bulk: {len(got)} results for {len(chunk)} addresses", kind="http")
        return [entry for got in answers for entry in got]

    def feedback(self, outcome: str, *, check_id: str | None = None, email: str | None = None) -> FeedbackAccepted:
        body = PostV1FeedbackBody(outcome=PostV1FeedbackBodyOutcome(outcome), check_id=UNSET if check_id is None else check_id, email=UNSET if email is None else email)
        return self._call(lambda c: post_v1_feedback.sync_detailed(client=c, body=body), FeedbackAccepted)

    def usage(self, from_: str | None = None, to: str | None = None) -> Usage:
        return self._call(lambda c: get_v1_usage.sync_detailed(client=c, from_=UNSET if from_ is None else from_, to=UNSET if to is None else to), Usage)

    def model(self) -> ModelStats:
        return self._call(lambda c: get_v1_model.sync_detailed(client=c), ModelStats)

    # -- fail-open ---------------------------------------------------------------------------

    def check_or_allow(self, email: str, *, timeout: float = 1.5, ip: str | None = None) -> CheckResult | FailedOpen:
        """The check a sign-up form makes when Mailsift must never be why a real person cannot sign
        up: the CheckResult when it comes within ``timeout`` seconds (retries included), else a
        synthetic allow (``FailedOpen``) saying why. An address the service calls invalid (400)
        raises MailsiftError: that is an answer about the address, not an outage."""
        deadline = time.monotonic() + timeout
        body = PostV1CheckBody(email=email, ip=UNSET if ip is None else ip)
        try:
            return self._call(lambda c: post_v1_check.sync_detailed(client=c, body=body), CheckResult, deadline=deadline)
        except MailsiftError as err:
            if err.status == 400:
                raise
            return FailedOpen(reason=_reason(err), error=err.message)

    # -- one call with its retries ------------------------------------------------------------

    def _call(self, send: Callable[[AuthenticatedClient], Response[object]], expected: type[T] | type[object], *, deadline: float | None = None) -> T:
        for attempt in range(self.retries + 1):
            client = self.api
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise MailsiftError("no answer in time", kind="timeout")
                client = self.api.with_timeout(httpx.Timeout(left))
            try:
                r = send(client)
            except httpx.TimeoutException as err:
                # not retried: the check may have been recorded
                raise MailsiftError("no answer in time", kind="timeout") from err
            except httpx.ConnectError as err:
                failure = MailsiftError(f"cannot reach the service: {err}", kind="network")
            except httpx.HTTPError as err:
                raise MailsiftError(f"the connection failed: {err}", kind="network") from err
            except (KeyError, ValueError, TypeError) as err:
                # an answer the generated types cannot read: a service newer than this client
                raise MailsiftError(f"the answer does not fit this client's types (upgrade mailsift-client): {err!r}", kind="http") from err
            else:
                if 200 <= r.status_code < 300 and r.parsed is not None:
                    return r.parsed  # type: ignore[return-value]
                failure = MailsiftError(_message(r), kind="http", status=r.status_code, retry_after=_retry_after(r.headers.get("retry-after")))
                if not failure.retryable:
                    raise failure
            wait = failure.retry_after if failure.retry_after is not None else 1.0
            fits = deadline is None or time.monotonic() + wait < deadline
            if attempt >= self.retries or wait > self.max_retry_wait or not fits:
                raise failure
            time.sleep(wait)
        raise AssertionError("unreachable")


def _message(r: Response[object]) -> str:
    error = getattr(r.parsed, "error", None)
    if isinstance(error, str):
        return error
    return f"HTTP {int(r.status_code)}"


def _retry_after(header: str | None) -> float | None:
    if header is None:
        return None
    try:
        return max(0.0, float(header))
    except ValueError:
        from email.utils import parsedate_to_datetime

        try:
            return max(0.0, parsedate_to_datetime(header).timestamp() - time.time())
        except (TypeError, ValueError):
            return None


def _reason(err: MailsiftError) -> FailOpenReason:
    if err.kind in ("timeout", "network"):
        return err.kind  # type: ignore[return-value]
    if err.status == 429:
        return "rate_limited"
    if err.status is not None and err.status >= 500:
        return "unavailable"
    return "rejected"
