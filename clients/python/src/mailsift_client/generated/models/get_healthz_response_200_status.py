from enum import StrEnum


class GetHealthzResponse200Status(StrEnum):
    OK = "ok"

    def __str__(self) -> str:
        return str(self.value)
