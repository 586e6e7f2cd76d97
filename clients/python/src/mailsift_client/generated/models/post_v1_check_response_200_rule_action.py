from enum import StrEnum


class PostV1CheckResponse200RuleAction(StrEnum):
    ALLOW = "allow"
    BLOCK = "block"
    REVIEW = "review"

    def __str__(self) -> str:
        return str(self.value)
