from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_v1_model_response_200 import GetV1ModelResponse200
from ...models.get_v1_model_response_400 import GetV1ModelResponse400
from ...models.get_v1_model_response_401 import GetV1ModelResponse401
from ...models.get_v1_model_response_403 import GetV1ModelResponse403
from ...models.get_v1_model_response_429 import GetV1ModelResponse429
from ...models.get_v1_model_response_431 import GetV1ModelResponse431
from ...models.get_v1_model_response_503 import GetV1ModelResponse503
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/model",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    GetV1ModelResponse200
    | GetV1ModelResponse400
    | GetV1ModelResponse401
    | GetV1ModelResponse403
    | GetV1ModelResponse429
    | GetV1ModelResponse431
    | GetV1ModelResponse503
    | None
):
    if response.status_code == 200:
        response_200 = GetV1ModelResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = GetV1ModelResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GetV1ModelResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GetV1ModelResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 429:
        response_429 = GetV1ModelResponse429.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = GetV1ModelResponse431.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GetV1ModelResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    GetV1ModelResponse200
    | GetV1ModelResponse400
    | GetV1ModelResponse401
    | GetV1ModelResponse403
    | GetV1ModelResponse429
    | GetV1ModelResponse431
    | GetV1ModelResponse503
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
    GetV1ModelResponse200
    | GetV1ModelResponse400
    | GetV1ModelResponse401
    | GetV1ModelResponse403
    | GetV1ModelResponse429
    | GetV1ModelResponse431
    | GetV1ModelResponse503
]:
    """Live model accuracy

     Prequential accuracy and log loss of the baseline and the learned model on every feedback example.
    Free.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetV1ModelResponse200 | GetV1ModelResponse400 | GetV1ModelResponse401 | GetV1ModelResponse403 | GetV1ModelResponse429 | GetV1ModelResponse431 | GetV1ModelResponse503]
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
    GetV1ModelResponse200
    | GetV1ModelResponse400
    | GetV1ModelResponse401
    | GetV1ModelResponse403
    | GetV1ModelResponse429
    | GetV1ModelResponse431
    | GetV1ModelResponse503
    | None
):
    """Live model accuracy

     Prequential accuracy and log loss of the baseline and the learned model on every feedback example.
    Free.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetV1ModelResponse200 | GetV1ModelResponse400 | GetV1ModelResponse401 | GetV1ModelResponse403 | GetV1ModelResponse429 | GetV1ModelResponse431 | GetV1ModelResponse503
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[
    GetV1ModelResponse200
    | GetV1ModelResponse400
    | GetV1ModelResponse401
    | GetV1ModelResponse403
    | GetV1ModelResponse429
    | GetV1ModelResponse431
    | GetV1ModelResponse503
]:
    """Live model accuracy

     Prequential accuracy and log loss of the baseline and the learned model on every feedback example.
    Free.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetV1ModelResponse200 | GetV1ModelResponse400 | GetV1ModelResponse401 | GetV1ModelResponse403 | GetV1ModelResponse429 | GetV1ModelResponse431 | GetV1ModelResponse503]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> (
    GetV1ModelResponse200
    | GetV1ModelResponse400
    | GetV1ModelResponse401
    | GetV1ModelResponse403
    | GetV1ModelResponse429
    | GetV1ModelResponse431
    | GetV1ModelResponse503
    | None
):
    """Live model accuracy

     Prequential accuracy and log loss of the baseline and the learned model on every feedback example.
    Free.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetV1ModelResponse200 | GetV1ModelResponse400 | GetV1ModelResponse401 | GetV1ModelResponse403 | GetV1ModelResponse429 | GetV1ModelResponse431 | GetV1ModelResponse503
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
