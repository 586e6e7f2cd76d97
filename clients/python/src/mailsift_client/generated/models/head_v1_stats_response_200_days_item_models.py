from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.head_v1_stats_response_200_days_item_models_baseline import (
        HeadV1StatsResponse200DaysItemModelsBaseline,
    )
    from ..models.head_v1_stats_response_200_days_item_models_learned import (
        HeadV1StatsResponse200DaysItemModelsLearned,
    )
    from ..models.head_v1_stats_response_200_days_item_models_personal import (
        HeadV1StatsResponse200DaysItemModelsPersonal,
    )


T = TypeVar("T", bound="HeadV1StatsResponse200DaysItemModels")


@_attrs_define
class HeadV1StatsResponse200DaysItemModels:
    """Each model scored on the outcomes reported that day, before any model learned from them. recent_log_loss: over the
    last 50 of them (all when fewer)

        Attributes:
            baseline (HeadV1StatsResponse200DaysItemModelsBaseline | Unset): The baseline's prequential scores on that day's
                outcomes; absent on a day without outcomes
            learned (HeadV1StatsResponse200DaysItemModelsLearned | Unset): The shared learned model's, on that day's
                outcomes it had scored (those of checks made, or reported, once a shared model existed)
            personal (HeadV1StatsResponse200DaysItemModelsPersonal | Unset): Your personal learned model's, likewise (absent
                until you have one)
    """

    baseline: HeadV1StatsResponse200DaysItemModelsBaseline | Unset = UNSET
    learned: HeadV1StatsResponse200DaysItemModelsLearned | Unset = UNSET
    personal: HeadV1StatsResponse200DaysItemModelsPersonal | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        baseline: dict[str, Any] | Unset = UNSET
        if not isinstance(self.baseline, Unset):
            baseline = self.baseline.to_dict()

        learned: dict[str, Any] | Unset = UNSET
        if not isinstance(self.learned, Unset):
            learned = self.learned.to_dict()

        personal: dict[str, Any] | Unset = UNSET
        if not isinstance(self.personal, Unset):
            personal = self.personal.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if baseline is not UNSET:
            field_dict["baseline"] = baseline
        if learned is not UNSET:
            field_dict["learned"] = learned
        if personal is not UNSET:
            field_dict["personal"] = personal

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.head_v1_stats_response_200_days_item_models_baseline import (
            HeadV1StatsResponse200DaysItemModelsBaseline,
        )
        from ..models.head_v1_stats_response_200_days_item_models_learned import (
            HeadV1StatsResponse200DaysItemModelsLearned,
        )
        from ..models.head_v1_stats_response_200_days_item_models_personal import (
            HeadV1StatsResponse200DaysItemModelsPersonal,
        )

        d = dict(src_dict)
        _baseline = d.pop("baseline", UNSET)
        baseline: HeadV1StatsResponse200DaysItemModelsBaseline | Unset
        if isinstance(_baseline, Unset):
            baseline = UNSET
        else:
            baseline = HeadV1StatsResponse200DaysItemModelsBaseline.from_dict(_baseline)

        _learned = d.pop("learned", UNSET)
        learned: HeadV1StatsResponse200DaysItemModelsLearned | Unset
        if isinstance(_learned, Unset):
            learned = UNSET
        else:
            learned = HeadV1StatsResponse200DaysItemModelsLearned.from_dict(_learned)

        _personal = d.pop("personal", UNSET)
        personal: HeadV1StatsResponse200DaysItemModelsPersonal | Unset
        if isinstance(_personal, Unset):
            personal = UNSET
        else:
            personal = HeadV1StatsResponse200DaysItemModelsPersonal.from_dict(_personal)

        head_v1_stats_response_200_days_item_models = cls(
            baseline=baseline,
            learned=learned,
            personal=personal,
        )

        return head_v1_stats_response_200_days_item_models
