from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_v1_usage_response_200_days_item import (
        GetV1UsageResponse200DaysItem,
    )


T = TypeVar("T", bound="GetV1UsageResponse200")


@_attrs_define
class GetV1UsageResponse200:
    """
    Attributes:
        account (str):
        from_ (str):
        to (str):
        total (int):
        days (list[GetV1UsageResponse200DaysItem]):
    """

    account: str
    from_: str
    to: str
    total: int
    days: list[GetV1UsageResponse200DaysItem]

    def to_dict(self) -> dict[str, Any]:
        account = self.account

        from_ = self.from_

        to = self.to

        total = self.total

        days = []
        for days_item_data in self.days:
            days_item = days_item_data.to_dict()
            days.append(days_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account": account,
                "from": from_,
                "to": to,
                "total": total,
                "days": days,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_v1_usage_response_200_days_item import (
            GetV1UsageResponse200DaysItem,
        )

        d = dict(src_dict)
        account = d.pop("account")

        from_ = d.pop("from")

        to = d.pop("to")

        total = d.pop("total")

        days = []
        _days = d.pop("days")
        for days_item_data in _days:
            days_item = GetV1UsageResponse200DaysItem.from_dict(days_item_data)

            days.append(days_item)

        get_v1_usage_response_200 = cls(
            account=account,
            from_=from_,
            to=to,
            total=total,
            days=days,
        )

        return get_v1_usage_response_200
