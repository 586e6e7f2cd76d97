from enum import StrEnum


class HeadReadyzResponse200StatusType0(StrEnum):
    READY = "ready"

    def __str__(self) -> str:
        return str(self.value)
