from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="HeadV1StatsResponse200DaysItemModelsBaseline")


@_attrs_define
class HeadV1StatsResponse200DaysItemModelsBaseline:
    """The baseline's prequential scores on that day's outcomes; absent on a day without outcomes

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

        head_v1_stats_response_200_days_item_models_baseline = cls(
            accuracy=accuracy,
            log_loss=log_loss,
            recent_log_loss=recent_log_loss,
        )

        return head_v1_stats_response_200_days_item_models_baseline
