from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.post_v1_rules_response_201_action import PostV1RulesResponse201Action
from ..models.post_v1_rules_response_201_type import PostV1RulesResponse201Type

T = TypeVar("T", bound="PostV1RulesResponse201")


@_attrs_define
class PostV1RulesResponse201:
    """
    Attributes:
        id (str): rule_ + base64url
        action (PostV1RulesResponse201Action): Verdict of a matching check
        type_ (PostV1RulesResponse201Type): What the rule matches
        value (None | str): The domain, mail provider or TLD as matched (lowercase, ASCII); null for an email rule: the
            address is not kept, only a keyed hash of its inbox
        note (None | str):
        created_at (datetime.datetime):
    """

    id: str
    action: PostV1RulesResponse201Action
    type_: PostV1RulesResponse201Type
    value: None | str
    note: None | str
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        action = self.action.value

        type_ = self.type_.value

        value: None | str
        value = self.value

        note: None | str
        note = self.note

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "action": action,
                "type": type_,
                "value": value,
                "note": note,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        action = PostV1RulesResponse201Action(d.pop("action"))

        type_ = PostV1RulesResponse201Type(d.pop("type"))

        def _parse_value(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        value = _parse_value(d.pop("value"))

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        post_v1_rules_response_201 = cls(
            id=id,
            action=action,
            type_=type_,
            value=value,
            note=note,
            created_at=created_at,
        )

        return post_v1_rules_response_201
