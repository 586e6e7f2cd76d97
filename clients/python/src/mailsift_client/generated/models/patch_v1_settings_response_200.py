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
        rate_limit_requests_per_second (int): Requests per second your account may send (the service's limit unless you
            set a lower one)
        rate_limit_request_burst (int): Requests your account may send at once (the service's limit unless you set a
            lower one)
        rate_limit_addresses_per_second (int): Addresses your account may check per second (the service's limit unless
            you set a lower one)
        rate_limit_address_burst (int): Addresses your account may check at once (the service's limit unless you set a
            lower one)
    """

    verdict_allow: int
    verdict_review: int
    signup_hook_secret_set: bool
    signup_hook_reject_review: bool
    rate_limit_requests_per_second: int
    rate_limit_request_burst: int
    rate_limit_addresses_per_second: int
    rate_limit_address_burst: int

    def to_dict(self) -> dict[str, Any]:
        verdict_allow = self.verdict_allow

        verdict_review = self.verdict_review

        signup_hook_secret_set = self.signup_hook_secret_set

        signup_hook_reject_review = self.signup_hook_reject_review

        rate_limit_requests_per_second = self.rate_limit_requests_per_second

        rate_limit_request_burst = self.rate_limit_request_burst

        rate_limit_addresses_per_second = self.rate_limit_addresses_per_second

        rate_limit_address_burst = self.rate_limit_address_burst

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "verdict_allow": verdict_allow,
                "verdict_review": verdict_review,
                "signup_hook_secret_set": signup_hook_secret_set,
                "signup_hook_reject_review": signup_hook_reject_review,
                "rate_limit_requests_per_second": rate_limit_requests_per_second,
                "rate_limit_request_burst": rate_limit_request_burst,
                "rate_limit_addresses_per_second": rate_limit_addresses_per_second,
                "rate_limit_address_burst": rate_limit_address_burst,
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

        rate_limit_requests_per_second = d.pop("rate_limit_requests_per_second")

        rate_limit_request_burst = d.pop("rate_limit_request_burst")

        rate_limit_addresses_per_second = d.pop("rate_limit_addresses_per_second")

        rate_limit_address_burst = d.pop("rate_limit_address_burst")

        patch_v1_settings_response_200 = cls(
            verdict_allow=verdict_allow,
            verdict_review=verdict_review,
            signup_hook_secret_set=signup_hook_secret_set,
            signup_hook_reject_review=signup_hook_reject_review,
            rate_limit_requests_per_second=rate_limit_requests_per_second,
            rate_limit_request_burst=rate_limit_request_burst,
            rate_limit_addresses_per_second=rate_limit_addresses_per_second,
            rate_limit_address_burst=rate_limit_address_burst,
        )

        return patch_v1_settings_response_200
