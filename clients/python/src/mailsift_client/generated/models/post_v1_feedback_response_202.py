from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.post_v1_feedback_response_202_status import (
    PostV1FeedbackResponse202Status,
)

T = TypeVar("T", bound="PostV1FeedbackResponse202")


@_attrs_define
class PostV1FeedbackResponse202:
    """
    Attributes:
        status (PostV1FeedbackResponse202Status):
        check_id (str):
    """

    status: PostV1FeedbackResponse202Status
    check_id: str

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        check_id = self.check_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "check_id": check_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = PostV1FeedbackResponse202Status(d.pop("status"))

        check_id = d.pop("check_id")

        post_v1_feedback_response_202 = cls(
            status=status,
            check_id=check_id,
        )

        return post_v1_feedback_response_202
