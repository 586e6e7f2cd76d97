from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

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
        note (None | str | Unset): Your own note (shown in listings; an email rule shows only this, never the address).
            null: no note, as a listing shows it
    """

    action: PostV1RulesBodyAction
    type_: PostV1RulesBodyType
    value: str
    note: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        type_ = self.type_.value

        value = self.value

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
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

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))

        post_v1_rules_body = cls(
            action=action,
            type_=type_,
            value=value,
            note=note,
        )

        return post_v1_rules_body
