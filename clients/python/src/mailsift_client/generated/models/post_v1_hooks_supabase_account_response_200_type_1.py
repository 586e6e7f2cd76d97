from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.post_v1_hooks_supabase_account_response_200_type_1_error import (
        PostV1HooksSupabaseAccountResponse200Type1Error,
    )


T = TypeVar("T", bound="PostV1HooksSupabaseAccountResponse200Type1")


@_attrs_define
class PostV1HooksSupabaseAccountResponse200Type1:
    """Refuse: Supabase does not create the user and passes the message to the client

    Attributes:
        error (PostV1HooksSupabaseAccountResponse200Type1Error):
    """

    error: PostV1HooksSupabaseAccountResponse200Type1Error

    def to_dict(self) -> dict[str, Any]:
        error = self.error.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.post_v1_hooks_supabase_account_response_200_type_1_error import (
            PostV1HooksSupabaseAccountResponse200Type1Error,
        )

        d = dict(src_dict)
        error = PostV1HooksSupabaseAccountResponse200Type1Error.from_dict(
            d.pop("error")
        )

        post_v1_hooks_supabase_account_response_200_type_1 = cls(
            error=error,
        )

        return post_v1_hooks_supabase_account_response_200_type_1
