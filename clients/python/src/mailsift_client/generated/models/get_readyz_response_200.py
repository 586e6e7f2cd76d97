from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.get_readyz_response_200_status import GetReadyzResponse200Status

if TYPE_CHECKING:
    from ..models.get_readyz_response_200_checks import GetReadyzResponse200Checks


T = TypeVar("T", bound="GetReadyzResponse200")


@_attrs_define
class GetReadyzResponse200:
    """
    Attributes:
        status (GetReadyzResponse200Status):
        checks (GetReadyzResponse200Checks): Each dependency (event log, state, feeds, DNS, Kafka, ...) and whether it
            is usable
    """

    status: GetReadyzResponse200Status
    checks: GetReadyzResponse200Checks

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
        from ..models.get_readyz_response_200_checks import GetReadyzResponse200Checks

        d = dict(src_dict)
        status = GetReadyzResponse200Status(d.pop("status"))

        checks = GetReadyzResponse200Checks.from_dict(d.pop("checks"))

        get_readyz_response_200 = cls(
            status=status,
            checks=checks,
        )

        return get_readyz_response_200
