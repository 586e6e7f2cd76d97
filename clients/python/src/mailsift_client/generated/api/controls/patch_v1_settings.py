from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.patch_v1_settings_body import PatchV1SettingsBody
from ...models.patch_v1_settings_response_200 import PatchV1SettingsResponse200
from ...models.patch_v1_settings_response_400 import PatchV1SettingsResponse400
from ...models.patch_v1_settings_response_401 import PatchV1SettingsResponse401
from ...models.patch_v1_settings_response_403 import PatchV1SettingsResponse403
from ...models.patch_v1_settings_response_408 import PatchV1SettingsResponse408
from ...models.patch_v1_settings_response_413 import PatchV1SettingsResponse413
from ...models.patch_v1_settings_response_415 import PatchV1SettingsResponse415
from ...models.patch_v1_settings_response_429 import PatchV1SettingsResponse429
from ...models.patch_v1_settings_response_431 import PatchV1SettingsResponse431
from ...models.patch_v1_settings_response_503 import PatchV1SettingsResponse503
from ...types import Response


def _get_kwargs(
    *,
    body: PatchV1SettingsBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/settings",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    PatchV1SettingsResponse200
    | PatchV1SettingsResponse400
    | PatchV1SettingsResponse401
    | PatchV1SettingsResponse403
    | PatchV1SettingsResponse408
    | PatchV1SettingsResponse413
    | PatchV1SettingsResponse415
    | PatchV1SettingsResponse429
    | PatchV1SettingsResponse431
    | PatchV1SettingsResponse503
    | None
):
    if response.status_code == 200:
        response_200 = PatchV1SettingsResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = PatchV1SettingsResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PatchV1SettingsResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PatchV1SettingsResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 408:
        response_408 = PatchV1SettingsResponse408.from_dict(response.json())

        return response_408

    if response.status_code == 413:
        response_413 = PatchV1SettingsResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = PatchV1SettingsResponse415.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = PatchV1SettingsResponse429.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = PatchV1SettingsResponse431.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = PatchV1SettingsResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    PatchV1SettingsResponse200
    | PatchV1SettingsResponse400
    | PatchV1SettingsResponse401
    | PatchV1SettingsResponse403
    | PatchV1SettingsResponse408
    | PatchV1SettingsResponse413
    | PatchV1SettingsResponse415
    | PatchV1SettingsResponse429
    | PatchV1SettingsResponse431
    | PatchV1SettingsResponse503
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PatchV1SettingsBody,
) -> Response[
    PatchV1SettingsResponse200
    | PatchV1SettingsResponse400
    | PatchV1SettingsResponse401
    | PatchV1SettingsResponse403
    | PatchV1SettingsResponse408
    | PatchV1SettingsResponse413
    | PatchV1SettingsResponse415
    | PatchV1SettingsResponse429
    | PatchV1SettingsResponse431
    | PatchV1SettingsResponse503
]:
    """Change your account's settings

     Fields given are set (null: back to the service's default), others are kept. verdict_review must not
    exceed verdict_allow. A rate limit may only be lowered: above the service's limit for every account
    it is 400 naming that limit. Takes effect on every instance within 2 seconds. Answers the settings
    now in force. The body is a JSON merge patch (RFC 7396), so `content-type: application/merge-
    patch+json` is taken as well as application/json.

    Args:
        body (PatchV1SettingsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PatchV1SettingsResponse200 | PatchV1SettingsResponse400 | PatchV1SettingsResponse401 | PatchV1SettingsResponse403 | PatchV1SettingsResponse408 | PatchV1SettingsResponse413 | PatchV1SettingsResponse415 | PatchV1SettingsResponse429 | PatchV1SettingsResponse431 | PatchV1SettingsResponse503]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: PatchV1SettingsBody,
) -> (
    PatchV1SettingsResponse200
    | PatchV1SettingsResponse400
    | PatchV1SettingsResponse401
    | PatchV1SettingsResponse403
    | PatchV1SettingsResponse408
    | PatchV1SettingsResponse413
    | PatchV1SettingsResponse415
    | PatchV1SettingsResponse429
    | PatchV1SettingsResponse431
    | PatchV1SettingsResponse503
    | None
):
    """Change your account's settings

     Fields given are set (null: back to the service's default), others are kept. verdict_review must not
    exceed verdict_allow. A rate limit may only be lowered: above the service's limit for every account
    it is 400 naming that limit. Takes effect on every instance within 2 seconds. Answers the settings
    now in force. The body is a JSON merge patch (RFC 7396), so `content-type: application/merge-
    patch+json` is taken as well as application/json.

    Args:
        body (PatchV1SettingsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PatchV1SettingsResponse200 | PatchV1SettingsResponse400 | PatchV1SettingsResponse401 | PatchV1SettingsResponse403 | PatchV1SettingsResponse408 | PatchV1SettingsResponse413 | PatchV1SettingsResponse415 | PatchV1SettingsResponse429 | PatchV1SettingsResponse431 | PatchV1SettingsResponse503
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PatchV1SettingsBody,
) -> Response[
    PatchV1SettingsResponse200
    | PatchV1SettingsResponse400
    | PatchV1SettingsResponse401
    | PatchV1SettingsResponse403
    | PatchV1SettingsResponse408
    | PatchV1SettingsResponse413
    | PatchV1SettingsResponse415
    | PatchV1SettingsResponse429
    | PatchV1SettingsResponse431
    | PatchV1SettingsResponse503
]:
    """Change your account's settings

     Fields given are set (null: back to the service's default), others are kept. verdict_review must not
    exceed verdict_allow. A rate limit may only be lowered: above the service's limit for every account
    it is 400 naming that limit. Takes effect on every instance within 2 seconds. Answers the settings
    now in force. The body is a JSON merge patch (RFC 7396), so `content-type: application/merge-
    patch+json` is taken as well as application/json.

    Args:
        body (PatchV1SettingsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PatchV1SettingsResponse200 | PatchV1SettingsResponse400 | PatchV1SettingsResponse401 | PatchV1SettingsResponse403 | PatchV1SettingsResponse408 | PatchV1SettingsResponse413 | PatchV1SettingsResponse415 | PatchV1SettingsResponse429 | PatchV1SettingsResponse431 | PatchV1SettingsResponse503]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PatchV1SettingsBody,
) -> (
    PatchV1SettingsResponse200
    | PatchV1SettingsResponse400
    | PatchV1SettingsResponse401
    | PatchV1SettingsResponse403
    | PatchV1SettingsResponse408
    | PatchV1SettingsResponse413
    | PatchV1SettingsResponse415
    | PatchV1SettingsResponse429
    | PatchV1SettingsResponse431
    | PatchV1SettingsResponse503
    | None
):
    """Change your account's settings

     Fields given are set (null: back to the service's default), others are kept. verdict_review must not
    exceed verdict_allow. A rate limit may only be lowered: above the service's limit for every account
    it is 400 naming that limit. Takes effect on every instance within 2 seconds. Answers the settings
    now in force. The body is a JSON merge patch (RFC 7396), so `content-type: application/merge-
    patch+json` is taken as well as application/json.

    Args:
        body (PatchV1SettingsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PatchV1SettingsResponse200 | PatchV1SettingsResponse400 | PatchV1SettingsResponse401 | PatchV1SettingsResponse403 | PatchV1SettingsResponse408 | PatchV1SettingsResponse413 | PatchV1SettingsResponse415 | PatchV1SettingsResponse429 | PatchV1SettingsResponse431 | PatchV1SettingsResponse503
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
