from enum import StrEnum


class PostV1RulesBodyType(StrEnum):
    DOMAIN = "domain"
    EMAIL = "email"
    MAIL_PROVIDER = "mail_provider"
    TLD = "tld"

    def __str__(self) -> str:
        return str(self.value)
