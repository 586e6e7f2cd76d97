from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_readyz_response_200 import GetReadyzResponse200
from ...models.get_readyz_response_431 import GetReadyzResponse431
from ...models.get_readyz_response_503 import GetReadyzResponse503
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/readyz",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GetReadyzResponse200 | GetReadyzResponse431 | GetReadyzResponse503 | None:
    if response.status_code == 200:
        response_200 = GetReadyzResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 431:
        response_431 = GetReadyzResponse431.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GetReadyzResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[GetReadyzResponse200 | GetReadyzResponse431 | GetReadyzResponse503]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[GetReadyzResponse200 | GetReadyzResponse431 | GetReadyzResponse503]:
    """Readiness: 200 {status: "ready", checks} when every dependency is usable; 200 {status: "degraded",
    checks} when only optional ones (DNS, feeds) are not; else 503 {error} naming the failing required
    checks (with Retry-After)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetReadyzResponse200 | GetReadyzResponse431 | GetReadyzResponse503]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> GetReadyzResponse200 | GetReadyzResponse431 | GetReadyzResponse503 | None:
    """Readiness: 200 {status: "ready", checks} when every dependency is usable; 200 {status: "degraded",
    checks} when only optional ones (DNS, feeds) are not; else 503 {error} naming the failing required
    checks (with Retry-After)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetReadyzResponse200 | GetReadyzResponse431 | GetReadyzResponse503
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[GetReadyzResponse200 | GetReadyzResponse431 | GetReadyzResponse503]:
    """Readiness: 200 {status: "ready", checks} when every dependency is usable; 200 {status: "degraded",
    checks} when only optional ones (DNS, feeds) are not; else 503 {error} naming the failing required
    checks (with Retry-After)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetReadyzResponse200 | GetReadyzResponse431 | GetReadyzResponse503]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> GetReadyzResponse200 | GetReadyzResponse431 | GetReadyzResponse503 | None:
    """Readiness: 200 {status: "ready", checks} when every dependency is usable; 200 {status: "degraded",
    checks} when only optional ones (DNS, feeds) are not; else 503 {error} naming the failing required
    checks (with Retry-After)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetReadyzResponse200 | GetReadyzResponse431 | GetReadyzResponse503
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
