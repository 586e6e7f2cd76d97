from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.get_v1_rules_response_200_rules_item_action import (
    GetV1RulesResponse200RulesItemAction,
)
from ..models.get_v1_rules_response_200_rules_item_type import (
    GetV1RulesResponse200RulesItemType,
)

T = TypeVar("T", bound="GetV1RulesResponse200RulesItem")


@_attrs_define
class GetV1RulesResponse200RulesItem:
    """
    Attributes:
        id (str): rule_ + base64url
        action (GetV1RulesResponse200RulesItemAction): Verdict of a matching check
        type_ (GetV1RulesResponse200RulesItemType): What the rule matches
        value (None | str): The domain, mail provider or TLD as matched (lowercase, ASCII); null for an email rule: the
            address is not kept, only a keyed hash of its inbox
        note (None | str):
        created_at (datetime.datetime):
    """

    id: str
    action: GetV1RulesResponse200RulesItemAction
    type_: GetV1RulesResponse200RulesItemType
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

        action = GetV1RulesResponse200RulesItemAction(d.pop("action"))

        type_ = GetV1RulesResponse200RulesItemType(d.pop("type"))

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

        get_v1_rules_response_200_rules_item = cls(
            id=id,
            action=action,
            type_=type_,
            value=value,
            note=note,
            created_at=created_at,
        )

        return get_v1_rules_response_200_rules_item
