from enum import StrEnum


class HeadV1StatsResponse200DaysItemModelsPublishedItemModel(StrEnum):
    LEARNED = "learned"
    PERSONAL = "personal"

    def __str__(self) -> str:
        return str(self.value)
