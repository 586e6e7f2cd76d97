from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.get_v1_check_response_200_rule_action import (
    GetV1CheckResponse200RuleAction,
)

T = TypeVar("T", bound="GetV1CheckResponse200Rule")


@_attrs_define
class GetV1CheckResponse200Rule:
    """Present when one of your rules matched: it set the verdict (human_score stays the model's); reasons starts with
    rule_<action>

        Attributes:
            id (str):
            action (GetV1CheckResponse200RuleAction): The verdict the rule sets
    """

    id: str
    action: GetV1CheckResponse200RuleAction

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        action = self.action.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "action": action,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        action = GetV1CheckResponse200RuleAction(d.pop("action"))

        get_v1_check_response_200_rule = cls(
            id=id,
            action=action,
        )

        return get_v1_check_response_200_rule
