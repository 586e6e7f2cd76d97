from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_v1_rules_response_200 import GetV1RulesResponse200
from ...models.get_v1_rules_response_400 import GetV1RulesResponse400
from ...models.get_v1_rules_response_401 import GetV1RulesResponse401
from ...models.get_v1_rules_response_403 import GetV1RulesResponse403
from ...models.get_v1_rules_response_429 import GetV1RulesResponse429
from ...models.get_v1_rules_response_431 import GetV1RulesResponse431
from ...models.get_v1_rules_response_503 import GetV1RulesResponse503
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/rules",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    GetV1RulesResponse200
    | GetV1RulesResponse400
    | GetV1RulesResponse401
    | GetV1RulesResponse403
    | GetV1RulesResponse429
    | GetV1RulesResponse431
    | GetV1RulesResponse503
    | None
):
    if response.status_code == 200:
        response_200 = GetV1RulesResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = GetV1RulesResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GetV1RulesResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GetV1RulesResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 429:
        response_429 = GetV1RulesResponse429.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = GetV1RulesResponse431.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GetV1RulesResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    GetV1RulesResponse200
    | GetV1RulesResponse400
    | GetV1RulesResponse401
    | GetV1RulesResponse403
    | GetV1RulesResponse429
    | GetV1RulesResponse431
    | GetV1RulesResponse503
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
    GetV1RulesResponse200
    | GetV1RulesResponse400
    | GetV1RulesResponse401
    | GetV1RulesResponse403
    | GetV1RulesResponse429
    | GetV1RulesResponse431
    | GetV1RulesResponse503
]:
    """List your rules

     A matching rule sets the verdict of your checks (single and bulk); human_score stays the model's,
    the result carries `rule: {id, action}` and `reasons` starts with rule_allow, rule_review or
    rule_block. The most specific rule wins: email, then domain (the longest matching suffix), then
    mail_provider, then tld. Changes reach every instance within 2 seconds. An email rule shows its id
    and note; its value is null.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetV1RulesResponse200 | GetV1RulesResponse400 | GetV1RulesResponse401 | GetV1RulesResponse403 | GetV1RulesResponse429 | GetV1RulesResponse431 | GetV1RulesResponse503]
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
    GetV1RulesResponse200
    | GetV1RulesResponse400
    | GetV1RulesResponse401
    | GetV1RulesResponse403
    | GetV1RulesResponse429
    | GetV1RulesResponse431
    | GetV1RulesResponse503
    | None
):
    """List your rules

     A matching rule sets the verdict of your checks (single and bulk); human_score stays the model's,
    the result carries `rule: {id, action}` and `reasons` starts with rule_allow, rule_review or
    rule_block. The most specific rule wins: email, then domain (the longest matching suffix), then
    mail_provider, then tld. Changes reach every instance within 2 seconds. An email rule shows its id
    and note; its value is null.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetV1RulesResponse200 | GetV1RulesResponse400 | GetV1RulesResponse401 | GetV1RulesResponse403 | GetV1RulesResponse429 | GetV1RulesResponse431 | GetV1RulesResponse503
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[
    GetV1RulesResponse200
    | GetV1RulesResponse400
    | GetV1RulesResponse401
    | GetV1RulesResponse403
    | GetV1RulesResponse429
    | GetV1RulesResponse431
    | GetV1RulesResponse503
]:
    """List your rules

     A matching rule sets the verdict of your checks (single and bulk); human_score stays the model's,
    the result carries `rule: {id, action}` and `reasons` starts with rule_allow, rule_review or
    rule_block. The most specific rule wins: email, then domain (the longest matching suffix), then
    mail_provider, then tld. Changes reach every instance within 2 seconds. An email rule shows its id
    and note; its value is null.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetV1RulesResponse200 | GetV1RulesResponse400 | GetV1RulesResponse401 | GetV1RulesResponse403 | GetV1RulesResponse429 | GetV1RulesResponse431 | GetV1RulesResponse503]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> (
    GetV1RulesResponse200
    | GetV1RulesResponse400
    | GetV1RulesResponse401
    | GetV1RulesResponse403
    | GetV1RulesResponse429
    | GetV1RulesResponse431
    | GetV1RulesResponse503
    | None
):
    """List your rules

     A matching rule sets the verdict of your checks (single and bulk); human_score stays the model's,
    the result carries `rule: {id, action}` and `reasons` starts with rule_allow, rule_review or
    rule_block. The most specific rule wins: email, then domain (the longest matching suffix), then
    mail_provider, then tld. Changes reach every instance within 2 seconds. An email rule shows its id
    and note; its value is null.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetV1RulesResponse200 | GetV1RulesResponse400 | GetV1RulesResponse401 | GetV1RulesResponse403 | GetV1RulesResponse429 | GetV1RulesResponse431 | GetV1RulesResponse503
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
