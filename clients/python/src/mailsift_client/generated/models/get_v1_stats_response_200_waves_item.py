from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetV1StatsResponse200WavesItem")


@_attrs_define
class GetV1StatsResponse200WavesItem:
    """
    Attributes:
        domain (str):
        recent_signups (int): Unique inboxes at the domain in about the last 10 minutes across all customers (each
            customer's counted as its own), now
    """

    domain: str
    recent_signups: int

    def to_dict(self) -> dict[str, Any]:
        domain = self.domain

        recent_signups = self.recent_signups

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "domain": domain,
                "recent_signups": recent_signups,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        domain = d.pop("domain")

        recent_signups = d.pop("recent_signups")

        get_v1_stats_response_200_waves_item = cls(
            domain=domain,
            recent_signups=recent_signups,
        )

        return get_v1_stats_response_200_waves_item
