from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delete_v1_rules_id_response_400 import DeleteV1RulesIdResponse400
from ...models.delete_v1_rules_id_response_401 import DeleteV1RulesIdResponse401
from ...models.delete_v1_rules_id_response_403 import DeleteV1RulesIdResponse403
from ...models.delete_v1_rules_id_response_404 import DeleteV1RulesIdResponse404
from ...models.delete_v1_rules_id_response_408 import DeleteV1RulesIdResponse408
from ...models.delete_v1_rules_id_response_413 import DeleteV1RulesIdResponse413
from ...models.delete_v1_rules_id_response_415 import DeleteV1RulesIdResponse415
from ...models.delete_v1_rules_id_response_429 import DeleteV1RulesIdResponse429
from ...models.delete_v1_rules_id_response_431 import DeleteV1RulesIdResponse431
from ...models.delete_v1_rules_id_response_503 import DeleteV1RulesIdResponse503
from ...types import Response


def _get_kwargs(
    id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/rules/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Any
    | DeleteV1RulesIdResponse400
    | DeleteV1RulesIdResponse401
    | DeleteV1RulesIdResponse403
    | DeleteV1RulesIdResponse404
    | DeleteV1RulesIdResponse408
    | DeleteV1RulesIdResponse413
    | DeleteV1RulesIdResponse415
    | DeleteV1RulesIdResponse429
    | DeleteV1RulesIdResponse431
    | DeleteV1RulesIdResponse503
    | None
):
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = DeleteV1RulesIdResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = DeleteV1RulesIdResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = DeleteV1RulesIdResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = DeleteV1RulesIdResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 408:
        response_408 = DeleteV1RulesIdResponse408.from_dict(response.json())

        return response_408

    if response.status_code == 413:
        response_413 = DeleteV1RulesIdResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = DeleteV1RulesIdResponse415.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = DeleteV1RulesIdResponse429.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = DeleteV1RulesIdResponse431.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = DeleteV1RulesIdResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    Any
    | DeleteV1RulesIdResponse400
    | DeleteV1RulesIdResponse401
    | DeleteV1RulesIdResponse403
    | DeleteV1RulesIdResponse404
    | DeleteV1RulesIdResponse408
    | DeleteV1RulesIdResponse413
    | DeleteV1RulesIdResponse415
    | DeleteV1RulesIdResponse429
    | DeleteV1RulesIdResponse431
    | DeleteV1RulesIdResponse503
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    Any
    | DeleteV1RulesIdResponse400
    | DeleteV1RulesIdResponse401
    | DeleteV1RulesIdResponse403
    | DeleteV1RulesIdResponse404
    | DeleteV1RulesIdResponse408
    | DeleteV1RulesIdResponse413
    | DeleteV1RulesIdResponse415
    | DeleteV1RulesIdResponse429
    | DeleteV1RulesIdResponse431
    | DeleteV1RulesIdResponse503
]:
    """Delete a rule

     Takes effect on every instance within 2 seconds. 404 for an id that is not one of your rules
    (another account's, deleted, or not a rule id at all).

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | DeleteV1RulesIdResponse400 | DeleteV1RulesIdResponse401 | DeleteV1RulesIdResponse403 | DeleteV1RulesIdResponse404 | DeleteV1RulesIdResponse408 | DeleteV1RulesIdResponse413 | DeleteV1RulesIdResponse415 | DeleteV1RulesIdResponse429 | DeleteV1RulesIdResponse431 | DeleteV1RulesIdResponse503]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
) -> (
    Any
    | DeleteV1RulesIdResponse400
    | DeleteV1RulesIdResponse401
    | DeleteV1RulesIdResponse403
    | DeleteV1RulesIdResponse404
    | DeleteV1RulesIdResponse408
    | DeleteV1RulesIdResponse413
    | DeleteV1RulesIdResponse415
    | DeleteV1RulesIdResponse429
    | DeleteV1RulesIdResponse431
    | DeleteV1RulesIdResponse503
    | None
):
    """Delete a rule

     Takes effect on every instance within 2 seconds. 404 for an id that is not one of your rules
    (another account's, deleted, or not a rule id at all).

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | DeleteV1RulesIdResponse400 | DeleteV1RulesIdResponse401 | DeleteV1RulesIdResponse403 | DeleteV1RulesIdResponse404 | DeleteV1RulesIdResponse408 | DeleteV1RulesIdResponse413 | DeleteV1RulesIdResponse415 | DeleteV1RulesIdResponse429 | DeleteV1RulesIdResponse431 | DeleteV1RulesIdResponse503
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    Any
    | DeleteV1RulesIdResponse400
    | DeleteV1RulesIdResponse401
    | DeleteV1RulesIdResponse403
    | DeleteV1RulesIdResponse404
    | DeleteV1RulesIdResponse408
    | DeleteV1RulesIdResponse413
    | DeleteV1RulesIdResponse415
    | DeleteV1RulesIdResponse429
    | DeleteV1RulesIdResponse431
    | DeleteV1RulesIdResponse503
]:
    """Delete a rule

     Takes effect on every instance within 2 seconds. 404 for an id that is not one of your rules
    (another account's, deleted, or not a rule id at all).

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | DeleteV1RulesIdResponse400 | DeleteV1RulesIdResponse401 | DeleteV1RulesIdResponse403 | DeleteV1RulesIdResponse404 | DeleteV1RulesIdResponse408 | DeleteV1RulesIdResponse413 | DeleteV1RulesIdResponse415 | DeleteV1RulesIdResponse429 | DeleteV1RulesIdResponse431 | DeleteV1RulesIdResponse503]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
) -> (
    Any
    | DeleteV1RulesIdResponse400
    | DeleteV1RulesIdResponse401
    | DeleteV1RulesIdResponse403
    | DeleteV1RulesIdResponse404
    | DeleteV1RulesIdResponse408
    | DeleteV1RulesIdResponse413
    | DeleteV1RulesIdResponse415
    | DeleteV1RulesIdResponse429
    | DeleteV1RulesIdResponse431
    | DeleteV1RulesIdResponse503
    | None
):
    """Delete a rule

     Takes effect on every instance within 2 seconds. 404 for an id that is not one of your rules
    (another account's, deleted, or not a rule id at all).

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | DeleteV1RulesIdResponse400 | DeleteV1RulesIdResponse401 | DeleteV1RulesIdResponse403 | DeleteV1RulesIdResponse404 | DeleteV1RulesIdResponse408 | DeleteV1RulesIdResponse413 | DeleteV1RulesIdResponse415 | DeleteV1RulesIdResponse429 | DeleteV1RulesIdResponse431 | DeleteV1RulesIdResponse503
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
