from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.post_v1_rules_body import PostV1RulesBody
from ...models.post_v1_rules_response_201 import PostV1RulesResponse201
from ...models.post_v1_rules_response_400 import PostV1RulesResponse400
from ...models.post_v1_rules_response_401 import PostV1RulesResponse401
from ...models.post_v1_rules_response_403 import PostV1RulesResponse403
from ...models.post_v1_rules_response_408 import PostV1RulesResponse408
from ...models.post_v1_rules_response_413 import PostV1RulesResponse413
from ...models.post_v1_rules_response_415 import PostV1RulesResponse415
from ...models.post_v1_rules_response_429 import PostV1RulesResponse429
from ...models.post_v1_rules_response_431 import PostV1RulesResponse431
from ...models.post_v1_rules_response_503 import PostV1RulesResponse503
from ...types import Response


def _get_kwargs(
    *,
    body: PostV1RulesBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/rules",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    PostV1RulesResponse201
    | PostV1RulesResponse400
    | PostV1RulesResponse401
    | PostV1RulesResponse403
    | PostV1RulesResponse408
    | PostV1RulesResponse413
    | PostV1RulesResponse415
    | PostV1RulesResponse429
    | PostV1RulesResponse431
    | PostV1RulesResponse503
    | None
):
    if response.status_code == 201:
        response_201 = PostV1RulesResponse201.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = PostV1RulesResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PostV1RulesResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = PostV1RulesResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 408:
        response_408 = PostV1RulesResponse408.from_dict(response.json())

        return response_408

    if response.status_code == 413:
        response_413 = PostV1RulesResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = PostV1RulesResponse415.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = PostV1RulesResponse429.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = PostV1RulesResponse431.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = PostV1RulesResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    PostV1RulesResponse201
    | PostV1RulesResponse400
    | PostV1RulesResponse401
    | PostV1RulesResponse403
    | PostV1RulesResponse408
    | PostV1RulesResponse413
    | PostV1RulesResponse415
    | PostV1RulesResponse429
    | PostV1RulesResponse431
    | PostV1RulesResponse503
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
    body: PostV1RulesBody,
) -> Response[
    PostV1RulesResponse201
    | PostV1RulesResponse400
    | PostV1RulesResponse401
    | PostV1RulesResponse403
    | PostV1RulesResponse408
    | PostV1RulesResponse413
    | PostV1RulesResponse415
    | PostV1RulesResponse429
    | PostV1RulesResponse431
    | PostV1RulesResponse503
]:
    """Create a rule

     A matching rule sets the verdict of your checks (single and bulk); human_score stays the model's,
    the result carries `rule: {id, action}` and `reasons` starts with rule_allow, rule_review or
    rule_block. The most specific rule wins: email, then domain (the longest matching suffix), then
    mail_provider, then tld. Changes reach every instance within 2 seconds. A rule for a type and value
    that already has one replaces it. At most 10,000 rules per account. An email rule matches every
    spelling of the inbox (same canonical) and keeps only a keyed hash of it: the address is never
    stored or shown.

    Args:
        body (PostV1RulesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostV1RulesResponse201 | PostV1RulesResponse400 | PostV1RulesResponse401 | PostV1RulesResponse403 | PostV1RulesResponse408 | PostV1RulesResponse413 | PostV1RulesResponse415 | PostV1RulesResponse429 | PostV1RulesResponse431 | PostV1RulesResponse503]
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
    body: PostV1RulesBody,
) -> (
    PostV1RulesResponse201
    | PostV1RulesResponse400
    | PostV1RulesResponse401
    | PostV1RulesResponse403
    | PostV1RulesResponse408
    | PostV1RulesResponse413
    | PostV1RulesResponse415
    | PostV1RulesResponse429
    | PostV1RulesResponse431
    | PostV1RulesResponse503
    | None
):
    """Create a rule

     A matching rule sets the verdict of your checks (single and bulk); human_score stays the model's,
    the result carries `rule: {id, action}` and `reasons` starts with rule_allow, rule_review or
    rule_block. The most specific rule wins: email, then domain (the longest matching suffix), then
    mail_provider, then tld. Changes reach every instance within 2 seconds. A rule for a type and value
    that already has one replaces it. At most 10,000 rules per account. An email rule matches every
    spelling of the inbox (same canonical) and keeps only a keyed hash of it: the address is never
    stored or shown.

    Args:
        body (PostV1RulesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PostV1RulesResponse201 | PostV1RulesResponse400 | PostV1RulesResponse401 | PostV1RulesResponse403 | PostV1RulesResponse408 | PostV1RulesResponse413 | PostV1RulesResponse415 | PostV1RulesResponse429 | PostV1RulesResponse431 | PostV1RulesResponse503
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PostV1RulesBody,
) -> Response[
    PostV1RulesResponse201
    | PostV1RulesResponse400
    | PostV1RulesResponse401
    | PostV1RulesResponse403
    | PostV1RulesResponse408
    | PostV1RulesResponse413
    | PostV1RulesResponse415
    | PostV1RulesResponse429
    | PostV1RulesResponse431
    | PostV1RulesResponse503
]:
    """Create a rule

     A matching rule sets the verdict of your checks (single and bulk); human_score stays the model's,
    the result carries `rule: {id, action}` and `reasons` starts with rule_allow, rule_review or
    rule_block. The most specific rule wins: email, then domain (the longest matching suffix), then
    mail_provider, then tld. Changes reach every instance within 2 seconds. A rule for a type and value
    that already has one replaces it. At most 10,000 rules per account. An email rule matches every
    spelling of the inbox (same canonical) and keeps only a keyed hash of it: the address is never
    stored or shown.

    Args:
        body (PostV1RulesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostV1RulesResponse201 | PostV1RulesResponse400 | PostV1RulesResponse401 | PostV1RulesResponse403 | PostV1RulesResponse408 | PostV1RulesResponse413 | PostV1RulesResponse415 | PostV1RulesResponse429 | PostV1RulesResponse431 | PostV1RulesResponse503]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PostV1RulesBody,
) -> (
    PostV1RulesResponse201
    | PostV1RulesResponse400
    | PostV1RulesResponse401
    | PostV1RulesResponse403
    | PostV1RulesResponse408
    | PostV1RulesResponse413
    | PostV1RulesResponse415
    | PostV1RulesResponse429
    | PostV1RulesResponse431
    | PostV1RulesResponse503
    | None
):
    """Create a rule

     A matching rule sets the verdict of your checks (single and bulk); human_score stays the model's,
    the result carries `rule: {id, action}` and `reasons` starts with rule_allow, rule_review or
    rule_block. The most specific rule wins: email, then domain (the longest matching suffix), then
    mail_provider, then tld. Changes reach every instance within 2 seconds. A rule for a type and value
    that already has one replaces it. At most 10,000 rules per account. An email rule matches every
    spelling of the inbox (same canonical) and keeps only a keyed hash of it: the address is never
    stored or shown.

    Args:
        body (PostV1RulesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PostV1RulesResponse201 | PostV1RulesResponse400 | PostV1RulesResponse401 | PostV1RulesResponse403 | PostV1RulesResponse408 | PostV1RulesResponse413 | PostV1RulesResponse415 | PostV1RulesResponse429 | PostV1RulesResponse431 | PostV1RulesResponse503
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
