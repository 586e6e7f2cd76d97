from enum import StrEnum


class HeadHealthzResponse200Status(StrEnum):
    OK = "ok"

    def __str__(self) -> str:
        return str(self.value)
