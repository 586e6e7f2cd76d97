from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.post_v1_check_response_200_evidence_item_signal import (
    PostV1CheckResponse200EvidenceItemSignal,
)

T = TypeVar("T", bound="PostV1CheckResponse200EvidenceItem")


@_attrs_define
class PostV1CheckResponse200EvidenceItem:
    """
    Attributes:
        signal (PostV1CheckResponse200EvidenceItemSignal): Signal name (closed list, README)
        value (float):
        impact (float): Effect on the logit; positive = more likely a real human
    """

    signal: PostV1CheckResponse200EvidenceItemSignal
    value: float
    impact: float

    def to_dict(self) -> dict[str, Any]:
        signal = self.signal.value

        value = self.value

        impact = self.impact

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "signal": signal,
                "value": value,
                "impact": impact,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        signal = PostV1CheckResponse200EvidenceItemSignal(d.pop("signal"))

        value = d.pop("value")

        impact = d.pop("impact")

        post_v1_check_response_200_evidence_item = cls(
            signal=signal,
            value=value,
            impact=impact,
        )

        return post_v1_check_response_200_evidence_item
