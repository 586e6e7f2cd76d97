from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.head_readyz_response_200_status import HeadReadyzResponse200Status

if TYPE_CHECKING:
    from ..models.head_readyz_response_200_checks import HeadReadyzResponse200Checks


T = TypeVar("T", bound="HeadReadyzResponse200")


@_attrs_define
class HeadReadyzResponse200:
    """
    Attributes:
        status (HeadReadyzResponse200Status):
        checks (HeadReadyzResponse200Checks): Each dependency (event log, state, feeds, DNS, Kafka, ...) and whether it
            is usable
    """

    status: HeadReadyzResponse200Status
    checks: HeadReadyzResponse200Checks

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        checks = self.checks.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "checks": checks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.head_readyz_response_200_checks import HeadReadyzResponse200Checks

        d = dict(src_dict)
        status = HeadReadyzResponse200Status(d.pop("status"))

        checks = HeadReadyzResponse200Checks.from_dict(d.pop("checks"))

        head_readyz_response_200 = cls(
            status=status,
            checks=checks,
        )

        return head_readyz_response_200
