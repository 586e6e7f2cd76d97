from enum import StrEnum


class HeadV1ModelResponse200Mode(StrEnum):
    AUTO = "auto"
    OFF = "off"
    ON = "on"

    def __str__(self) -> str:
        return str(self.value)
