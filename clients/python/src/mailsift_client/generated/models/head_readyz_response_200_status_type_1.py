from enum import StrEnum


class HeadReadyzResponse200StatusType1(StrEnum):
    DEGRADED = "degraded"

    def __str__(self) -> str:
        return str(self.value)
