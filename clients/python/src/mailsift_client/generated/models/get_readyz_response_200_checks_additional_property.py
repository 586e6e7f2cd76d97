from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="GetReadyzResponse200ChecksAdditionalProperty")


@_attrs_define
class GetReadyzResponse200ChecksAdditionalProperty:
    """
    Attributes:
        ok (bool):
        required (bool | Unset): Not ok only degrades answers; the service stays ready
        detail (str | Unset):
    """

    ok: bool
    required: bool | Unset = UNSET
    detail: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        ok = self.ok

        required = self.required

        detail = self.detail

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ok": ok,
            }
        )
        if required is not UNSET:
            field_dict["required"] = required
        if detail is not UNSET:
            field_dict["detail"] = detail

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        ok = d.pop("ok")

        required = d.pop("required", UNSET)

        detail = d.pop("detail", UNSET)

        get_readyz_response_200_checks_additional_property = cls(
            ok=ok,
            required=required,
            detail=detail,
        )

        return get_readyz_response_200_checks_additional_property
