from enum import StrEnum


class GetV1CheckResponse200IpDatacenter(StrEnum):
    AWS = "aws"
    AZURE = "azure"
    DIGITAL_OCEAN = "digital_ocean"
    GOOGLE_CLOUD = "google_cloud"

    def __str__(self) -> str:
        return str(self.value)
