from enum import StrEnum


class PostV1CheckResponse200IpIgnored(StrEnum):
    INVALID = "invalid"
    PRIVATE = "private"
    RESERVED = "reserved"

    def __str__(self) -> str:
        return str(self.value)
