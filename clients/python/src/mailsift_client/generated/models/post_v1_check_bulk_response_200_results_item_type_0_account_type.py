from enum import StrEnum


class PostV1CheckBulkResponse200ResultsItemType0AccountType(StrEnum):
    DISPOSABLE = "disposable"
    FREE = "free"
    RELAY = "relay"
    SCHOOL = "school"
    UNKNOWN = "unknown"
    WORK = "work"

    def __str__(self) -> str:
        return str(self.value)
