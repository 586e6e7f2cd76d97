from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.post_v1_check_bulk_response_200_results_item_type_0 import (
        PostV1CheckBulkResponse200ResultsItemType0,
    )
    from ..models.post_v1_check_bulk_response_200_results_item_type_1 import (
        PostV1CheckBulkResponse200ResultsItemType1,
    )


T = TypeVar("T", bound="PostV1CheckBulkResponse200")


@_attrs_define
class PostV1CheckBulkResponse200:
    """
    Attributes:
        results (list[PostV1CheckBulkResponse200ResultsItemType0 | PostV1CheckBulkResponse200ResultsItemType1]): One
            entry per input, in input order: a result, or {input, error} for an invalid address
    """

    results: list[
        PostV1CheckBulkResponse200ResultsItemType0
        | PostV1CheckBulkResponse200ResultsItemType1
    ]

    def to_dict(self) -> dict[str, Any]:
        from ..models.post_v1_check_bulk_response_200_results_item_type_0 import (
            PostV1CheckBulkResponse200ResultsItemType0,
        )

        results = []
        for results_item_data in self.results:
            results_item: dict[str, Any]
            if isinstance(
                results_item_data, PostV1CheckBulkResponse200ResultsItemType0
            ):
                results_item = results_item_data.to_dict()
            else:
                results_item = results_item_data.to_dict()

            results.append(results_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "results": results,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.post_v1_check_bulk_response_200_results_item_type_0 import (
            PostV1CheckBulkResponse200ResultsItemType0,
        )
        from ..models.post_v1_check_bulk_response_200_results_item_type_1 import (
            PostV1CheckBulkResponse200ResultsItemType1,
        )

        d = dict(src_dict)
        results = []
        _results = d.pop("results")
        for results_item_data in _results:

            def _parse_results_item(
                data: object,
            ) -> (
                PostV1CheckBulkResponse200ResultsItemType0
                | PostV1CheckBulkResponse200ResultsItemType1
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    results_item_type_0 = (
                        PostV1CheckBulkResponse200ResultsItemType0.from_dict(data)
                    )

                    return results_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                results_item_type_1 = (
                    PostV1CheckBulkResponse200ResultsItemType1.from_dict(data)
                )

                return results_item_type_1

            results_item = _parse_results_item(results_item_data)

            results.append(results_item)

        post_v1_check_bulk_response_200 = cls(
            results=results,
        )

        return post_v1_check_bulk_response_200
