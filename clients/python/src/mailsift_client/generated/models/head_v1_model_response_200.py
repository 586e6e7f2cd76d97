from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.head_v1_model_response_200_mode import HeadV1ModelResponse200Mode
from ..models.head_v1_model_response_200_serving import HeadV1ModelResponse200Serving

if TYPE_CHECKING:
    from ..models.head_v1_model_response_200_baseline import (
        HeadV1ModelResponse200Baseline,
    )
    from ..models.head_v1_model_response_200_learned import (
        HeadV1ModelResponse200Learned,
    )


T = TypeVar("T", bound="HeadV1ModelResponse200")


@_attrs_define
class HeadV1ModelResponse200:
    """
    Attributes:
        mode (HeadV1ModelResponse200Mode): MAILSIFT_MODEL_MODE
        serving (HeadV1ModelResponse200Serving): What your account is served: the baseline, or a learned model (the
            shared one or your personal one)
        healthy (bool): The learned model described here beats the baseline on the recent outcomes it is judged on for
            you (the same outcomes for both, at least 50, the last 500 at most): your own (a personal model; the shared one
            once it has scored 50 of yours), else a tenant-balanced window of every account's
        learned_version (int): Version of the learned model you are served, else of the newer one you have (shared or
            personal); 0: none yet
        feedback_examples (int): Outcomes reported by every account
        customers (int): Accounts that have reported outcomes
        baseline (HeadV1ModelResponse200Baseline): The baseline's prequential scores, on the outcomes the learned model
            described is judged on for you: your own, or every account's with each account's weight capped
            (MAILSIFT_MAX_ACCOUNT_SHARE). All 0 before any outcome
        learned (HeadV1ModelResponse200Learned): The learned model's prequential scores, on the same outcomes as the
            baseline's. Before the first learned model (learned_version 0): the model it starts from, the baseline. All 0
            while no outcome has scored it
        recommendation (str): Advice on what you are served and what to do next; of other accounts' outcomes it gives
            only their count
    """

    mode: HeadV1ModelResponse200Mode
    serving: HeadV1ModelResponse200Serving
    healthy: bool
    learned_version: int
    feedback_examples: int
    customers: int
    baseline: HeadV1ModelResponse200Baseline
    learned: HeadV1ModelResponse200Learned
    recommendation: str

    def to_dict(self) -> dict[str, Any]:
        mode = self.mode.value

        serving = self.serving.value

        healthy = self.healthy

        learned_version = self.learned_version

        feedback_examples = self.feedback_examples

        customers = self.customers

        baseline = self.baseline.to_dict()

        learned = self.learned.to_dict()

        recommendation = self.recommendation

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mode": mode,
                "serving": serving,
                "healthy": healthy,
                "learned_version": learned_version,
                "feedback_examples": feedback_examples,
                "customers": customers,
                "baseline": baseline,
                "learned": learned,
                "recommendation": recommendation,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.head_v1_model_response_200_baseline import (
            HeadV1ModelResponse200Baseline,
        )
        from ..models.head_v1_model_response_200_learned import (
            HeadV1ModelResponse200Learned,
        )

        d = dict(src_dict)
        mode = HeadV1ModelResponse200Mode(d.pop("mode"))

        serving = HeadV1ModelResponse200Serving(d.pop("serving"))

        healthy = d.pop("healthy")

        learned_version = d.pop("learned_version")

        feedback_examples = d.pop("feedback_examples")

        customers = d.pop("customers")

        baseline = HeadV1ModelResponse200Baseline.from_dict(d.pop("baseline"))

        learned = HeadV1ModelResponse200Learned.from_dict(d.pop("learned"))

        recommendation = d.pop("recommendation")

        head_v1_model_response_200 = cls(
            mode=mode,
            serving=serving,
            healthy=healthy,
            learned_version=learned_version,
            feedback_examples=feedback_examples,
            customers=customers,
            baseline=baseline,
            learned=learned,
            recommendation=recommendation,
        )

        return head_v1_model_response_200
