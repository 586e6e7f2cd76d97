from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.post_v1_check_bulk_response_200_results_item_type_0_account_type import (
    PostV1CheckBulkResponse200ResultsItemType0AccountType,
)
from ..models.post_v1_check_bulk_response_200_results_item_type_0_domain_pattern import (
    PostV1CheckBulkResponse200ResultsItemType0DomainPattern,
)
from ..models.post_v1_check_bulk_response_200_results_item_type_0_mail_provider import (
    PostV1CheckBulkResponse200ResultsItemType0MailProvider,
)
from ..models.post_v1_check_bulk_response_200_results_item_type_0_reasons_item import (
    PostV1CheckBulkResponse200ResultsItemType0ReasonsItem,
)
from ..models.post_v1_check_bulk_response_200_results_item_type_0_verdict import (
    PostV1CheckBulkResponse200ResultsItemType0Verdict,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.post_v1_check_bulk_response_200_results_item_type_0_rule import (
        PostV1CheckBulkResponse200ResultsItemType0Rule,
    )


T = TypeVar("T", bound="PostV1CheckBulkResponse200ResultsItemType0")


@_attrs_define
class PostV1CheckBulkResponse200ResultsItemType0:
    """
    Attributes:
        email (str): The input address, trimmed and lowercased
        canonical (str): The inbox the address really reaches
        account_type (PostV1CheckBulkResponse200ResultsItemType0AccountType): Kind of mailbox
        human_score (int):
        verdict (PostV1CheckBulkResponse200ResultsItemType0Verdict): From human_score: allow >= 60, review 30-59, block
            < 30 by default (MAILSIFT_VERDICT_*, or your account's settings); or your matching rule's action
        reasons (list[PostV1CheckBulkResponse200ResultsItemType0ReasonsItem]): Reason codes, most influential first
        check_id (str):
        model (str):
        did_you_mean (str | Unset): Suggested address when the domain looks like a typo
        role_account (bool | Unset):
        disposable (bool | Unset):
        relay (bool | Unset):
        deliverable_domain (bool | None | Unset): Null when DNS could not answer
        mail_provider (PostV1CheckBulkResponse200ResultsItemType0MailProvider | Unset): Mail provider from the MX hosts
        domain_age_days (int | Unset):
        domain_pattern (PostV1CheckBulkResponse200ResultsItemType0DomainPattern | Unset): Company domains only
        alias_variants (int | Unset):
        recent_signups (int | Unset): Unique inboxes at the domain in about the last 10 minutes across all customers,
            each customer's counted as its own (shown from 20)
        domain_fake_rate (float | Unset): Share of fake outcomes other customers reported at this domain: each
            customer's own share, none weighing more than its capped share (MAILSIFT_MAX_ACCOUNT_SHARE). Shown once 2 have
            reported; never at the big free-mail domains
        feedback_wanted (bool | Unset):
        rule (PostV1CheckBulkResponse200ResultsItemType0Rule | Unset): Present when one of your rules matched: it set
            the verdict (human_score stays the model's); reasons starts with rule_<action>
        test (bool | Unset): Made with a test key: not billed, not counted in any window, not learned from
    """

    email: str
    canonical: str
    account_type: PostV1CheckBulkResponse200ResultsItemType0AccountType
    human_score: int
    verdict: PostV1CheckBulkResponse200ResultsItemType0Verdict
    reasons: list[PostV1CheckBulkResponse200ResultsItemType0ReasonsItem]
    check_id: str
    model: str
    did_you_mean: str | Unset = UNSET
    role_account: bool | Unset = UNSET
    disposable: bool | Unset = UNSET
    relay: bool | Unset = UNSET
    deliverable_domain: bool | None | Unset = UNSET
    mail_provider: PostV1CheckBulkResponse200ResultsItemType0MailProvider | Unset = (
        UNSET
    )
    domain_age_days: int | Unset = UNSET
    domain_pattern: PostV1CheckBulkResponse200ResultsItemType0DomainPattern | Unset = (
        UNSET
    )
    alias_variants: int | Unset = UNSET
    recent_signups: int | Unset = UNSET
    domain_fake_rate: float | Unset = UNSET
    feedback_wanted: bool | Unset = UNSET
    rule: PostV1CheckBulkResponse200ResultsItemType0Rule | Unset = UNSET
    test: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        canonical = self.canonical

        account_type = self.account_type.value

        human_score = self.human_score

        verdict = self.verdict.value

        reasons = []
        for reasons_item_data in self.reasons:
            reasons_item = reasons_item_data.value
            reasons.append(reasons_item)

        check_id = self.check_id

        model = self.model

        did_you_mean = self.did_you_mean

        role_account = self.role_account

        disposable = self.disposable

        relay = self.relay

        deliverable_domain: bool | None | Unset
        if isinstance(self.deliverable_domain, Unset):
            deliverable_domain = UNSET
        else:
            deliverable_domain = self.deliverable_domain

        mail_provider: str | Unset = UNSET
        if not isinstance(self.mail_provider, Unset):
            mail_provider = self.mail_provider.value

        domain_age_days = self.domain_age_days

        domain_pattern: str | Unset = UNSET
        if not isinstance(self.domain_pattern, Unset):
            domain_pattern = self.domain_pattern.value

        alias_variants = self.alias_variants

        recent_signups = self.recent_signups

        domain_fake_rate = self.domain_fake_rate

        feedback_wanted = self.feedback_wanted

        rule: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rule, Unset):
            rule = self.rule.to_dict()

        test = self.test

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
                "canonical": canonical,
                "account_type": account_type,
                "human_score": human_score,
                "verdict": verdict,
                "reasons": reasons,
                "check_id": check_id,
                "model": model,
            }
        )
        if did_you_mean is not UNSET:
            field_dict["did_you_mean"] = did_you_mean
        if role_account is not UNSET:
            field_dict["role_account"] = role_account
        if disposable is not UNSET:
            field_dict["disposable"] = disposable
        if relay is not UNSET:
            field_dict["relay"] = relay
        if deliverable_domain is not UNSET:
            field_dict["deliverable_domain"] = deliverable_domain
        if mail_provider is not UNSET:
            field_dict["mail_provider"] = mail_provider
        if domain_age_days is not UNSET:
            field_dict["domain_age_days"] = domain_age_days
        if domain_pattern is not UNSET:
            field_dict["domain_pattern"] = domain_pattern
        if alias_variants is not UNSET:
            field_dict["alias_variants"] = alias_variants
        if recent_signups is not UNSET:
            field_dict["recent_signups"] = recent_signups
        if domain_fake_rate is not UNSET:
            field_dict["domain_fake_rate"] = domain_fake_rate
        if feedback_wanted is not UNSET:
            field_dict["feedback_wanted"] = feedback_wanted
        if rule is not UNSET:
            field_dict["rule"] = rule
        if test is not UNSET:
            field_dict["test"] = test

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.post_v1_check_bulk_response_200_results_item_type_0_rule import (
            PostV1CheckBulkResponse200ResultsItemType0Rule,
        )

        d = dict(src_dict)
        email = d.pop("email")

        canonical = d.pop("canonical")

        account_type = PostV1CheckBulkResponse200ResultsItemType0AccountType(
            d.pop("account_type")
        )

        human_score = d.pop("human_score")

        verdict = PostV1CheckBulkResponse200ResultsItemType0Verdict(d.pop("verdict"))

        reasons = []
        _reasons = d.pop("reasons")
        for reasons_item_data in _reasons:
            reasons_item = PostV1CheckBulkResponse200ResultsItemType0ReasonsItem(
                reasons_item_data
            )

            reasons.append(reasons_item)

        check_id = d.pop("check_id")

        model = d.pop("model")

        did_you_mean = d.pop("did_you_mean", UNSET)

        role_account = d.pop("role_account", UNSET)

        disposable = d.pop("disposable", UNSET)

        relay = d.pop("relay", UNSET)

        def _parse_deliverable_domain(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        deliverable_domain = _parse_deliverable_domain(
            d.pop("deliverable_domain", UNSET)
        )

        _mail_provider = d.pop("mail_provider", UNSET)
        mail_provider: PostV1CheckBulkResponse200ResultsItemType0MailProvider | Unset
        if isinstance(_mail_provider, Unset):
            mail_provider = UNSET
        else:
            mail_provider = PostV1CheckBulkResponse200ResultsItemType0MailProvider(
                _mail_provider
            )

        domain_age_days = d.pop("domain_age_days", UNSET)

        _domain_pattern = d.pop("domain_pattern", UNSET)
        domain_pattern: PostV1CheckBulkResponse200ResultsItemType0DomainPattern | Unset
        if isinstance(_domain_pattern, Unset):
            domain_pattern = UNSET
        else:
            domain_pattern = PostV1CheckBulkResponse200ResultsItemType0DomainPattern(
                _domain_pattern
            )

        alias_variants = d.pop("alias_variants", UNSET)

        recent_signups = d.pop("recent_signups", UNSET)

        domain_fake_rate = d.pop("domain_fake_rate", UNSET)

        feedback_wanted = d.pop("feedback_wanted", UNSET)

        _rule = d.pop("rule", UNSET)
        rule: PostV1CheckBulkResponse200ResultsItemType0Rule | Unset
        if isinstance(_rule, Unset):
            rule = UNSET
        else:
            rule = PostV1CheckBulkResponse200ResultsItemType0Rule.from_dict(_rule)

        test = d.pop("test", UNSET)

        post_v1_check_bulk_response_200_results_item_type_0 = cls(
            email=email,
            canonical=canonical,
            account_type=account_type,
            human_score=human_score,
            verdict=verdict,
            reasons=reasons,
            check_id=check_id,
            model=model,
            did_you_mean=did_you_mean,
            role_account=role_account,
            disposable=disposable,
            relay=relay,
            deliverable_domain=deliverable_domain,
            mail_provider=mail_provider,
            domain_age_days=domain_age_days,
            domain_pattern=domain_pattern,
            alias_variants=alias_variants,
            recent_signups=recent_signups,
            domain_fake_rate=domain_fake_rate,
            feedback_wanted=feedback_wanted,
            rule=rule,
            test=test,
        )

        return post_v1_check_bulk_response_200_results_item_type_0
