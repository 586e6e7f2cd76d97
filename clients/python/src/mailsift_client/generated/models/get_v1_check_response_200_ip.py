from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.get_v1_check_response_200_ip_datacenter import (
    GetV1CheckResponse200IpDatacenter,
)
from ..models.get_v1_check_response_200_ip_ignored import GetV1CheckResponse200IpIgnored
from ..types import UNSET, Unset

T = TypeVar("T", bound="GetV1CheckResponse200Ip")


@_attrs_define
class GetV1CheckResponse200Ip:
    """
    Attributes:
        datacenter (GetV1CheckResponse200IpDatacenter | Unset): Cloud provider owning the IP
        tor (bool | Unset): IP is a Tor exit (present when the Tor feed is loaded)
        signups_from_ip (int | Unset): Distinct inboxes from this IP at your account in the last hour (an IPv6 address
            counts as its /64: one host or LAN holds it whole)
        ignored (GetV1CheckResponse200IpIgnored | Unset): Why the IP was not used; no other field is then present
    """

    datacenter: GetV1CheckResponse200IpDatacenter | Unset = UNSET
    tor: bool | Unset = UNSET
    signups_from_ip: int | Unset = UNSET
    ignored: GetV1CheckResponse200IpIgnored | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        datacenter: str | Unset = UNSET
        if not isinstance(self.datacenter, Unset):
            datacenter = self.datacenter.value

        tor = self.tor

        signups_from_ip = self.signups_from_ip

        ignored: str | Unset = UNSET
        if not isinstance(self.ignored, Unset):
            ignored = self.ignored.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if datacenter is not UNSET:
            field_dict["datacenter"] = datacenter
        if tor is not UNSET:
            field_dict["tor"] = tor
        if signups_from_ip is not UNSET:
            field_dict["signups_from_ip"] = signups_from_ip
        if ignored is not UNSET:
            field_dict["ignored"] = ignored

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _datacenter = d.pop("datacenter", UNSET)
        datacenter: GetV1CheckResponse200IpDatacenter | Unset
        if isinstance(_datacenter, Unset):
            datacenter = UNSET
        else:
            datacenter = GetV1CheckResponse200IpDatacenter(_datacenter)

        tor = d.pop("tor", UNSET)

        signups_from_ip = d.pop("signups_from_ip", UNSET)

        _ignored = d.pop("ignored", UNSET)
        ignored: GetV1CheckResponse200IpIgnored | Unset
        if isinstance(_ignored, Unset):
            ignored = UNSET
        else:
            ignored = GetV1CheckResponse200IpIgnored(_ignored)

        get_v1_check_response_200_ip = cls(
            datacenter=datacenter,
            tor=tor,
            signups_from_ip=signups_from_ip,
            ignored=ignored,
        )

        return get_v1_check_response_200_ip
