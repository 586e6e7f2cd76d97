from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_v1_check_explain import GetV1CheckExplain
from ...models.get_v1_check_response_200 import GetV1CheckResponse200
from ...models.get_v1_check_response_400 import GetV1CheckResponse400
from ...models.get_v1_check_response_401 import GetV1CheckResponse401
from ...models.get_v1_check_response_403 import GetV1CheckResponse403
from ...models.get_v1_check_response_429 import GetV1CheckResponse429
from ...models.get_v1_check_response_431 import GetV1CheckResponse431
from ...models.get_v1_check_response_503 import GetV1CheckResponse503
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    email: str,
    ip: str | Unset = UNSET,
    explain: GetV1CheckExplain | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["email"] = email

    params["ip"] = ip

    json_explain: str | Unset = UNSET
    if not isinstance(explain, Unset):
        json_explain = explain.value

    params["explain"] = json_explain

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/check",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    GetV1CheckResponse200
    | GetV1CheckResponse400
    | GetV1CheckResponse401
    | GetV1CheckResponse403
    | GetV1CheckResponse429
    | GetV1CheckResponse431
    | GetV1CheckResponse503
    | None
):
    if response.status_code == 200:
        response_200 = GetV1CheckResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = GetV1CheckResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GetV1CheckResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GetV1CheckResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 429:
        response_429 = GetV1CheckResponse429.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = GetV1CheckResponse431.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GetV1CheckResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    GetV1CheckResponse200
    | GetV1CheckResponse400
    | GetV1CheckResponse401
    | GetV1CheckResponse403
    | GetV1CheckResponse429
    | GetV1CheckResponse431
    | GetV1CheckResponse503
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
    email: str,
    ip: str | Unset = UNSET,
    explain: GetV1CheckExplain | Unset = UNSET,
) -> Response[
    GetV1CheckResponse200
    | GetV1CheckResponse400
    | GetV1CheckResponse401
    | GetV1CheckResponse403
    | GetV1CheckResponse429
    | GetV1CheckResponse431
    | GetV1CheckResponse503
]:
    """Check one address (query parameters)

     Same as POST /v1/check. Billed: 1 email. Rate limit: 1 request and 1 address.

    Args:
        email (str):
        ip (str | Unset):
        explain (GetV1CheckExplain | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetV1CheckResponse200 | GetV1CheckResponse400 | GetV1CheckResponse401 | GetV1CheckResponse403 | GetV1CheckResponse429 | GetV1CheckResponse431 | GetV1CheckResponse503]
    """

    kwargs = _get_kwargs(
        email=email,
        ip=ip,
        explain=explain,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    email: str,
    ip: str | Unset = UNSET,
    explain: GetV1CheckExplain | Unset = UNSET,
) -> (
    GetV1CheckResponse200
    | GetV1CheckResponse400
    | GetV1CheckResponse401
    | GetV1CheckResponse403
    | GetV1CheckResponse429
    | GetV1CheckResponse431
    | GetV1CheckResponse503
    | None
):
    """Check one address (query parameters)

     Same as POST /v1/check. Billed: 1 email. Rate limit: 1 request and 1 address.

    Args:
        email (str):
        ip (str | Unset):
        explain (GetV1CheckExplain | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetV1CheckResponse200 | GetV1CheckResponse400 | GetV1CheckResponse401 | GetV1CheckResponse403 | GetV1CheckResponse429 | GetV1CheckResponse431 | GetV1CheckResponse503
    """

    return sync_detailed(
        client=client,
        email=email,
        ip=ip,
        explain=explain,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    email: str,
    ip: str | Unset = UNSET,
    explain: GetV1CheckExplain | Unset = UNSET,
) -> Response[
    GetV1CheckResponse200
    | GetV1CheckResponse400
    | GetV1CheckResponse401
    | GetV1CheckResponse403
    | GetV1CheckResponse429
    | GetV1CheckResponse431
    | GetV1CheckResponse503
]:
    """Check one address (query parameters)

     Same as POST /v1/check. Billed: 1 email. Rate limit: 1 request and 1 address.

    Args:
        email (str):
        ip (str | Unset):
        explain (GetV1CheckExplain | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetV1CheckResponse200 | GetV1CheckResponse400 | GetV1CheckResponse401 | GetV1CheckResponse403 | GetV1CheckResponse429 | GetV1CheckResponse431 | GetV1CheckResponse503]
    """

    kwargs = _get_kwargs(
        email=email,
        ip=ip,
        explain=explain,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    email: str,
    ip: str | Unset = UNSET,
    explain: GetV1CheckExplain | Unset = UNSET,
) -> (
    GetV1CheckResponse200
    | GetV1CheckResponse400
    | GetV1CheckResponse401
    | GetV1CheckResponse403
    | GetV1CheckResponse429
    | GetV1CheckResponse431
    | GetV1CheckResponse503
    | None
):
    """Check one address (query parameters)

     Same as POST /v1/check. Billed: 1 email. Rate limit: 1 request and 1 address.

    Args:
        email (str):
        ip (str | Unset):
        explain (GetV1CheckExplain | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetV1CheckResponse200 | GetV1CheckResponse400 | GetV1CheckResponse401 | GetV1CheckResponse403 | GetV1CheckResponse429 | GetV1CheckResponse431 | GetV1CheckResponse503
    """

    return (
        await asyncio_detailed(
            client=client,
            email=email,
            ip=ip,
            explain=explain,
        )
    ).parsed
