from enum import StrEnum


class PostV1FeedbackResponse202Status(StrEnum):
    ACCEPTED = "accepted"

    def __str__(self) -> str:
        return str(self.value)
