from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.post_v1_check_bulk_body import PostV1CheckBulkBody
from ...models.post_v1_check_bulk_response_200 import PostV1CheckBulkResponse200
from ...models.post_v1_check_bulk_response_400 import PostV1CheckBulkResponse400
from ...models.post_v1_check_bulk_response_401 import PostV1CheckBulkResponse401
from ...models.post_v1_check_bulk_response_403 import PostV1CheckBulkResponse403
from ...models.post_v1_check_bulk_response_408 import PostV1CheckBulkResponse408
from ...models.post_v1_check_bulk_response_413 import PostV1CheckBulkResponse413
from ...models.post_v1_check_bulk_response_415 import PostV1CheckBulkResponse415
from ...models.post_v1_check_bulk_response_429 import PostV1CheckBulkResponse429
from ...models.post_v1_check_bulk_response_431 import PostV1CheckBulkResponse431
from ...models.post_v1_check_bulk_response_503 import PostV1CheckBulkResponse503
from ...types import Response


def _get_kwargs(
    *,
    body: PostV1CheckBulkBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/check/bulk",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    PostV1CheckBulkResponse200
    | PostV1CheckBulkResponse400
    | PostV1CheckBulkResponse401
    | PostV1CheckBulkResponse403
    | PostV1CheckBulkResponse408
    | PostV1CheckBulkResponse413
    | PostV1CheckBulkResponse415
    | PostV1CheckBulkResponse429
    | PostV1CheckBulkResponse431
    | PostV1CheckBulkResponse503
    | None
):
    if response.status_code == 200:
        response_200 = PostV1CheckBulkResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = PostV1CheckBulkResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PostV1CheckBulkResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PostV1CheckBulkResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 408:
        response_408 = PostV1CheckBulkResponse408.from_dict(response.json())

        return response_408

    if response.status_code == 413:
        response_413 = PostV1CheckBulkResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = PostV1CheckBulkResponse415.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = PostV1CheckBulkResponse429.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = PostV1CheckBulkResponse431.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = PostV1CheckBulkResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    PostV1CheckBulkResponse200
    | PostV1CheckBulkResponse400
    | PostV1CheckBulkResponse401
    | PostV1CheckBulkResponse403
    | PostV1CheckBulkResponse408
    | PostV1CheckBulkResponse413
    | PostV1CheckBulkResponse415
    | PostV1CheckBulkResponse429
    | PostV1CheckBulkResponse431
    | PostV1CheckBulkResponse503
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
    body: PostV1CheckBulkBody,
) -> Response[
    PostV1CheckBulkResponse200
    | PostV1CheckBulkResponse400
    | PostV1CheckBulkResponse401
    | PostV1CheckBulkResponse403
    | PostV1CheckBulkResponse408
    | PostV1CheckBulkResponse413
    | PostV1CheckBulkResponse415
    | PostV1CheckBulkResponse429
    | PostV1CheckBulkResponse431
    | PostV1CheckBulkResponse503
]:
    """Check 1 to 1,000 addresses

     One entry per input, in input order: a CheckResult, or {input, error} for an invalid address.
    Billed: 1 per CheckResult. Rate limit: 1 request and 1 address per entry (invalid ones included).

    Args:
        body (PostV1CheckBulkBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostV1CheckBulkResponse200 | PostV1CheckBulkResponse400 | PostV1CheckBulkResponse401 | PostV1CheckBulkResponse403 | PostV1CheckBulkResponse408 | PostV1CheckBulkResponse413 | PostV1CheckBulkResponse415 | PostV1CheckBulkResponse429 | PostV1CheckBulkResponse431 | PostV1CheckBulkResponse503]
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
    body: PostV1CheckBulkBody,
) -> (
    PostV1CheckBulkResponse200
    | PostV1CheckBulkResponse400
    | PostV1CheckBulkResponse401
    | PostV1CheckBulkResponse403
    | PostV1CheckBulkResponse408
    | PostV1CheckBulkResponse413
    | PostV1CheckBulkResponse415
    | PostV1CheckBulkResponse429
    | PostV1CheckBulkResponse431
    | PostV1CheckBulkResponse503
    | None
):
    """Check 1 to 1,000 addresses

     One entry per input, in input order: a CheckResult, or {input, error} for an invalid address.
    Billed: 1 per CheckResult. Rate limit: 1 request and 1 address per entry (invalid ones included).

    Args:
        body (PostV1CheckBulkBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PostV1CheckBulkResponse200 | PostV1CheckBulkResponse400 | PostV1CheckBulkResponse401 | PostV1CheckBulkResponse403 | PostV1CheckBulkResponse408 | PostV1CheckBulkResponse413 | PostV1CheckBulkResponse415 | PostV1CheckBulkResponse429 | PostV1CheckBulkResponse431 | PostV1CheckBulkResponse503
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PostV1CheckBulkBody,
) -> Response[
    PostV1CheckBulkResponse200
    | PostV1CheckBulkResponse400
    | PostV1CheckBulkResponse401
    | PostV1CheckBulkResponse403
    | PostV1CheckBulkResponse408
    | PostV1CheckBulkResponse413
    | PostV1CheckBulkResponse415
    | PostV1CheckBulkResponse429
    | PostV1CheckBulkResponse431
    | PostV1CheckBulkResponse503
]:
    """Check 1 to 1,000 addresses

     One entry per input, in input order: a CheckResult, or {input, error} for an invalid address.
    Billed: 1 per CheckResult. Rate limit: 1 request and 1 address per entry (invalid ones included).

    Args:
        body (PostV1CheckBulkBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostV1CheckBulkResponse200 | PostV1CheckBulkResponse400 | PostV1CheckBulkResponse401 | PostV1CheckBulkResponse403 | PostV1CheckBulkResponse408 | PostV1CheckBulkResponse413 | PostV1CheckBulkResponse415 | PostV1CheckBulkResponse429 | PostV1CheckBulkResponse431 | PostV1CheckBulkResponse503]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PostV1CheckBulkBody,
) -> (
    PostV1CheckBulkResponse200
    | PostV1CheckBulkResponse400
    | PostV1CheckBulkResponse401
    | PostV1CheckBulkResponse403
    | PostV1CheckBulkResponse408
    | PostV1CheckBulkResponse413
    | PostV1CheckBulkResponse415
    | PostV1CheckBulkResponse429
    | PostV1CheckBulkResponse431
    | PostV1CheckBulkResponse503
    | None
):
    """Check 1 to 1,000 addresses

     One entry per input, in input order: a CheckResult, or {input, error} for an invalid address.
    Billed: 1 per CheckResult. Rate limit: 1 request and 1 address per entry (invalid ones included).

    Args:
        body (PostV1CheckBulkBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PostV1CheckBulkResponse200 | PostV1CheckBulkResponse400 | PostV1CheckBulkResponse401 | PostV1CheckBulkResponse403 | PostV1CheckBulkResponse408 | PostV1CheckBulkResponse413 | PostV1CheckBulkResponse415 | PostV1CheckBulkResponse429 | PostV1CheckBulkResponse431 | PostV1CheckBulkResponse503
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
