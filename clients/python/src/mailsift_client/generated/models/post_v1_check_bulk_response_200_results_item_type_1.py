from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PostV1CheckBulkResponse200ResultsItemType1")


@_attrs_define
class PostV1CheckBulkResponse200ResultsItemType1:
    """
    Attributes:
        input_ (str):
        error (str):
    """

    input_: str
    error: str

    def to_dict(self) -> dict[str, Any]:
        input_ = self.input_

        error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "input": input_,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        input_ = d.pop("input")

        error = d.pop("error")

        post_v1_check_bulk_response_200_results_item_type_1 = cls(
            input_=input_,
            error=error,
        )

        return post_v1_check_bulk_response_200_results_item_type_1
