from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.head_v1_stats_response_200_days_item_checks import (
        HeadV1StatsResponse200DaysItemChecks,
    )
    from ..models.head_v1_stats_response_200_days_item_models import (
        HeadV1StatsResponse200DaysItemModels,
    )
    from ..models.head_v1_stats_response_200_days_item_models_published_item import (
        HeadV1StatsResponse200DaysItemModelsPublishedItem,
    )
    from ..models.head_v1_stats_response_200_days_item_outcomes import (
        HeadV1StatsResponse200DaysItemOutcomes,
    )
    from ..models.head_v1_stats_response_200_days_item_reasons import (
        HeadV1StatsResponse200DaysItemReasons,
    )


T = TypeVar("T", bound="HeadV1StatsResponse200DaysItem")


@_attrs_define
class HeadV1StatsResponse200DaysItem:
    """
    Attributes:
        date (str): UTC day, YYYY-MM-DD
        checks (HeadV1StatsResponse200DaysItemChecks): Your account's checks that day by verdict (single and bulk; the
            sum is the day's billed emails)
        outcomes (HeadV1StatsResponse200DaysItemOutcomes): Outcomes your account reported that day (the first outcome of
            each check; by the day of the report)
        reasons (HeadV1StatsResponse200DaysItemReasons): Reason code (closed list, README) -> checks that day whose
            answer carried it; most frequent first
        models (HeadV1StatsResponse200DaysItemModels): Each model scored on the outcomes reported that day, before any
            model learned from them. recent_log_loss: over the last 50 of them (all when fewer)
        models_published (list[HeadV1StatsResponse200DaysItemModelsPublishedItem]): Learned model versions published
            that day (the shared model, and your personal model)
    """

    date: str
    checks: HeadV1StatsResponse200DaysItemChecks
    outcomes: HeadV1StatsResponse200DaysItemOutcomes
    reasons: HeadV1StatsResponse200DaysItemReasons
    models: HeadV1StatsResponse200DaysItemModels
    models_published: list[HeadV1StatsResponse200DaysItemModelsPublishedItem]

    def to_dict(self) -> dict[str, Any]:
        date = self.date

        checks = self.checks.to_dict()

        outcomes = self.outcomes.to_dict()

        reasons = self.reasons.to_dict()

        models = self.models.to_dict()

        models_published = []
        for models_published_item_data in self.models_published:
            models_published_item = models_published_item_data.to_dict()
            models_published.append(models_published_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "date": date,
                "checks": checks,
                "outcomes": outcomes,
                "reasons": reasons,
                "models": models,
                "models_published": models_published,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.head_v1_stats_response_200_days_item_checks import (
            HeadV1StatsResponse200DaysItemChecks,
        )
        from ..models.head_v1_stats_response_200_days_item_models import (
            HeadV1StatsResponse200DaysItemModels,
        )
        from ..models.head_v1_stats_response_200_days_item_models_published_item import (
            HeadV1StatsResponse200DaysItemModelsPublishedItem,
        )
        from ..models.head_v1_stats_response_200_days_item_outcomes import (
            HeadV1StatsResponse200DaysItemOutcomes,
        )
        from ..models.head_v1_stats_response_200_days_item_reasons import (
            HeadV1StatsResponse200DaysItemReasons,
        )

        d = dict(src_dict)
        date = d.pop("date")

        checks = HeadV1StatsResponse200DaysItemChecks.from_dict(d.pop("checks"))

        outcomes = HeadV1StatsResponse200DaysItemOutcomes.from_dict(d.pop("outcomes"))

        reasons = HeadV1StatsResponse200DaysItemReasons.from_dict(d.pop("reasons"))

        models = HeadV1StatsResponse200DaysItemModels.from_dict(d.pop("models"))

        models_published = []
        _models_published = d.pop("models_published")
        for models_published_item_data in _models_published:
            models_published_item = (
                HeadV1StatsResponse200DaysItemModelsPublishedItem.from_dict(
                    models_published_item_data
                )
            )

            models_published.append(models_published_item)

        head_v1_stats_response_200_days_item = cls(
            date=date,
            checks=checks,
            outcomes=outcomes,
            reasons=reasons,
            models=models,
            models_published=models_published,
        )

        return head_v1_stats_response_200_days_item
