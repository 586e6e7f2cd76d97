from enum import StrEnum


class GetV1CheckResponse200IpIgnored(StrEnum):
    INVALID = "invalid"
    PRIVATE = "private"
    RESERVED = "reserved"

    def __str__(self) -> str:
        return str(self.value)
