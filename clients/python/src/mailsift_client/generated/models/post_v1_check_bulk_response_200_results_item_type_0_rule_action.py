from enum import StrEnum


class PostV1CheckBulkResponse200ResultsItemType0RuleAction(StrEnum):
    ALLOW = "allow"
    BLOCK = "block"
    REVIEW = "review"

    def __str__(self) -> str:
        return str(self.value)
