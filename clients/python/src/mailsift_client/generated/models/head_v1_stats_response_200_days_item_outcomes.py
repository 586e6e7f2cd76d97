from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="HeadV1StatsResponse200DaysItemOutcomes")


@_attrs_define
class HeadV1StatsResponse200DaysItemOutcomes:
    """Outcomes your account reported that day (the first outcome of each check; by the day of the report)

    Attributes:
        real (int): Outcomes reported confirmed or real
        fake (int): Outcomes reported fake, abuse or bounced
    """

    real: int
    fake: int

    def to_dict(self) -> dict[str, Any]:
        real = self.real

        fake = self.fake

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "real": real,
                "fake": fake,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        real = d.pop("real")

        fake = d.pop("fake")

        head_v1_stats_response_200_days_item_outcomes = cls(
            real=real,
            fake=fake,
        )

        return head_v1_stats_response_200_days_item_outcomes
