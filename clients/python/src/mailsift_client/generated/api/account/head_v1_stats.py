from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.head_v1_stats_response_200 import HeadV1StatsResponse200
from ...models.head_v1_stats_response_400 import HeadV1StatsResponse400
from ...models.head_v1_stats_response_401 import HeadV1StatsResponse401
from ...models.head_v1_stats_response_403 import HeadV1StatsResponse403
from ...models.head_v1_stats_response_429 import HeadV1StatsResponse429
from ...models.head_v1_stats_response_431 import HeadV1StatsResponse431
from ...models.head_v1_stats_response_503 import HeadV1StatsResponse503
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["from"] = from_

    params["to"] = to

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "head",
        "url": "/v1/stats",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    HeadV1StatsResponse200
    | HeadV1StatsResponse400
    | HeadV1StatsResponse401
    | HeadV1StatsResponse403
    | HeadV1StatsResponse429
    | HeadV1StatsResponse431
    | HeadV1StatsResponse503
    | None
):
    if response.status_code == 200:
        response_200 = HeadV1StatsResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = HeadV1StatsResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = HeadV1StatsResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = HeadV1StatsResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 429:
        response_429 = HeadV1StatsResponse429.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = HeadV1StatsResponse431.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = HeadV1StatsResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    HeadV1StatsResponse200
    | HeadV1StatsResponse400
    | HeadV1StatsResponse401
    | HeadV1StatsResponse403
    | HeadV1StatsResponse429
    | HeadV1StatsResponse431
    | HeadV1StatsResponse503
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
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
) -> Response[
    HeadV1StatsResponse200
    | HeadV1StatsResponse400
    | HeadV1StatsResponse401
    | HeadV1StatsResponse403
    | HeadV1StatsResponse429
    | HeadV1StatsResponse431
    | HeadV1StatsResponse503
]:
    """Your checks, outcomes and models per UTC day

     Per day of the range (every day listed, empty ones with zeros; at most 92 days, both ends included;
    default the last 30): your account's checks by verdict, the reason codes they carried, the outcomes
    you reported, each model's prequential scores on that day's outcomes and the learned versions
    published; and the domains where your checks of the last hour met a sign-up wave. Only your
    account's figures. Free.

    Args:
        from_ (str | Unset):
        to (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HeadV1StatsResponse200 | HeadV1StatsResponse400 | HeadV1StatsResponse401 | HeadV1StatsResponse403 | HeadV1StatsResponse429 | HeadV1StatsResponse431 | HeadV1StatsResponse503]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
) -> (
    HeadV1StatsResponse200
    | HeadV1StatsResponse400
    | HeadV1StatsResponse401
    | HeadV1StatsResponse403
    | HeadV1StatsResponse429
    | HeadV1StatsResponse431
    | HeadV1StatsResponse503
    | None
):
    """Your checks, outcomes and models per UTC day

     Per day of the range (every day listed, empty ones with zeros; at most 92 days, both ends included;
    default the last 30): your account's checks by verdict, the reason codes they carried, the outcomes
    you reported, each model's prequential scores on that day's outcomes and the learned versions
    published; and the domains where your checks of the last hour met a sign-up wave. Only your
    account's figures. Free.

    Args:
        from_ (str | Unset):
        to (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HeadV1StatsResponse200 | HeadV1StatsResponse400 | HeadV1StatsResponse401 | HeadV1StatsResponse403 | HeadV1StatsResponse429 | HeadV1StatsResponse431 | HeadV1StatsResponse503
    """

    return sync_detailed(
        client=client,
        from_=from_,
        to=to,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
) -> Response[
    HeadV1StatsResponse200
    | HeadV1StatsResponse400
    | HeadV1StatsResponse401
    | HeadV1StatsResponse403
    | HeadV1StatsResponse429
    | HeadV1StatsResponse431
    | HeadV1StatsResponse503
]:
    """Your checks, outcomes and models per UTC day

     Per day of the range (every day listed, empty ones with zeros; at most 92 days, both ends included;
    default the last 30): your account's checks by verdict, the reason codes they carried, the outcomes
    you reported, each model's prequential scores on that day's outcomes and the learned versions
    published; and the domains where your checks of the last hour met a sign-up wave. Only your
    account's figures. Free.

    Args:
        from_ (str | Unset):
        to (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HeadV1StatsResponse200 | HeadV1StatsResponse400 | HeadV1StatsResponse401 | HeadV1StatsResponse403 | HeadV1StatsResponse429 | HeadV1StatsResponse431 | HeadV1StatsResponse503]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
) -> (
    HeadV1StatsResponse200
    | HeadV1StatsResponse400
    | HeadV1StatsResponse401
    | HeadV1StatsResponse403
    | HeadV1StatsResponse429
    | HeadV1StatsResponse431
    | HeadV1StatsResponse503
    | None
):
    """Your checks, outcomes and models per UTC day

     Per day of the range (every day listed, empty ones with zeros; at most 92 days, both ends included;
    default the last 30): your account's checks by verdict, the reason codes they carried, the outcomes
    you reported, each model's prequential scores on that day's outcomes and the learned versions
    published; and the domains where your checks of the last hour met a sign-up wave. Only your
    account's figures. Free.

    Args:
        from_ (str | Unset):
        to (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HeadV1StatsResponse200 | HeadV1StatsResponse400 | HeadV1StatsResponse401 | HeadV1StatsResponse403 | HeadV1StatsResponse429 | HeadV1StatsResponse431 | HeadV1StatsResponse503
    """

    return (
        await asyncio_detailed(
            client=client,
            from_=from_,
            to=to,
        )
    ).parsed
