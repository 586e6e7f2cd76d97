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
        signup_hook_secret_set (bool): Whether a sign-up hook secret is set (it is never shown)
        signup_hook_reject_review (bool): The sign-up hook refuses `review` as well as `block`
    """

    verdict_allow: int
    verdict_review: int
    signup_hook_secret_set: bool
    signup_hook_reject_review: bool

    def to_dict(self) -> dict[str, Any]:
        verdict_allow = self.verdict_allow

        verdict_review = self.verdict_review

        signup_hook_secret_set = self.signup_hook_secret_set

        signup_hook_reject_review = self.signup_hook_reject_review

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "verdict_allow": verdict_allow,
                "verdict_review": verdict_review,
                "signup_hook_secret_set": signup_hook_secret_set,
                "signup_hook_reject_review": signup_hook_reject_review,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        verdict_allow = d.pop("verdict_allow")

        verdict_review = d.pop("verdict_review")

        signup_hook_secret_set = d.pop("signup_hook_secret_set")

        signup_hook_reject_review = d.pop("signup_hook_reject_review")

        patch_v1_settings_response_200 = cls(
            verdict_allow=verdict_allow,
            verdict_review=verdict_review,
            signup_hook_secret_set=signup_hook_secret_set,
            signup_hook_reject_review=signup_hook_reject_review,
        )

        return patch_v1_settings_response_200
