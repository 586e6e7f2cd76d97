from enum import StrEnum


class PostV1CheckResponse200DomainPattern(StrEnum):
    LEARNING = "learning"
    MATCH = "match"
    MISMATCH = "mismatch"

    def __str__(self) -> str:
        return str(self.value)
