from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PostV1CheckBody")


@_attrs_define
class PostV1CheckBody:
    """
    Attributes:
        email (str): Email address; at most 254 characters after trimming
        ip (str | Unset): Public IPv4 or IPv6 address of the end user. Never stored. Any other string is not an error:
            the result carries ip.ignored
        explain (bool | Unset): Adds `evidence` (default false)
    """

    email: str
    ip: str | Unset = UNSET
    explain: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        ip = self.ip

        explain = self.explain

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
            }
        )
        if ip is not UNSET:
            field_dict["ip"] = ip
        if explain is not UNSET:
            field_dict["explain"] = explain

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        email = d.pop("email")

        ip = d.pop("ip", UNSET)

        explain = d.pop("explain", UNSET)

        post_v1_check_body = cls(
            email=email,
            ip=ip,
            explain=explain,
        )

        return post_v1_check_body
