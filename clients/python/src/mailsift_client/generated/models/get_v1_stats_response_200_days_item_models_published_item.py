from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.get_v1_stats_response_200_days_item_models_published_item_model import (
    GetV1StatsResponse200DaysItemModelsPublishedItemModel,
)

T = TypeVar("T", bound="GetV1StatsResponse200DaysItemModelsPublishedItem")


@_attrs_define
class GetV1StatsResponse200DaysItemModelsPublishedItem:
    """
    Attributes:
        model (GetV1StatsResponse200DaysItemModelsPublishedItemModel): learned: the shared model; personal: yours
        version (int):
    """

    model: GetV1StatsResponse200DaysItemModelsPublishedItemModel
    version: int

    def to_dict(self) -> dict[str, Any]:
        model = self.model.value

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "model": model,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        model = GetV1StatsResponse200DaysItemModelsPublishedItemModel(d.pop("model"))

        version = d.pop("version")

        get_v1_stats_response_200_days_item_models_published_item = cls(
            model=model,
            version=version,
        )

        return get_v1_stats_response_200_days_item_models_published_item
