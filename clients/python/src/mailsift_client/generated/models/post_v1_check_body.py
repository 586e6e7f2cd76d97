from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PostV1CheckBody")


@_attrs_define
class PostV1CheckBody:
    """
    Attributes:
        email (str): Email address; at most 254 characters after trimming
        ip (None | str | Unset): Public IPv4 or IPv6 address of the end user. Never stored. Any other string is not an
            error: the result carries ip.ignored. null: not given
        explain (bool | None | Unset): Adds `evidence` (default false; null: not given)
    """

    email: str
    ip: None | str | Unset = UNSET
    explain: bool | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        ip: None | str | Unset
        if isinstance(self.ip, Unset):
            ip = UNSET
        else:
            ip = self.ip

        explain: bool | None | Unset
        if isinstance(self.explain, Unset):
            explain = UNSET
        else:
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

        def _parse_ip(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ip = _parse_ip(d.pop("ip", UNSET))

        def _parse_explain(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        explain = _parse_explain(d.pop("explain", UNSET))

        post_v1_check_body = cls(
            email=email,
            ip=ip,
            explain=explain,
        )

        return post_v1_check_body
