from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DeleteV1RulesIdResponse415")


@_attrs_define
class DeleteV1RulesIdResponse415:
    """Body is not JSON, or compressed (Content-Encoding other than identity: send it uncompressed)

    Attributes:
        error (str):
    """

    error: str

    def to_dict(self) -> dict[str, Any]:
        error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        error = d.pop("error")

        delete_v1_rules_id_response_415 = cls(
            error=error,
        )

        return delete_v1_rules_id_response_415
