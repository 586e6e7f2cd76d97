from enum import StrEnum


class GetReadyzResponse200Status(StrEnum):
    READY = "ready"

    def __str__(self) -> str:
        return str(self.value)
