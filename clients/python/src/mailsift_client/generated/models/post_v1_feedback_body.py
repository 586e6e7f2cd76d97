from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.post_v1_feedback_body_outcome import PostV1FeedbackBodyOutcome
from ..types import UNSET, Unset

T = TypeVar("T", bound="PostV1FeedbackBody")


@_attrs_define
class PostV1FeedbackBody:
    """
    Attributes:
        outcome (PostV1FeedbackBodyOutcome): confirmed/real = a real person; fake/abuse/bounced = not
        check_id (None | str | Unset): chk_ + base64url, 100-140 characters. null: not given
        email (None | str | Unset): Used instead of check_id. null: not given
    """

    outcome: PostV1FeedbackBodyOutcome
    check_id: None | str | Unset = UNSET
    email: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        outcome = self.outcome.value

        check_id: None | str | Unset
        if isinstance(self.check_id, Unset):
            check_id = UNSET
        else:
            check_id = self.check_id

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
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

        def _parse_check_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        check_id = _parse_check_id(d.pop("check_id", UNSET))

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        post_v1_feedback_body = cls(
            outcome=outcome,
            check_id=check_id,
            email=email,
        )

        return post_v1_feedback_body
