from enum import StrEnum


class GetV1CheckExplain(StrEnum):
    FALSE = "false"
    TRUE = "true"
    VALUE_2 = "1"
    VALUE_3 = "0"

    def __str__(self) -> str:
        return str(self.value)
