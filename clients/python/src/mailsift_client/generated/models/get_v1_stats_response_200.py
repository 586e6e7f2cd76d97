from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_v1_stats_response_200_days_item import (
        GetV1StatsResponse200DaysItem,
    )
    from ..models.get_v1_stats_response_200_waves_item import (
        GetV1StatsResponse200WavesItem,
    )


T = TypeVar("T", bound="GetV1StatsResponse200")


@_attrs_define
class GetV1StatsResponse200:
    """
    Attributes:
        account (str):
        from_ (str):
        to (str):
        days (list[GetV1StatsResponse200DaysItem]): Every day of the range in order, empty ones with zeros
        waves (list[GetV1StatsResponse200WavesItem]): Domains where your checks of the last hour met a sign-up wave
            (their answer carried signup_wave), largest first, at most 10
    """

    account: str
    from_: str
    to: str
    days: list[GetV1StatsResponse200DaysItem]
    waves: list[GetV1StatsResponse200WavesItem]

    def to_dict(self) -> dict[str, Any]:
        account = self.account

        from_ = self.from_

        to = self.to

        days = []
        for days_item_data in self.days:
            days_item = days_item_data.to_dict()
            days.append(days_item)

        waves = []
        for waves_item_data in self.waves:
            waves_item = waves_item_data.to_dict()
            waves.append(waves_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account": account,
                "from": from_,
                "to": to,
                "days": days,
                "waves": waves,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_v1_stats_response_200_days_item import (
            GetV1StatsResponse200DaysItem,
        )
        from ..models.get_v1_stats_response_200_waves_item import (
            GetV1StatsResponse200WavesItem,
        )

        d = dict(src_dict)
        account = d.pop("account")

        from_ = d.pop("from")

        to = d.pop("to")

        days = []
        _days = d.pop("days")
        for days_item_data in _days:
            days_item = GetV1StatsResponse200DaysItem.from_dict(days_item_data)

            days.append(days_item)

        waves = []
        _waves = d.pop("waves")
        for waves_item_data in _waves:
            waves_item = GetV1StatsResponse200WavesItem.from_dict(waves_item_data)

            waves.append(waves_item)

        get_v1_stats_response_200 = cls(
            account=account,
            from_=from_,
            to=to,
            days=days,
            waves=waves,
        )

        return get_v1_stats_response_200
