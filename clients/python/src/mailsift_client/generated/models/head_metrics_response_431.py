from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="HeadMetricsResponse431")


@_attrs_define
class HeadMetricsResponse431:
    """Request headers over 16 KiB (the URL counts: an over-long email in the query)

    Attributes:
        error (str):
    """

    error: str

    def to_dict(self) -> dict[str, Any]:
        error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        error = d.pop("error")

        head_metrics_response_431 = cls(
            error=error,
        )

        return head_metrics_response_431
