from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PostV1HooksSupabaseAccountResponse200Type1Error")


@_attrs_define
class PostV1HooksSupabaseAccountResponse200Type1Error:
    """
    Attributes:
        http_code (int):
        message (str):
    """

    http_code: int
    message: str

    def to_dict(self) -> dict[str, Any]:
        http_code = self.http_code

        message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "http_code": http_code,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        http_code = d.pop("http_code")

        message = d.pop("message")

        post_v1_hooks_supabase_account_response_200_type_1_error = cls(
            http_code=http_code,
            message=message,
        )

        return post_v1_hooks_supabase_account_response_200_type_1_error
