from enum import StrEnum


class PostV1CheckResponse200AccountType(StrEnum):
    DISPOSABLE = "disposable"
    FREE = "free"
    RELAY = "relay"
    SCHOOL = "school"
    UNKNOWN = "unknown"
    WORK = "work"

    def __str__(self) -> str:
        return str(self.value)
