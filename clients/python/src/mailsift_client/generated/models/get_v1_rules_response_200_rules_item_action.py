from enum import StrEnum


class GetV1RulesResponse200RulesItemAction(StrEnum):
    ALLOW = "allow"
    BLOCK = "block"
    REVIEW = "review"

    def __str__(self) -> str:
        return str(self.value)
