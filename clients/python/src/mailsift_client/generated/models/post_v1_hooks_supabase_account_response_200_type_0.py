from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PostV1HooksSupabaseAccountResponse200Type0")


@_attrs_define
class PostV1HooksSupabaseAccountResponse200Type0:
    """Allow: the user is created"""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        post_v1_hooks_supabase_account_response_200_type_0 = cls()

        return post_v1_hooks_supabase_account_response_200_type_0
