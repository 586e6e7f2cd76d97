from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.post_v1_feedback_body import PostV1FeedbackBody
from ...models.post_v1_feedback_response_202 import PostV1FeedbackResponse202
from ...models.post_v1_feedback_response_400 import PostV1FeedbackResponse400
from ...models.post_v1_feedback_response_401 import PostV1FeedbackResponse401
from ...models.post_v1_feedback_response_403 import PostV1FeedbackResponse403
from ...models.post_v1_feedback_response_404 import PostV1FeedbackResponse404
from ...models.post_v1_feedback_response_408 import PostV1FeedbackResponse408
from ...models.post_v1_feedback_response_413 import PostV1FeedbackResponse413
from ...models.post_v1_feedback_response_415 import PostV1FeedbackResponse415
from ...models.post_v1_feedback_response_429 import PostV1FeedbackResponse429
from ...models.post_v1_feedback_response_431 import PostV1FeedbackResponse431
from ...models.post_v1_feedback_response_503 import PostV1FeedbackResponse503
from ...types import Response


def _get_kwargs(
    *,
    body: PostV1FeedbackBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/feedback",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    PostV1FeedbackResponse202
    | PostV1FeedbackResponse400
    | PostV1FeedbackResponse401
    | PostV1FeedbackResponse403
    | PostV1FeedbackResponse404
    | PostV1FeedbackResponse408
    | PostV1FeedbackResponse413
    | PostV1FeedbackResponse415
    | PostV1FeedbackResponse429
    | PostV1FeedbackResponse431
    | PostV1FeedbackResponse503
    | None
):
    if response.status_code == 202:
        response_202 = PostV1FeedbackResponse202.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = PostV1FeedbackResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PostV1FeedbackResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PostV1FeedbackResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = PostV1FeedbackResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 408:
        response_408 = PostV1FeedbackResponse408.from_dict(response.json())

        return response_408

    if response.status_code == 413:
        response_413 = PostV1FeedbackResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = PostV1FeedbackResponse415.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = PostV1FeedbackResponse429.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = PostV1FeedbackResponse431.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = PostV1FeedbackResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    PostV1FeedbackResponse202
    | PostV1FeedbackResponse400
    | PostV1FeedbackResponse401
    | PostV1FeedbackResponse403
    | PostV1FeedbackResponse404
    | PostV1FeedbackResponse408
    | PostV1FeedbackResponse413
    | PostV1FeedbackResponse415
    | PostV1FeedbackResponse429
    | PostV1FeedbackResponse431
    | PostV1FeedbackResponse503
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
    body: PostV1FeedbackBody,
) -> Response[
    PostV1FeedbackResponse202
    | PostV1FeedbackResponse400
    | PostV1FeedbackResponse401
    | PostV1FeedbackResponse403
    | PostV1FeedbackResponse404
    | PostV1FeedbackResponse408
    | PostV1FeedbackResponse413
    | PostV1FeedbackResponse415
    | PostV1FeedbackResponse429
    | PostV1FeedbackResponse431
    | PostV1FeedbackResponse503
]:
    """Report what happened to a checked address

     Exactly one of check_id or email, plus outcome. Labels the named check, or the latest check of that
    inbox (any spelling) made by your account in the last 14 days. One label per check. Free.

    Args:
        body (PostV1FeedbackBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostV1FeedbackResponse202 | PostV1FeedbackResponse400 | PostV1FeedbackResponse401 | PostV1FeedbackResponse403 | PostV1FeedbackResponse404 | PostV1FeedbackResponse408 | PostV1FeedbackResponse413 | PostV1FeedbackResponse415 | PostV1FeedbackResponse429 | PostV1FeedbackResponse431 | PostV1FeedbackResponse503]
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
    body: PostV1FeedbackBody,
) -> (
    PostV1FeedbackResponse202
    | PostV1FeedbackResponse400
    | PostV1FeedbackResponse401
    | PostV1FeedbackResponse403
    | PostV1FeedbackResponse404
    | PostV1FeedbackResponse408
    | PostV1FeedbackResponse413
    | PostV1FeedbackResponse415
    | PostV1FeedbackResponse429
    | PostV1FeedbackResponse431
    | PostV1FeedbackResponse503
    | None
):
    """Report what happened to a checked address

     Exactly one of check_id or email, plus outcome. Labels the named check, or the latest check of that
    inbox (any spelling) made by your account in the last 14 days. One label per check. Free.

    Args:
        body (PostV1FeedbackBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PostV1FeedbackResponse202 | PostV1FeedbackResponse400 | PostV1FeedbackResponse401 | PostV1FeedbackResponse403 | PostV1FeedbackResponse404 | PostV1FeedbackResponse408 | PostV1FeedbackResponse413 | PostV1FeedbackResponse415 | PostV1FeedbackResponse429 | PostV1FeedbackResponse431 | PostV1FeedbackResponse503
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PostV1FeedbackBody,
) -> Response[
    PostV1FeedbackResponse202
    | PostV1FeedbackResponse400
    | PostV1FeedbackResponse401
    | PostV1FeedbackResponse403
    | PostV1FeedbackResponse404
    | PostV1FeedbackResponse408
    | PostV1FeedbackResponse413
    | PostV1FeedbackResponse415
    | PostV1FeedbackResponse429
    | PostV1FeedbackResponse431
    | PostV1FeedbackResponse503
]:
    """Report what happened to a checked address

     Exactly one of check_id or email, plus outcome. Labels the named check, or the latest check of that
    inbox (any spelling) made by your account in the last 14 days. One label per check. Free.

    Args:
        body (PostV1FeedbackBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostV1FeedbackResponse202 | PostV1FeedbackResponse400 | PostV1FeedbackResponse401 | PostV1FeedbackResponse403 | PostV1FeedbackResponse404 | PostV1FeedbackResponse408 | PostV1FeedbackResponse413 | PostV1FeedbackResponse415 | PostV1FeedbackResponse429 | PostV1FeedbackResponse431 | PostV1FeedbackResponse503]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PostV1FeedbackBody,
) -> (
    PostV1FeedbackResponse202
    | PostV1FeedbackResponse400
    | PostV1FeedbackResponse401
    | PostV1FeedbackResponse403
    | PostV1FeedbackResponse404
    | PostV1FeedbackResponse408
    | PostV1FeedbackResponse413
    | PostV1FeedbackResponse415
    | PostV1FeedbackResponse429
    | PostV1FeedbackResponse431
    | PostV1FeedbackResponse503
    | None
):
    """Report what happened to a checked address

     Exactly one of check_id or email, plus outcome. Labels the named check, or the latest check of that
    inbox (any spelling) made by your account in the last 14 days. One label per check. Free.

    Args:
        body (PostV1FeedbackBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PostV1FeedbackResponse202 | PostV1FeedbackResponse400 | PostV1FeedbackResponse401 | PostV1FeedbackResponse403 | PostV1FeedbackResponse404 | PostV1FeedbackResponse408 | PostV1FeedbackResponse413 | PostV1FeedbackResponse415 | PostV1FeedbackResponse429 | PostV1FeedbackResponse431 | PostV1FeedbackResponse503
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
