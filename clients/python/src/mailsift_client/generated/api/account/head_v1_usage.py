from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.head_v1_usage_response_200 import HeadV1UsageResponse200
from ...models.head_v1_usage_response_400 import HeadV1UsageResponse400
from ...models.head_v1_usage_response_401 import HeadV1UsageResponse401
from ...models.head_v1_usage_response_403 import HeadV1UsageResponse403
from ...models.head_v1_usage_response_429 import HeadV1UsageResponse429
from ...models.head_v1_usage_response_431 import HeadV1UsageResponse431
from ...models.head_v1_usage_response_503 import HeadV1UsageResponse503
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
        "url": "/v1/usage",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    HeadV1UsageResponse200
    | HeadV1UsageResponse400
    | HeadV1UsageResponse401
    | HeadV1UsageResponse403
    | HeadV1UsageResponse429
    | HeadV1UsageResponse431
    | HeadV1UsageResponse503
    | None
):
    if response.status_code == 200:
        response_200 = HeadV1UsageResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = HeadV1UsageResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = HeadV1UsageResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = HeadV1UsageResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 429:
        response_429 = HeadV1UsageResponse429.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = HeadV1UsageResponse431.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = HeadV1UsageResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    HeadV1UsageResponse200
    | HeadV1UsageResponse400
    | HeadV1UsageResponse401
    | HeadV1UsageResponse403
    | HeadV1UsageResponse429
    | HeadV1UsageResponse431
    | HeadV1UsageResponse503
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
    HeadV1UsageResponse200
    | HeadV1UsageResponse400
    | HeadV1UsageResponse401
    | HeadV1UsageResponse403
    | HeadV1UsageResponse429
    | HeadV1UsageResponse431
    | HeadV1UsageResponse503
]:
    """Billed emails per UTC day

     Your account's billed emails per day (1 per single check, 1 per address answered in bulk). At most
    92 days per request. Free.

    Args:
        from_ (str | Unset):
        to (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HeadV1UsageResponse200 | HeadV1UsageResponse400 | HeadV1UsageResponse401 | HeadV1UsageResponse403 | HeadV1UsageResponse429 | HeadV1UsageResponse431 | HeadV1UsageResponse503]
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
    HeadV1UsageResponse200
    | HeadV1UsageResponse400
    | HeadV1UsageResponse401
    | HeadV1UsageResponse403
    | HeadV1UsageResponse429
    | HeadV1UsageResponse431
    | HeadV1UsageResponse503
    | None
):
    """Billed emails per UTC day

     Your account's billed emails per day (1 per single check, 1 per address answered in bulk). At most
    92 days per request. Free.

    Args:
        from_ (str | Unset):
        to (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HeadV1UsageResponse200 | HeadV1UsageResponse400 | HeadV1UsageResponse401 | HeadV1UsageResponse403 | HeadV1UsageResponse429 | HeadV1UsageResponse431 | HeadV1UsageResponse503
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
    HeadV1UsageResponse200
    | HeadV1UsageResponse400
    | HeadV1UsageResponse401
    | HeadV1UsageResponse403
    | HeadV1UsageResponse429
    | HeadV1UsageResponse431
    | HeadV1UsageResponse503
]:
    """Billed emails per UTC day

     Your account's billed emails per day (1 per single check, 1 per address answered in bulk). At most
    92 days per request. Free.

    Args:
        from_ (str | Unset):
        to (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HeadV1UsageResponse200 | HeadV1UsageResponse400 | HeadV1UsageResponse401 | HeadV1UsageResponse403 | HeadV1UsageResponse429 | HeadV1UsageResponse431 | HeadV1UsageResponse503]
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
    HeadV1UsageResponse200
    | HeadV1UsageResponse400
    | HeadV1UsageResponse401
    | HeadV1UsageResponse403
    | HeadV1UsageResponse429
    | HeadV1UsageResponse431
    | HeadV1UsageResponse503
    | None
):
    """Billed emails per UTC day

     Your account's billed emails per day (1 per single check, 1 per address answered in bulk). At most
    92 days per request. Free.

    Args:
        from_ (str | Unset):
        to (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HeadV1UsageResponse200 | HeadV1UsageResponse400 | HeadV1UsageResponse401 | HeadV1UsageResponse403 | HeadV1UsageResponse429 | HeadV1UsageResponse431 | HeadV1UsageResponse503
    """

    return (
        await asyncio_detailed(
            client=client,
            from_=from_,
            to=to,
        )
    ).parsed
