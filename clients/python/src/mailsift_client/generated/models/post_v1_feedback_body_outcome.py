from enum import StrEnum


class PostV1FeedbackBodyOutcome(StrEnum):
    ABUSE = "abuse"
    BOUNCED = "bounced"
    CONFIRMED = "confirmed"
    FAKE = "fake"
    REAL = "real"

    def __str__(self) -> str:
        return str(self.value)
