from enum import StrEnum


class PostV1CheckBulkResponse200ResultsItemType0DomainPattern(StrEnum):
    LEARNING = "learning"
    MATCH = "match"
    MISMATCH = "mismatch"

    def __str__(self) -> str:
        return str(self.value)
