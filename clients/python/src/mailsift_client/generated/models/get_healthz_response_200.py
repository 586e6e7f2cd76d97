from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.get_healthz_response_200_status import GetHealthzResponse200Status

T = TypeVar("T", bound="GetHealthzResponse200")


@_attrs_define
class GetHealthzResponse200:
    """
    Attributes:
        status (GetHealthzResponse200Status):
    """

    status: GetHealthzResponse200Status

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
        status = GetHealthzResponse200Status(d.pop("status"))

        get_healthz_response_200 = cls(
            status=status,
        )

        return get_healthz_response_200
