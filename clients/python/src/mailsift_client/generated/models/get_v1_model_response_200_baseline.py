from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetV1ModelResponse200Baseline")


@_attrs_define
class GetV1ModelResponse200Baseline:
    """The baseline's prequential scores, on the outcomes the learned model described is judged on for you: your own, or
    every account's with each account's weight capped (MAILSIFT_MAX_ACCOUNT_SHARE). All 0 before any outcome

        Attributes:
            accuracy (float):
            log_loss (float):
            recent_log_loss (float):
    """

    accuracy: float
    log_loss: float
    recent_log_loss: float

    def to_dict(self) -> dict[str, Any]:
        accuracy = self.accuracy

        log_loss = self.log_loss

        recent_log_loss = self.recent_log_loss

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "accuracy": accuracy,
                "log_loss": log_loss,
                "recent_log_loss": recent_log_loss,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        accuracy = d.pop("accuracy")

        log_loss = d.pop("log_loss")

        recent_log_loss = d.pop("recent_log_loss")

        get_v1_model_response_200_baseline = cls(
            accuracy=accuracy,
            log_loss=log_loss,
            recent_log_loss=recent_log_loss,
        )

        return get_v1_model_response_200_baseline
