from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetV1UsageResponse200DaysItem")


@_attrs_define
class GetV1UsageResponse200DaysItem:
    """
    Attributes:
        date (str):
        emails (int):
    """

    date: str
    emails: int

    def to_dict(self) -> dict[str, Any]:
        date = self.date

        emails = self.emails

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "date": date,
                "emails": emails,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        date = d.pop("date")

        emails = d.pop("emails")

        get_v1_usage_response_200_days_item = cls(
            date=date,
            emails=emails,
        )

        return get_v1_usage_response_200_days_item
