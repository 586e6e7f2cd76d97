from enum import StrEnum


class PostV1CheckResponse200ReasonsItem(StrEnum):
    ALIAS_BURST = "alias_burst"
    BUSINESS_MAIL_PROVIDER = "business_mail_provider"
    DATACENTER_IP = "datacenter_ip"
    DISPOSABLE_DOMAIN = "disposable_domain"
    FREE_PROVIDER = "free_provider"
    HONORIFIC_PREFIX = "honorific_prefix"
    IP_BURST = "ip_burst"
    KEYBOARD_PATTERN = "keyboard_pattern"
    LONG_LOCAL_PART = "long_local_part"
    MAIL_GATEWAY = "mail_gateway"
    MANY_DIGITS = "many_digits"
    MATCHES_DOMAIN_ADDRESS_PATTERN = "matches_domain_address_pattern"
    MISMATCHES_DOMAIN_ADDRESS_PATTERN = "mismatches_domain_address_pattern"
    NATURAL_NAME = "natural_name"
    NO_MAIL_SERVER = "no_mail_server"
    NUMERIC_LOCAL_PART = "numeric_local_part"
    RANDOM_LOCAL_PART = "random_local_part"
    RELAY_ADDRESS = "relay_address"
    REPEATED_PATTERN = "repeated_pattern"
    REPORTED_FAKE_DOMAIN = "reported_fake_domain"
    ROLE_ACCOUNT = "role_account"
    SCHOOL_DOMAIN = "school_domain"
    SERVICE_WORDS = "service_words"
    SIGNUP_WAVE = "signup_wave"
    TOR_EXIT = "tor_exit"
    TYPO_DOMAIN = "typo_domain"
    WORK_DOMAIN = "work_domain"
    YOUNG_DOMAIN = "young_domain"

    def __str__(self) -> str:
        return str(self.value)
