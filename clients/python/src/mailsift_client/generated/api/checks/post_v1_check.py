from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.post_v1_check_body import PostV1CheckBody
from ...models.post_v1_check_response_200 import PostV1CheckResponse200
from ...models.post_v1_check_response_400 import PostV1CheckResponse400
from ...models.post_v1_check_response_401 import PostV1CheckResponse401
from ...models.post_v1_check_response_403 import PostV1CheckResponse403
from ...models.post_v1_check_response_408 import PostV1CheckResponse408
from ...models.post_v1_check_response_413 import PostV1CheckResponse413
from ...models.post_v1_check_response_415 import PostV1CheckResponse415
from ...models.post_v1_check_response_429 import PostV1CheckResponse429
from ...models.post_v1_check_response_431 import PostV1CheckResponse431
from ...models.post_v1_check_response_503 import PostV1CheckResponse503
from ...types import Response


def _get_kwargs(
    *,
    body: PostV1CheckBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/check",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    PostV1CheckResponse200
    | PostV1CheckResponse400
    | PostV1CheckResponse401
    | PostV1CheckResponse403
    | PostV1CheckResponse408
    | PostV1CheckResponse413
    | PostV1CheckResponse415
    | PostV1CheckResponse429
    | PostV1CheckResponse431
    | PostV1CheckResponse503
    | None
):
    if response.status_code == 200:
        response_200 = PostV1CheckResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = PostV1CheckResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PostV1CheckResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PostV1CheckResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 408:
        response_408 = PostV1CheckResponse408.from_dict(response.json())

        return response_408

    if response.status_code == 413:
        response_413 = PostV1CheckResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = PostV1CheckResponse415.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = PostV1CheckResponse429.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = PostV1CheckResponse431.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = PostV1CheckResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    PostV1CheckResponse200
    | PostV1CheckResponse400
    | PostV1CheckResponse401
    | PostV1CheckResponse403
    | PostV1CheckResponse408
    | PostV1CheckResponse413
    | PostV1CheckResponse415
    | PostV1CheckResponse429
    | PostV1CheckResponse431
    | PostV1CheckResponse503
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
    body: PostV1CheckBody,
) -> Response[
    PostV1CheckResponse200
    | PostV1CheckResponse400
    | PostV1CheckResponse401
    | PostV1CheckResponse403
    | PostV1CheckResponse408
    | PostV1CheckResponse413
    | PostV1CheckResponse415
    | PostV1CheckResponse429
    | PostV1CheckResponse431
    | PostV1CheckResponse503
]:
    """Check one address

     Billed: 1 email. Rate limit: 1 request and 1 address. POST is preferred so addresses stay out of
    URLs and logs.

    Args:
        body (PostV1CheckBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostV1CheckResponse200 | PostV1CheckResponse400 | PostV1CheckResponse401 | PostV1CheckResponse403 | PostV1CheckResponse408 | PostV1CheckResponse413 | PostV1CheckResponse415 | PostV1CheckResponse429 | PostV1CheckResponse431 | PostV1CheckResponse503]
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
    body: PostV1CheckBody,
) -> (
    PostV1CheckResponse200
    | PostV1CheckResponse400
    | PostV1CheckResponse401
    | PostV1CheckResponse403
    | PostV1CheckResponse408
    | PostV1CheckResponse413
    | PostV1CheckResponse415
    | PostV1CheckResponse429
    | PostV1CheckResponse431
    | PostV1CheckResponse503
    | None
):
    """Check one address

     Billed: 1 email. Rate limit: 1 request and 1 address. POST is preferred so addresses stay out of
    URLs and logs.

    Args:
        body (PostV1CheckBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PostV1CheckResponse200 | PostV1CheckResponse400 | PostV1CheckResponse401 | PostV1CheckResponse403 | PostV1CheckResponse408 | PostV1CheckResponse413 | PostV1CheckResponse415 | PostV1CheckResponse429 | PostV1CheckResponse431 | PostV1CheckResponse503
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PostV1CheckBody,
) -> Response[
    PostV1CheckResponse200
    | PostV1CheckResponse400
    | PostV1CheckResponse401
    | PostV1CheckResponse403
    | PostV1CheckResponse408
    | PostV1CheckResponse413
    | PostV1CheckResponse415
    | PostV1CheckResponse429
    | PostV1CheckResponse431
    | PostV1CheckResponse503
]:
    """Check one address

     Billed: 1 email. Rate limit: 1 request and 1 address. POST is preferred so addresses stay out of
    URLs and logs.

    Args:
        body (PostV1CheckBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostV1CheckResponse200 | PostV1CheckResponse400 | PostV1CheckResponse401 | PostV1CheckResponse403 | PostV1CheckResponse408 | PostV1CheckResponse413 | PostV1CheckResponse415 | PostV1CheckResponse429 | PostV1CheckResponse431 | PostV1CheckResponse503]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PostV1CheckBody,
) -> (
    PostV1CheckResponse200
    | PostV1CheckResponse400
    | PostV1CheckResponse401
    | PostV1CheckResponse403
    | PostV1CheckResponse408
    | PostV1CheckResponse413
    | PostV1CheckResponse415
    | PostV1CheckResponse429
    | PostV1CheckResponse431
    | PostV1CheckResponse503
    | None
):
    """Check one address

     Billed: 1 email. Rate limit: 1 request and 1 address. POST is preferred so addresses stay out of
    URLs and logs.

    Args:
        body (PostV1CheckBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PostV1CheckResponse200 | PostV1CheckResponse400 | PostV1CheckResponse401 | PostV1CheckResponse403 | PostV1CheckResponse408 | PostV1CheckResponse413 | PostV1CheckResponse415 | PostV1CheckResponse429 | PostV1CheckResponse431 | PostV1CheckResponse503
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
