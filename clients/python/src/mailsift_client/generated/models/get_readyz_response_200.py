from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.get_readyz_response_200_status_type_0 import (
    GetReadyzResponse200StatusType0,
)
from ..models.get_readyz_response_200_status_type_1 import (
    GetReadyzResponse200StatusType1,
)

if TYPE_CHECKING:
    from ..models.get_readyz_response_200_checks import GetReadyzResponse200Checks


T = TypeVar("T", bound="GetReadyzResponse200")


@_attrs_define
class GetReadyzResponse200:
    """
    Attributes:
        status (GetReadyzResponse200StatusType0 | GetReadyzResponse200StatusType1): `ready`: every check is ok.
            `degraded`: serving, but a check with `required: false` is not ok (DNS or feeds), so some answer fields are
            absent or null
        checks (GetReadyzResponse200Checks): Each dependency (event log, state, feeds, DNS, Kafka, ...) and whether it
            is usable
    """

    status: GetReadyzResponse200StatusType0 | GetReadyzResponse200StatusType1
    checks: GetReadyzResponse200Checks

    def to_dict(self) -> dict[str, Any]:
        status: str
        if isinstance(self.status, GetReadyzResponse200StatusType0):
            status = self.status.value
        else:
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

        def _parse_status(
            data: object,
        ) -> GetReadyzResponse200StatusType0 | GetReadyzResponse200StatusType1:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_0 = GetReadyzResponse200StatusType0(data)

                return status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            status_type_1 = GetReadyzResponse200StatusType1(data)

            return status_type_1

        status = _parse_status(d.pop("status"))

        checks = GetReadyzResponse200Checks.from_dict(d.pop("checks"))

        get_readyz_response_200 = cls(
            status=status,
            checks=checks,
        )

        return get_readyz_response_200
