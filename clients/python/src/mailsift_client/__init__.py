"""mailsift-client: the Mailsift API, typed (generated from its OpenAPI document in
``mailsift_client.generated``), with timeouts, retries on 429/503, an ordered bulk helper and the
fail-open ``check_or_allow`` for sign-up forms."""

from .client import BULK_MAX, BulkError, BulkResult, CheckResult, FailedOpen, FailOpenReason, FeedbackAccepted, Mailsift, MailsiftError, ModelStats, Usage

__all__ = ["BULK_MAX", "BulkError", "BulkResult", "CheckResult", "FailOpenReason", "FailedOpen", "FeedbackAccepted", "Mailsift", "MailsiftError", "ModelStats", "Usage"]
