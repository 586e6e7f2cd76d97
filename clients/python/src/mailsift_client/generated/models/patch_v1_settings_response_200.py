from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PatchV1SettingsResponse200")


@_attrs_define
class PatchV1SettingsResponse200:
    """
    Attributes:
        verdict_allow (int): Your account's allow threshold (the service's default unless you set one)
        verdict_review (int): Your account's review threshold (the service's default unless you set one)
    """

    verdict_allow: int
    verdict_review: int

    def to_dict(self) -> dict[str, Any]:
        verdict_allow = self.verdict_allow

        verdict_review = self.verdict_review

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "verdict_allow": verdict_allow,
                "verdict_review": verdict_review,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        verdict_allow = d.pop("verdict_allow")

        verdict_review = d.pop("verdict_review")

        patch_v1_settings_response_200 = cls(
            verdict_allow=verdict_allow,
            verdict_review=verdict_review,
        )

        return patch_v1_settings_response_200
