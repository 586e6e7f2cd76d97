from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PatchV1SettingsBody")


@_attrs_define
class PatchV1SettingsBody:
    """
    Attributes:
        verdict_allow (int | None | Unset): `allow` when human_score >= this (0-100, at least verdict_review); null
            resets it to the service's default
        verdict_review (int | None | Unset): `review` when human_score >= this and below verdict_allow (0-100); `block`
            below; null resets it to the service's default
        signup_hook_secret (None | str | Unset): The Standard Webhooks secret of your sign-up hook (`v1,whsec_<base64>`,
            as Supabase shows it); null removes it. Stored sealed; never shown again
        signup_hook_reject_review (bool | None | Unset): The sign-up hook refuses `review` as well as `block` (default
            false; null resets)
        rate_limit_requests_per_second (int | None | Unset): Requests per second your account may send; at most the
            service's limit for every account (a higher value is 400 naming it); null resets it to the service's limit
        rate_limit_request_burst (int | None | Unset): Requests your account may send at once; at most the service's
            limit for every account (a higher value is 400 naming it); null resets it to the service's limit
        rate_limit_addresses_per_second (int | None | Unset): Addresses your account may check per second (a check costs
            1, a bulk request 1 per address it sends); at most the service's limit for every account (a higher value is 400
            naming it); null resets it to the service's limit
        rate_limit_address_burst (int | None | Unset): Addresses your account may check at once (at least 1000, a bulk
            request's most); at most the service's limit for every account (a higher value is 400 naming it); null resets it
            to the service's limit
    """

    verdict_allow: int | None | Unset = UNSET
    verdict_review: int | None | Unset = UNSET
    signup_hook_secret: None | str | Unset = UNSET
    signup_hook_reject_review: bool | None | Unset = UNSET
    rate_limit_requests_per_second: int | None | Unset = UNSET
    rate_limit_request_burst: int | None | Unset = UNSET
    rate_limit_addresses_per_second: int | None | Unset = UNSET
    rate_limit_address_burst: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        verdict_allow: int | None | Unset
        if isinstance(self.verdict_allow, Unset):
            verdict_allow = UNSET
        else:
            verdict_allow = self.verdict_allow

        verdict_review: int | None | Unset
        if isinstance(self.verdict_review, Unset):
            verdict_review = UNSET
        else:
            verdict_review = self.verdict_review

        signup_hook_secret: None | str | Unset
        if isinstance(self.signup_hook_secret, Unset):
            signup_hook_secret = UNSET
        else:
            signup_hook_secret = self.signup_hook_secret

        signup_hook_reject_review: bool | None | Unset
        if isinstance(self.signup_hook_reject_review, Unset):
            signup_hook_reject_review = UNSET
        else:
            signup_hook_reject_review = self.signup_hook_reject_review

        rate_limit_requests_per_second: int | None | Unset
        if isinstance(self.rate_limit_requests_per_second, Unset):
            rate_limit_requests_per_second = UNSET
        else:
            rate_limit_requests_per_second = self.rate_limit_requests_per_second

        rate_limit_request_burst: int | None | Unset
        if isinstance(self.rate_limit_request_burst, Unset):
            rate_limit_request_burst = UNSET
        else:
            rate_limit_request_burst = self.rate_limit_request_burst

        rate_limit_addresses_per_second: int | None | Unset
        if isinstance(self.rate_limit_addresses_per_second, Unset):
            rate_limit_addresses_per_second = UNSET
        else:
            rate_limit_addresses_per_second = self.rate_limit_addresses_per_second

        rate_limit_address_burst: int | None | Unset
        if isinstance(self.rate_limit_address_burst, Unset):
            rate_limit_address_burst = UNSET
        else:
            rate_limit_address_burst = self.rate_limit_address_burst

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if verdict_allow is not UNSET:
            field_dict["verdict_allow"] = verdict_allow
        if verdict_review is not UNSET:
            field_dict["verdict_review"] = verdict_review
        if signup_hook_secret is not UNSET:
            field_dict["signup_hook_secret"] = signup_hook_secret
        if signup_hook_reject_review is not UNSET:
            field_dict["signup_hook_reject_review"] = signup_hook_reject_review
        if rate_limit_requests_per_second is not UNSET:
            field_dict["rate_limit_requests_per_second"] = (
                rate_limit_requests_per_second
            )
        if rate_limit_request_burst is not UNSET:
            field_dict["rate_limit_request_burst"] = rate_limit_request_burst
        if rate_limit_addresses_per_second is not UNSET:
            field_dict["rate_limit_addresses_per_second"] = (
                rate_limit_addresses_per_second
            )
        if rate_limit_address_burst is not UNSET:
            field_dict["rate_limit_address_burst"] = rate_limit_address_burst

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_verdict_allow(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        verdict_allow = _parse_verdict_allow(d.pop("verdict_allow", UNSET))

        def _parse_verdict_review(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        verdict_review = _parse_verdict_review(d.pop("verdict_review", UNSET))

        def _parse_signup_hook_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        signup_hook_secret = _parse_signup_hook_secret(
            d.pop("signup_hook_secret", UNSET)
        )

        def _parse_signup_hook_reject_review(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        signup_hook_reject_review = _parse_signup_hook_reject_review(
            d.pop("signup_hook_reject_review", UNSET)
        )

        def _parse_rate_limit_requests_per_second(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rate_limit_requests_per_second = _parse_rate_limit_requests_per_second(
            d.pop("rate_limit_requests_per_second", UNSET)
        )

        def _parse_rate_limit_request_burst(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rate_limit_request_burst = _parse_rate_limit_request_burst(
            d.pop("rate_limit_request_burst", UNSET)
        )

        def _parse_rate_limit_addresses_per_second(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rate_limit_addresses_per_second = _parse_rate_limit_addresses_per_second(
            d.pop("rate_limit_addresses_per_second", UNSET)
        )

        def _parse_rate_limit_address_burst(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rate_limit_address_burst = _parse_rate_limit_address_burst(
            d.pop("rate_limit_address_burst", UNSET)
        )

        patch_v1_settings_body = cls(
            verdict_allow=verdict_allow,
            verdict_review=verdict_review,
            signup_hook_secret=signup_hook_secret,
            signup_hook_reject_review=signup_hook_reject_review,
            rate_limit_requests_per_second=rate_limit_requests_per_second,
            rate_limit_request_burst=rate_limit_request_burst,
            rate_limit_addresses_per_second=rate_limit_addresses_per_second,
            rate_limit_address_burst=rate_limit_address_burst,
        )

        return patch_v1_settings_body
