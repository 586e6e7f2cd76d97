from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_v1_settings_response_200 import GetV1SettingsResponse200
from ...models.get_v1_settings_response_400 import GetV1SettingsResponse400
from ...models.get_v1_settings_response_401 import GetV1SettingsResponse401
from ...models.get_v1_settings_response_403 import GetV1SettingsResponse403
from ...models.get_v1_settings_response_429 import GetV1SettingsResponse429
from ...models.get_v1_settings_response_431 import GetV1SettingsResponse431
from ...models.get_v1_settings_response_503 import GetV1SettingsResponse503
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/settings",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    GetV1SettingsResponse200
    | GetV1SettingsResponse400
    | GetV1SettingsResponse401
    | GetV1SettingsResponse403
    | GetV1SettingsResponse429
    | GetV1SettingsResponse431
    | GetV1SettingsResponse503
    | None
):
    if response.status_code == 200:
        response_200 = GetV1SettingsResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = GetV1SettingsResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GetV1SettingsResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GetV1SettingsResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 429:
        response_429 = GetV1SettingsResponse429.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = GetV1SettingsResponse431.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GetV1SettingsResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    GetV1SettingsResponse200
    | GetV1SettingsResponse400
    | GetV1SettingsResponse401
    | GetV1SettingsResponse403
    | GetV1SettingsResponse429
    | GetV1SettingsResponse431
    | GetV1SettingsResponse503
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
) -> Response[
    GetV1SettingsResponse200
    | GetV1SettingsResponse400
    | GetV1SettingsResponse401
    | GetV1SettingsResponse403
    | GetV1SettingsResponse429
    | GetV1SettingsResponse431
    | GetV1SettingsResponse503
]:
    """Your account's settings

     Verdict thresholds of your account's checks: allow when human_score >= verdict_allow, review when >=
    verdict_review, block below; the sign-up hook; and your account's rate limits (requests and
    addresses checked, per second and at once). The service's defaults unless you set your own.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetV1SettingsResponse200 | GetV1SettingsResponse400 | GetV1SettingsResponse401 | GetV1SettingsResponse403 | GetV1SettingsResponse429 | GetV1SettingsResponse431 | GetV1SettingsResponse503]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> (
    GetV1SettingsResponse200
    | GetV1SettingsResponse400
    | GetV1SettingsResponse401
    | GetV1SettingsResponse403
    | GetV1SettingsResponse429
    | GetV1SettingsResponse431
    | GetV1SettingsResponse503
    | None
):
    """Your account's settings

     Verdict thresholds of your account's checks: allow when human_score >= verdict_allow, review when >=
    verdict_review, block below; the sign-up hook; and your account's rate limits (requests and
    addresses checked, per second and at once). The service's defaults unless you set your own.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetV1SettingsResponse200 | GetV1SettingsResponse400 | GetV1SettingsResponse401 | GetV1SettingsResponse403 | GetV1SettingsResponse429 | GetV1SettingsResponse431 | GetV1SettingsResponse503
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[
    GetV1SettingsResponse200
    | GetV1SettingsResponse400
    | GetV1SettingsResponse401
    | GetV1SettingsResponse403
    | GetV1SettingsResponse429
    | GetV1SettingsResponse431
    | GetV1SettingsResponse503
]:
    """Your account's settings

     Verdict thresholds of your account's checks: allow when human_score >= verdict_allow, review when >=
    verdict_review, block below; the sign-up hook; and your account's rate limits (requests and
    addresses checked, per second and at once). The service's defaults unless you set your own.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetV1SettingsResponse200 | GetV1SettingsResponse400 | GetV1SettingsResponse401 | GetV1SettingsResponse403 | GetV1SettingsResponse429 | GetV1SettingsResponse431 | GetV1SettingsResponse503]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> (
    GetV1SettingsResponse200
    | GetV1SettingsResponse400
    | GetV1SettingsResponse401
    | GetV1SettingsResponse403
    | GetV1SettingsResponse429
    | GetV1SettingsResponse431
    | GetV1SettingsResponse503
    | None
):
    """Your account's settings

     Verdict thresholds of your account's checks: allow when human_score >= verdict_allow, review when >=
    verdict_review, block below; the sign-up hook; and your account's rate limits (requests and
    addresses checked, per second and at once). The service's defaults unless you set your own.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetV1SettingsResponse200 | GetV1SettingsResponse400 | GetV1SettingsResponse401 | GetV1SettingsResponse403 | GetV1SettingsResponse429 | GetV1SettingsResponse431 | GetV1SettingsResponse503
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
