from enum import StrEnum


class PostV1RulesBodyAction(StrEnum):
    ALLOW = "allow"
    BLOCK = "block"
    REVIEW = "review"

    def __str__(self) -> str:
        return str(self.value)
