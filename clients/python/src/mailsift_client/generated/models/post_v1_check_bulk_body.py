from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PostV1CheckBulkBody")


@_attrs_define
class PostV1CheckBulkBody:
    """
    Attributes:
        emails (list[str]):
    """

    emails: list[str]

    def to_dict(self) -> dict[str, Any]:
        emails = self.emails

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "emails": emails,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        emails = cast(list[str], d.pop("emails"))

        post_v1_check_bulk_body = cls(
            emails=emails,
        )

        return post_v1_check_bulk_body
