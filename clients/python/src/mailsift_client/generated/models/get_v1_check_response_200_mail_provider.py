from enum import StrEnum


class GetV1CheckResponse200MailProvider(StrEnum):
    APPLE = "apple"
    GATEWAY = "gateway"
    GOOGLE = "google"
    MICROSOFT = "microsoft"
    NONE = "none"
    OTHER = "other"
    PROTON = "proton"
    YAHOO = "yahoo"
    ZOHO = "zoho"

    def __str__(self) -> str:
        return str(self.value)
