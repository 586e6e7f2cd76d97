from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.post_v1_feedback_body_outcome import PostV1FeedbackBodyOutcome
from ..types import UNSET, Unset

T = TypeVar("T", bound="PostV1FeedbackBody")


@_attrs_define
class PostV1FeedbackBody:
    """
    Attributes:
        outcome (PostV1FeedbackBodyOutcome): confirmed/real = a real person; fake/abuse/bounced = not
        check_id (str | Unset): chk_ + base64url, 100-140 characters
        email (str | Unset):
    """

    outcome: PostV1FeedbackBodyOutcome
    check_id: str | Unset = UNSET
    email: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        outcome = self.outcome.value

        check_id = self.check_id

        email = self.email

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "outcome": outcome,
            }
        )
        if check_id is not UNSET:
            field_dict["check_id"] = check_id
        if email is not UNSET:
            field_dict["email"] = email

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        outcome = PostV1FeedbackBodyOutcome(d.pop("outcome"))

        check_id = d.pop("check_id", UNSET)

        email = d.pop("email", UNSET)

        post_v1_feedback_body = cls(
            outcome=outcome,
            check_id=check_id,
            email=email,
        )

        return post_v1_feedback_body
