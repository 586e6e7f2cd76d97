from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.post_v1_rules_body_action import PostV1RulesBodyAction
from ..models.post_v1_rules_body_type import PostV1RulesBodyType
from ..types import UNSET, Unset

T = TypeVar("T", bound="PostV1RulesBody")


@_attrs_define
class PostV1RulesBody:
    """
    Attributes:
        action (PostV1RulesBodyAction): What a matching check answers as its verdict
        type_ (PostV1RulesBodyType): What the rule matches: email (every spelling of the inbox), domain (and its
            subdomains), mail_provider, tld. The most specific matching rule wins, in this order
        value (str): An address (email), a domain (example.com), a mail_provider value (google, ...), a TLD without the
            dot (xyz)
        note (str | Unset): Your own note (shown in listings; an email rule shows only this, never the address)
    """

    action: PostV1RulesBodyAction
    type_: PostV1RulesBodyType
    value: str
    note: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        type_ = self.type_.value

        value = self.value

        note = self.note

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "type": type_,
                "value": value,
            }
        )
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        action = PostV1RulesBodyAction(d.pop("action"))

        type_ = PostV1RulesBodyType(d.pop("type"))

        value = d.pop("value")

        note = d.pop("note", UNSET)

        post_v1_rules_body = cls(
            action=action,
            type_=type_,
            value=value,
            note=note,
        )

        return post_v1_rules_body
