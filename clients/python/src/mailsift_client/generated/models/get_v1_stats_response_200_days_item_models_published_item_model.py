from enum import StrEnum


class GetV1StatsResponse200DaysItemModelsPublishedItemModel(StrEnum):
    LEARNED = "learned"
    PERSONAL = "personal"

    def __str__(self) -> str:
        return str(self.value)
