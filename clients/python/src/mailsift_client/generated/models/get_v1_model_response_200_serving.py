from enum import StrEnum


class GetV1ModelResponse200Serving(StrEnum):
    BASELINE = "baseline"
    LEARNED = "learned"

    def __str__(self) -> str:
        return str(self.value)
