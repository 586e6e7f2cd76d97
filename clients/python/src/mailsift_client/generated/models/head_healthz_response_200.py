from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.head_healthz_response_200_status import HeadHealthzResponse200Status

T = TypeVar("T", bound="HeadHealthzResponse200")


@_attrs_define
class HeadHealthzResponse200:
    """
    Attributes:
        status (HeadHealthzResponse200Status):
    """

    status: HeadHealthzResponse200Status

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = HeadHealthzResponse200Status(d.pop("status"))

        head_healthz_response_200 = cls(
            status=status,
        )

        return head_healthz_response_200
