from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetV1StatsResponse200DaysItemChecks")


@_attrs_define
class GetV1StatsResponse200DaysItemChecks:
    """Your account's checks that day by verdict (single and bulk; the sum is the day's billed emails)

    Attributes:
        allow (int): Checks answered allow
        review (int): Checks answered review
        block (int): Checks answered block
    """

    allow: int
    review: int
    block: int

    def to_dict(self) -> dict[str, Any]:
        allow = self.allow

        review = self.review

        block = self.block

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "allow": allow,
                "review": review,
                "block": block,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        allow = d.pop("allow")

        review = d.pop("review")

        block = d.pop("block")

        get_v1_stats_response_200_days_item_checks = cls(
            allow=allow,
            review=review,
            block=block,
        )

        return get_v1_stats_response_200_days_item_checks
