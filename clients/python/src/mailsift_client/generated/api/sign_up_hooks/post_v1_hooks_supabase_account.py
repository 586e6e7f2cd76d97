from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.post_v1_hooks_supabase_account_response_200_type_0 import (
    PostV1HooksSupabaseAccountResponse200Type0,
)
from ...models.post_v1_hooks_supabase_account_response_200_type_1 import (
    PostV1HooksSupabaseAccountResponse200Type1,
)
from ...models.post_v1_hooks_supabase_account_response_400 import (
    PostV1HooksSupabaseAccountResponse400,
)
from ...models.post_v1_hooks_supabase_account_response_401 import (
    PostV1HooksSupabaseAccountResponse401,
)
from ...models.post_v1_hooks_supabase_account_response_408 import (
    PostV1HooksSupabaseAccountResponse408,
)
from ...models.post_v1_hooks_supabase_account_response_413 import (
    PostV1HooksSupabaseAccountResponse413,
)
from ...models.post_v1_hooks_supabase_account_response_415 import (
    PostV1HooksSupabaseAccountResponse415,
)
from ...models.post_v1_hooks_supabase_account_response_431 import (
    PostV1HooksSupabaseAccountResponse431,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    account: str,
    *,
    webhook_id: str | Unset = UNSET,
    webhook_timestamp: str | Unset = UNSET,
    webhook_signature: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(webhook_id, Unset):
        headers["webhook-id"] = webhook_id

    if not isinstance(webhook_timestamp, Unset):
        headers["webhook-timestamp"] = webhook_timestamp

    if not isinstance(webhook_signature, Unset):
        headers["webhook-signature"] = webhook_signature

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/hooks/supabase/{account}".format(
            account=quote(str(account), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    PostV1HooksSupabaseAccountResponse200Type0
    | PostV1HooksSupabaseAccountResponse200Type1
    | PostV1HooksSupabaseAccountResponse400
    | PostV1HooksSupabaseAccountResponse401
    | PostV1HooksSupabaseAccountResponse408
    | PostV1HooksSupabaseAccountResponse413
    | PostV1HooksSupabaseAccountResponse415
    | PostV1HooksSupabaseAccountResponse431
    | None
):
    if response.status_code == 200:

        def _parse_response_200(
            data: object,
        ) -> (
            PostV1HooksSupabaseAccountResponse200Type0
            | PostV1HooksSupabaseAccountResponse200Type1
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = (
                    PostV1HooksSupabaseAccountResponse200Type0.from_dict(data)
                )

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_1 = PostV1HooksSupabaseAccountResponse200Type1.from_dict(
                data
            )

            return response_200_type_1

        response_200 = _parse_response_200(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = PostV1HooksSupabaseAccountResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PostV1HooksSupabaseAccountResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 408:
        response_408 = PostV1HooksSupabaseAccountResponse408.from_dict(response.json())

        return response_408

    if response.status_code == 413:
        response_413 = PostV1HooksSupabaseAccountResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = PostV1HooksSupabaseAccountResponse415.from_dict(response.json())

        return response_415

    if response.status_code == 431:
        response_431 = PostV1HooksSupabaseAccountResponse431.from_dict(response.json())

        return response_431

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    PostV1HooksSupabaseAccountResponse200Type0
    | PostV1HooksSupabaseAccountResponse200Type1
    | PostV1HooksSupabaseAccountResponse400
    | PostV1HooksSupabaseAccountResponse401
    | PostV1HooksSupabaseAccountResponse408
    | PostV1HooksSupabaseAccountResponse413
    | PostV1HooksSupabaseAccountResponse415
    | PostV1HooksSupabaseAccountResponse431
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    account: str,
    *,
    client: AuthenticatedClient | Client,
    webhook_id: str | Unset = UNSET,
    webhook_timestamp: str | Unset = UNSET,
    webhook_signature: str | Unset = UNSET,
) -> Response[
    PostV1HooksSupabaseAccountResponse200Type0
    | PostV1HooksSupabaseAccountResponse200Type1
    | PostV1HooksSupabaseAccountResponse400
    | PostV1HooksSupabaseAccountResponse401
    | PostV1HooksSupabaseAccountResponse408
    | PostV1HooksSupabaseAccountResponse413
    | PostV1HooksSupabaseAccountResponse415
    | PostV1HooksSupabaseAccountResponse431
]:
    """Supabase Auth "Before User Created" hook

     Set this URL, with your account name, as the HTTP hook in Supabase (Authentication > Hooks), and the
    secret Supabase shows there as `signup_hook_secret` with PATCH /v1/settings. No API key: the
    Standard Webhooks signature authenticates the request (a replayed webhook-id or a timestamp more
    than 5 minutes off is refused). The body is what Supabase sends: `{metadata: {ip_address, ...},
    user: {email, ...}}`. Answers 200 `{}` to allow, or `{error: {http_code: 403, message}}` to refuse a
    `block` (and a `review` when `signup_hook_reject_review` is set). A signed body of another shape is
    400. Allows, with `{}`, when no verdict comes within 2 s (Supabase waits 5 s), when the check would
    exceed your rate limit, and when the service is overloaded: Supabase fails the sign-up on any other
    answer. Billed: 1 email per address checked.

    Args:
        account (str):
        webhook_id (str | Unset):
        webhook_timestamp (str | Unset):
        webhook_signature (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostV1HooksSupabaseAccountResponse200Type0 | PostV1HooksSupabaseAccountResponse200Type1 | PostV1HooksSupabaseAccountResponse400 | PostV1HooksSupabaseAccountResponse401 | PostV1HooksSupabaseAccountResponse408 | PostV1HooksSupabaseAccountResponse413 | PostV1HooksSupabaseAccountResponse415 | PostV1HooksSupabaseAccountResponse431]
    """

    kwargs = _get_kwargs(
        account=account,
        webhook_id=webhook_id,
        webhook_timestamp=webhook_timestamp,
        webhook_signature=webhook_signature,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    account: str,
    *,
    client: AuthenticatedClient | Client,
    webhook_id: str | Unset = UNSET,
    webhook_timestamp: str | Unset = UNSET,
    webhook_signature: str | Unset = UNSET,
) -> (
    PostV1HooksSupabaseAccountResponse200Type0
    | PostV1HooksSupabaseAccountResponse200Type1
    | PostV1HooksSupabaseAccountResponse400
    | PostV1HooksSupabaseAccountResponse401
    | PostV1HooksSupabaseAccountResponse408
    | PostV1HooksSupabaseAccountResponse413
    | PostV1HooksSupabaseAccountResponse415
    | PostV1HooksSupabaseAccountResponse431
    | None
):
    """Supabase Auth "Before User Created" hook

     Set this URL, with your account name, as the HTTP hook in Supabase (Authentication > Hooks), and the
    secret Supabase shows there as `signup_hook_secret` with PATCH /v1/settings. No API key: the
    Standard Webhooks signature authenticates the request (a replayed webhook-id or a timestamp more
    than 5 minutes off is refused). The body is what Supabase sends: `{metadata: {ip_address, ...},
    user: {email, ...}}`. Answers 200 `{}` to allow, or `{error: {http_code: 403, message}}` to refuse a
    `block` (and a `review` when `signup_hook_reject_review` is set). A signed body of another shape is
    400. Allows, with `{}`, when no verdict comes within 2 s (Supabase waits 5 s), when the check would
    exceed your rate limit, and when the service is overloaded: Supabase fails the sign-up on any other
    answer. Billed: 1 email per address checked.

    Args:
        account (str):
        webhook_id (str | Unset):
        webhook_timestamp (str | Unset):
        webhook_signature (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PostV1HooksSupabaseAccountResponse200Type0 | PostV1HooksSupabaseAccountResponse200Type1 | PostV1HooksSupabaseAccountResponse400 | PostV1HooksSupabaseAccountResponse401 | PostV1HooksSupabaseAccountResponse408 | PostV1HooksSupabaseAccountResponse413 | PostV1HooksSupabaseAccountResponse415 | PostV1HooksSupabaseAccountResponse431
    """

    return sync_detailed(
        account=account,
        client=client,
        webhook_id=webhook_id,
        webhook_timestamp=webhook_timestamp,
        webhook_signature=webhook_signature,
    ).parsed


async def asyncio_detailed(
    account: str,
    *,
    client: AuthenticatedClient | Client,
    webhook_id: str | Unset = UNSET,
    webhook_timestamp: str | Unset = UNSET,
    webhook_signature: str | Unset = UNSET,
) -> Response[
    PostV1HooksSupabaseAccountResponse200Type0
    | PostV1HooksSupabaseAccountResponse200Type1
    | PostV1HooksSupabaseAccountResponse400
    | PostV1HooksSupabaseAccountResponse401
    | PostV1HooksSupabaseAccountResponse408
    | PostV1HooksSupabaseAccountResponse413
    | PostV1HooksSupabaseAccountResponse415
    | PostV1HooksSupabaseAccountResponse431
]:
    """Supabase Auth "Before User Created" hook

     Set this URL, with your account name, as the HTTP hook in Supabase (Authentication > Hooks), and the
    secret Supabase shows there as `signup_hook_secret` with PATCH /v1/settings. No API key: the
    Standard Webhooks signature authenticates the request (a replayed webhook-id or a timestamp more
    than 5 minutes off is refused). The body is what Supabase sends: `{metadata: {ip_address, ...},
    user: {email, ...}}`. Answers 200 `{}` to allow, or `{error: {http_code: 403, message}}` to refuse a
    `block` (and a `review` when `signup_hook_reject_review` is set). A signed body of another shape is
    400. Allows, with `{}`, when no verdict comes within 2 s (Supabase waits 5 s), when the check would
    exceed your rate limit, and when the service is overloaded: Supabase fails the sign-up on any other
    answer. Billed: 1 email per address checked.

    Args:
        account (str):
        webhook_id (str | Unset):
        webhook_timestamp (str | Unset):
        webhook_signature (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PostV1HooksSupabaseAccountResponse200Type0 | PostV1HooksSupabaseAccountResponse200Type1 | PostV1HooksSupabaseAccountResponse400 | PostV1HooksSupabaseAccountResponse401 | PostV1HooksSupabaseAccountResponse408 | PostV1HooksSupabaseAccountResponse413 | PostV1HooksSupabaseAccountResponse415 | PostV1HooksSupabaseAccountResponse431]
    """

    kwargs = _get_kwargs(
        account=account,
        webhook_id=webhook_id,
        webhook_timestamp=webhook_timestamp,
        webhook_signature=webhook_signature,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    account: str,
    *,
    client: AuthenticatedClient | Client,
    webhook_id: str | Unset = UNSET,
    webhook_timestamp: str | Unset = UNSET,
    webhook_signature: str | Unset = UNSET,
) -> (
    PostV1HooksSupabaseAccountResponse200Type0
    | PostV1HooksSupabaseAccountResponse200Type1
    | PostV1HooksSupabaseAccountResponse400
    | PostV1HooksSupabaseAccountResponse401
    | PostV1HooksSupabaseAccountResponse408
    | PostV1HooksSupabaseAccountResponse413
    | PostV1HooksSupabaseAccountResponse415
    | PostV1HooksSupabaseAccountResponse431
    | None
):
    """Supabase Auth "Before User Created" hook

     Set this URL, with your account name, as the HTTP hook in Supabase (Authentication > Hooks), and the
    secret Supabase shows there as `signup_hook_secret` with PATCH /v1/settings. No API key: the
    Standard Webhooks signature authenticates the request (a replayed webhook-id or a timestamp more
    than 5 minutes off is refused). The body is what Supabase sends: `{metadata: {ip_address, ...},
    user: {email, ...}}`. Answers 200 `{}` to allow, or `{error: {http_code: 403, message}}` to refuse a
    `block` (and a `review` when `signup_hook_reject_review` is set). A signed body of another shape is
    400. Allows, with `{}`, when no verdict comes within 2 s (Supabase waits 5 s), when the check would
    exceed your rate limit, and when the service is overloaded: Supabase fails the sign-up on any other
    answer. Billed: 1 email per address checked.

    Args:
        account (str):
        webhook_id (str | Unset):
        webhook_timestamp (str | Unset):
        webhook_signature (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PostV1HooksSupabaseAccountResponse200Type0 | PostV1HooksSupabaseAccountResponse200Type1 | PostV1HooksSupabaseAccountResponse400 | PostV1HooksSupabaseAccountResponse401 | PostV1HooksSupabaseAccountResponse408 | PostV1HooksSupabaseAccountResponse413 | PostV1HooksSupabaseAccountResponse415 | PostV1HooksSupabaseAccountResponse431
    """

    return (
        await asyncio_detailed(
            account=account,
            client=client,
            webhook_id=webhook_id,
            webhook_timestamp=webhook_timestamp,
            webhook_signature=webhook_signature,
        )
    ).parsed
