from enum import StrEnum


class GetReadyzResponse200StatusType1(StrEnum):
    DEGRADED = "degraded"

    def __str__(self) -> str:
        return str(self.value)
