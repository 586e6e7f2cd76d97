/**
 * Generated from clients/openapi.json by `npm run clients:generate` (openapi-typescript).
 * Do not edit: change the route schemas in src/api and regenerate.
 */
export interface paths {
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI 3.1 document (no API key needed) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OpenAPI 3.1 document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** This OpenAPI 3.1 document (no API key needed) */
        head: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OpenAPI 3.1 document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Liveness: the process answers */
        head: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: 200 {status: "ready", checks} when every dependency is usable; 200 {status: "degraded", checks} when only optional ones (DNS, feeds) are not; else 503 {error} naming the failing required checks (with Retry-After) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description `ready`: every check is ok. `degraded`: serving, but a check with `required: false` is not ok (DNS or feeds), so some answer fields are absent or null */
                            status: "ready" | "degraded";
                            /** @description Each dependency (event log, state, feeds, DNS, Kafka, ...) and whether it is usable */
                            checks: {
                                [key: string]: {
                                    ok: boolean;
                                    /**
                                     * @description Not ok only degrades answers; the service stays ready
                                     * @enum {boolean}
                                     */
                                    required?: false;
                                    detail?: string;
                                };
                            };
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Readiness: 200 {status: "ready", checks} when every dependency is usable; 200 {status: "degraded", checks} when only optional ones (DNS, feeds) are not; else 503 {error} naming the failing required checks (with Retry-After) */
        head: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description `ready`: every check is ok. `degraded`: serving, but a check with `required: false` is not ok (DNS or feeds), so some answer fields are absent or null */
                            status: "ready" | "degraded";
                            /** @description Each dependency (event log, state, feeds, DNS, Kafka, ...) and whether it is usable */
                            checks: {
                                [key: string]: {
                                    ok: boolean;
                                    /**
                                     * @description Not ok only degrades answers; the service stays ready
                                     * @enum {boolean}
                                     */
                                    required?: false;
                                    detail?: string;
                                };
                            };
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (text exposition format) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Prometheus text format 0.0.4 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Prometheus metrics (text exposition format) */
        head: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Prometheus text format 0.0.4 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        patch?: never;
        trace?: never;
    };
    "/v1/hooks/supabase/{account}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Supabase Auth "Before User Created" hook
         * @description Set this URL, with your account name, as the HTTP hook in Supabase (Authentication > Hooks), and the secret Supabase shows there as `signup_hook_secret` with PATCH /v1/settings. No API key: the Standard Webhooks signature authenticates the request (a replayed webhook-id or a timestamp more than 5 minutes off is refused). The body is what Supabase sends: `{metadata: {ip_address, ...}, user: {email, ...}}`. Answers 200 `{}` to allow, or `{error: {http_code: 403, message}}` to refuse a `block` (and a `review` when `signup_hook_reject_review` is set). A signed body of another shape is 400. Allows, with `{}`, when no verdict comes within 2 s (Supabase waits 5 s), when the check would exceed your rate limit, and when the service is overloaded: Supabase fails the sign-up on any other answer. Billed: 1 email per address checked.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Standard Webhooks message id (a new one per attempt) */
                    "webhook-id"?: string;
                    /** @description Unix seconds; refused when more than 5 minutes off */
                    "webhook-timestamp"?: string;
                    /** @description `v1,<base64 HMAC-SHA256>` under your signup_hook_secret (several, space-separated, during a rotation) */
                    "webhook-signature"?: string;
                };
                path: {
                    /** @description Your account name (the one your API keys belong to) */
                    account: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Supabase's hook answer */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never> | {
                            error: {
                                http_code: number;
                                message: string;
                            };
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Missing or unknown API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The request did not arrive whole within 30 s */
                408: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Body over 1 MiB */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Body is not JSON, or compressed (Content-Encoding other than identity: send it uncompressed) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check one address (query parameters)
         * @description Same as POST /v1/check. Billed: 1 email. Rate limit: 1 request and 1 address.
         */
        get: {
            parameters: {
                query: {
                    /** @description Email address; at most 254 characters after trimming */
                    email: string;
                    /** @description As in the POST body */
                    ip?: string;
                    /** @description Adds `evidence`: true|false|1|0 (default false) */
                    explain?: "true" | "false" | "1" | "0";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The input address, trimmed and lowercased */
                            email: string;
                            /** @description The inbox the address really reaches */
                            canonical: string;
                            /** @description Suggested address when the domain looks like a typo */
                            did_you_mean?: string;
                            /**
                             * @description Kind of mailbox
                             * @enum {string}
                             */
                            account_type: "work" | "free" | "school" | "relay" | "disposable" | "unknown";
                            role_account?: boolean;
                            disposable?: boolean;
                            relay?: boolean;
                            /** @description Null when DNS could not answer */
                            deliverable_domain?: boolean | null;
                            /**
                             * @description Mail provider from the MX hosts
                             * @enum {string}
                             */
                            mail_provider?: "google" | "microsoft" | "yahoo" | "apple" | "zoho" | "proton" | "gateway" | "other" | "none";
                            domain_age_days?: number;
                            /**
                             * @description Company domains only
                             * @enum {string}
                             */
                            domain_pattern?: "match" | "mismatch" | "learning";
                            alias_variants?: number;
                            /** @description Unique inboxes at the domain in about the last 10 minutes across all customers, each customer's counted as its own (shown from 20) */
                            recent_signups?: number;
                            /** @description Share of fake outcomes other customers reported at this domain: each customer's own share, none weighing more than its capped share (MAILSIFT_MAX_ACCOUNT_SHARE). Shown once 2 have reported; never at the big free-mail domains */
                            domain_fake_rate?: number;
                            ip?: {
                                /**
                                 * @description Cloud provider owning the IP
                                 * @enum {string}
                                 */
                                datacenter?: "aws" | "azure" | "google_cloud" | "digital_ocean";
                                /** @description IP is a Tor exit (present when the Tor feed is loaded) */
                                tor?: boolean;
                                /** @description Distinct inboxes from this IP at your account in the last hour (an IPv6 address counts as its /64: one host or LAN holds it whole) */
                                signups_from_ip?: number;
                                /**
                                 * @description Why the IP was not used; no other field is then present
                                 * @enum {string}
                                 */
                                ignored?: "private" | "reserved" | "invalid";
                            };
                            evidence?: {
                                /**
                                 * @description Signal name (closed list, README)
                                 * @enum {string}
                                 */
                                signal: "free_provider" | "custom_domain" | "school_domain" | "relay_address" | "disposable_domain" | "role_account" | "typo_domain" | "plus_tag" | "name_score" | "name_shape" | "word_share" | "service_words" | "honorific" | "ngram_surprise" | "odd_ending" | "uncovered_share" | "mixed_alnum" | "consonant_cluster" | "digit_run" | "year_suffix" | "numeric_local" | "keyboard_walk" | "repeated_chunks" | "long_local" | "no_mail_server" | "mail_gateway" | "hosted_mail" | "datacenter_ip" | "tor_exit" | "ip_burst" | "alias_burst" | "signup_wave" | "reported_fake_domain" | "domain_pattern_match" | "domain_pattern_mismatch" | "young_domain" | "impossible_mailbox" | "numeric_account" | "lookalike_domain" | "provider_imitation" | "government_domain" | "numbered_name" | "mail_service_domain" | "random_tag" | "generated_domain" | "numbered_burst" | "bulk_suffix" | "dotted_alias";
                                value: number;
                                /** @description Effect on the logit; positive = more likely a real human */
                                impact: number;
                            }[];
                            human_score: number;
                            /**
                             * @description From human_score: allow >= 60, review 30-59, block < 30 by default (MAILSIFT_VERDICT_*, or your account's settings); or your matching rule's action
                             * @enum {string}
                             */
                            verdict: "allow" | "review" | "block";
                            /** @description Reason codes, most influential first */
                            reasons: ("natural_name" | "matches_domain_address_pattern" | "work_domain" | "disposable_domain" | "role_account" | "random_local_part" | "typo_domain" | "no_mail_server" | "alias_burst" | "signup_wave" | "datacenter_ip" | "tor_exit" | "ip_burst" | "young_domain" | "reported_fake_domain" | "free_provider" | "school_domain" | "relay_address" | "service_words" | "honorific_prefix" | "many_digits" | "numeric_local_part" | "keyboard_pattern" | "repeated_pattern" | "long_local_part" | "mismatches_domain_address_pattern" | "business_mail_provider" | "mail_gateway" | "impossible_mailbox" | "numeric_account" | "lookalike_domain" | "provider_imitation" | "government_domain" | "numbered_name" | "mail_service_domain" | "generated_domain" | "numbered_burst" | "bulk_suffix_domain" | "dotted_alias" | "rule_allow" | "rule_review" | "rule_block" | "test_address")[];
                            check_id: string;
                            /** @enum {boolean} */
                            feedback_wanted?: true;
                            model: string;
                            /** @description Present when one of your rules matched: it set the verdict (human_score stays the model's); reasons starts with rule_<action> */
                            rule?: {
                                id: string;
                                /**
                                 * @description The verdict the rule sets
                                 * @enum {string}
                                 */
                                action: "allow" | "review" | "block";
                            };
                            /**
                             * @description Made with a test key: not billed, not counted in any window, not learned from
                             * @enum {boolean}
                             */
                            test?: true;
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Missing or unknown API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The API key lacks the scope this operation needs (the message names it) */
                403: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Check one address
         * @description Billed: 1 email. Rate limit: 1 request and 1 address. POST is preferred so addresses stay out of URLs and logs.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Email address; at most 254 characters after trimming */
                        email: string;
                        /** @description Public IPv4 or IPv6 address of the end user. Never stored. Any other string is not an error: the result carries ip.ignored. null: not given */
                        ip?: string | null;
                        /** @description Adds `evidence` (default false; null: not given) */
                        explain?: boolean | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The input address, trimmed and lowercased */
                            email: string;
                            /** @description The inbox the address really reaches */
                            canonical: string;
                            /** @description Suggested address when the domain looks like a typo */
                            did_you_mean?: string;
                            /**
                             * @description Kind of mailbox
                             * @enum {string}
                             */
                            account_type: "work" | "free" | "school" | "relay" | "disposable" | "unknown";
                            role_account?: boolean;
                            disposable?: boolean;
                            relay?: boolean;
                            /** @description Null when DNS could not answer */
                            deliverable_domain?: boolean | null;
                            /**
                             * @description Mail provider from the MX hosts
                             * @enum {string}
                             */
                            mail_provider?: "google" | "microsoft" | "yahoo" | "apple" | "zoho" | "proton" | "gateway" | "other" | "none";
                            domain_age_days?: number;
                            /**
                             * @description Company domains only
                             * @enum {string}
                             */
                            domain_pattern?: "match" | "mismatch" | "learning";
                            alias_variants?: number;
                            /** @description Unique inboxes at the domain in about the last 10 minutes across all customers, each customer's counted as its own (shown from 20) */
                            recent_signups?: number;
                            /** @description Share of fake outcomes other customers reported at this domain: each customer's own share, none weighing more than its capped share (MAILSIFT_MAX_ACCOUNT_SHARE). Shown once 2 have reported; never at the big free-mail domains */
                            domain_fake_rate?: number;
                            ip?: {
                                /**
                                 * @description Cloud provider owning the IP
                                 * @enum {string}
                                 */
                                datacenter?: "aws" | "azure" | "google_cloud" | "digital_ocean";
                                /** @description IP is a Tor exit (present when the Tor feed is loaded) */
                                tor?: boolean;
                                /** @description Distinct inboxes from this IP at your account in the last hour (an IPv6 address counts as its /64: one host or LAN holds it whole) */
                                signups_from_ip?: number;
                                /**
                                 * @description Why the IP was not used; no other field is then present
                                 * @enum {string}
                                 */
                                ignored?: "private" | "reserved" | "invalid";
                            };
                            evidence?: {
                                /**
                                 * @description Signal name (closed list, README)
                                 * @enum {string}
                                 */
                                signal: "free_provider" | "custom_domain" | "school_domain" | "relay_address" | "disposable_domain" | "role_account" | "typo_domain" | "plus_tag" | "name_score" | "name_shape" | "word_share" | "service_words" | "honorific" | "ngram_surprise" | "odd_ending" | "uncovered_share" | "mixed_alnum" | "consonant_cluster" | "digit_run" | "year_suffix" | "numeric_local" | "keyboard_walk" | "repeated_chunks" | "long_local" | "no_mail_server" | "mail_gateway" | "hosted_mail" | "datacenter_ip" | "tor_exit" | "ip_burst" | "alias_burst" | "signup_wave" | "reported_fake_domain" | "domain_pattern_match" | "domain_pattern_mismatch" | "young_domain" | "impossible_mailbox" | "numeric_account" | "lookalike_domain" | "provider_imitation" | "government_domain" | "numbered_name" | "mail_service_domain" | "random_tag" | "generated_domain" | "numbered_burst" | "bulk_suffix" | "dotted_alias";
                                value: number;
                                /** @description Effect on the logit; positive = more likely a real human */
                                impact: number;
                            }[];
                            human_score: number;
                            /**
                             * @description From human_score: allow >= 60, review 30-59, block < 30 by default (MAILSIFT_VERDICT_*, or your account's settings); or your matching rule's action
                             * @enum {string}
                             */
                            verdict: "allow" | "review" | "block";
                            /** @description Reason codes, most influential first */
                            reasons: ("natural_name" | "matches_domain_address_pattern" | "work_domain" | "disposable_domain" | "role_account" | "random_local_part" | "typo_domain" | "no_mail_server" | "alias_burst" | "signup_wave" | "datacenter_ip" | "tor_exit" | "ip_burst" | "young_domain" | "reported_fake_domain" | "free_provider" | "school_domain" | "relay_address" | "service_words" | "honorific_prefix" | "many_digits" | "numeric_local_part" | "keyboard_pattern" | "repeated_pattern" | "long_local_part" | "mismatches_domain_address_pattern" | "business_mail_provider" | "mail_gateway" | "impossible_mailbox" | "numeric_account" | "lookalike_domain" | "provider_imitation" | "government_domain" | "numbered_name" | "mail_service_domain" | "generated_domain" | "numbered_burst" | "bulk_suffix_domain" | "dotted_alias" | "rule_allow" | "rule_review" | "rule_block" | "test_address")[];
                            check_id: string;
                            /** @enum {boolean} */
                            feedback_wanted?: true;
                            model: string;
                            /** @description Present when one of your rules matched: it set the verdict (human_score stays the model's); reasons starts with rule_<action> */
                            rule?: {
                                id: string;
                                /**
                                 * @description The verdict the rule sets
                                 * @enum {string}
                                 */
                                action: "allow" | "review" | "block";
                            };
                            /**
                             * @description Made with a test key: not billed, not counted in any window, not learned from
                             * @enum {boolean}
                             */
                            test?: true;
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Missing or unknown API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The API key lacks the scope this operation needs (the message names it) */
                403: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The request did not arrive whole within 30 s */
                408: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Body over 1 MiB */
                413: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Body is not JSON, or compressed (Content-Encoding other than identity: send it uncompressed) */
                415: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/check/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check 1 to 1,000 addresses
         * @description One entry per input, in input order: a CheckResult, or {input, error} for an invalid address. Billed: 1 per CheckResult. Rate limit: 1 request and 1 address per entry (invalid ones included).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        emails: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description One entry per input, in input order: a result, or {input, error} for an invalid address */
                            results: ({
                                /** @description The input address, trimmed and lowercased */
                                email: string;
                                /** @description The inbox the address really reaches */
                                canonical: string;
                                /** @description Suggested address when the domain looks like a typo */
                                did_you_mean?: string;
                                /**
                                 * @description Kind of mailbox
                                 * @enum {string}
                                 */
                                account_type: "work" | "free" | "school" | "relay" | "disposable" | "unknown";
                                role_account?: boolean;
                                disposable?: boolean;
                                relay?: boolean;
                                /** @description Null when DNS could not answer */
                                deliverable_domain?: boolean | null;
                                /**
                                 * @description Mail provider from the MX hosts
                                 * @enum {string}
                                 */
                                mail_provider?: "google" | "microsoft" | "yahoo" | "apple" | "zoho" | "proton" | "gateway" | "other" | "none";
                                domain_age_days?: number;
                                /**
                                 * @description Company domains only
                                 * @enum {string}
                                 */
                                domain_pattern?: "match" | "mismatch" | "learning";
                                alias_variants?: number;
                                /** @description Unique inboxes at the domain in about the last 10 minutes across all customers, each customer's counted as its own (shown from 20) */
                                recent_signups?: number;
                                /** @description Share of fake outcomes other customers reported at this domain: each customer's own share, none weighing more than its capped share (MAILSIFT_MAX_ACCOUNT_SHARE). Shown once 2 have reported; never at the big free-mail domains */
                                domain_fake_rate?: number;
                                human_score: number;
                                /**
                                 * @description From human_score: allow >= 60, review 30-59, block < 30 by default (MAILSIFT_VERDICT_*, or your account's settings); or your matching rule's action
                                 * @enum {string}
                                 */
                                verdict: "allow" | "review" | "block";
                                /** @description Reason codes, most influential first */
                                reasons: ("natural_name" | "matches_domain_address_pattern" | "work_domain" | "disposable_domain" | "role_account" | "random_local_part" | "typo_domain" | "no_mail_server" | "alias_burst" | "signup_wave" | "datacenter_ip" | "tor_exit" | "ip_burst" | "young_domain" | "reported_fake_domain" | "free_provider" | "school_domain" | "relay_address" | "service_words" | "honorific_prefix" | "many_digits" | "numeric_local_part" | "keyboard_pattern" | "repeated_pattern" | "long_local_part" | "mismatches_domain_address_pattern" | "business_mail_provider" | "mail_gateway" | "impossible_mailbox" | "numeric_account" | "lookalike_domain" | "provider_imitation" | "government_domain" | "numbered_name" | "mail_service_domain" | "generated_domain" | "numbered_burst" | "bulk_suffix_domain" | "dotted_alias" | "rule_allow" | "rule_review" | "rule_block" | "test_address")[];
                                check_id: string;
                                /** @enum {boolean} */
                                feedback_wanted?: true;
                                model: string;
                                /** @description Present when one of your rules matched: it set the verdict (human_score stays the model's); reasons starts with rule_<action> */
                                rule?: {
                                    id: string;
                                    /**
                                     * @description The verdict the rule sets
                                     * @enum {string}
                                     */
                                    action: "allow" | "review" | "block";
                                };
                                /**
                                 * @description Made with a test key: not billed, not counted in any window, not learned from
                                 * @enum {boolean}
                                 */
                                test?: true;
                            } | {
                                input: string;
                                error: string;
                            })[];
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Missing or unknown API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The API key lacks the scope this operation needs (the message names it) */
                403: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The request did not arrive whole within 30 s */
                408: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Body over 1 MiB */
                413: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Body is not JSON, or compressed (Content-Encoding other than identity: send it uncompressed) */
                415: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report what happened to a checked address
         * @description Exactly one of check_id or email, plus outcome. Labels the named check, or the latest check of that inbox (any spelling) made by your account in the last 14 days. One label per check. Free.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description chk_ + base64url, 100-140 characters. null: not given */
                        check_id?: string | null;
                        /** @description Used instead of check_id. null: not given */
                        email?: string | null;
                        /**
                         * @description confirmed/real = a real person; fake/abuse/bounced = not
                         * @enum {string}
                         */
                        outcome: "confirmed" | "real" | "fake" | "abuse" | "bounced";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "accepted";
                            check_id: string;
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Missing or unknown API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The API key lacks the scope this operation needs (the message names it) */
                403: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The request did not arrive whole within 30 s */
                408: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Body over 1 MiB */
                413: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Body is not JSON, or compressed (Content-Encoding other than identity: send it uncompressed) */
                415: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/model": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live model accuracy
         * @description Prequential accuracy and log loss of the baseline and the learned model on every feedback example. Free.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * @description MAILSIFT_MODEL_MODE
                             * @enum {string}
                             */
                            mode: "off" | "on" | "auto";
                            /**
                             * @description What your account is served: the baseline, or a learned model (the shared one or your personal one)
                             * @enum {string}
                             */
                            serving: "baseline" | "learned";
                            /** @description The learned model described here beats the baseline on the recent outcomes it is judged on for you (the same outcomes for both, at least 50, the last 500 at most): your own (a personal model; the shared one once it has scored 50 of yours), else a tenant-balanced window of every account's */
                            healthy: boolean;
                            /** @description Version of the learned model you are served, else of the newer one you have (shared or personal); 0: none yet */
                            learned_version: number;
                            /** @description Outcomes reported by every account */
                            feedback_examples: number;
                            /** @description Accounts that have reported outcomes */
                            customers: number;
                            /** @description The baseline's prequential scores, on the outcomes the learned model described is judged on for you: your own, or every account's with each account's weight capped (MAILSIFT_MAX_ACCOUNT_SHARE). All 0 before any outcome */
                            baseline: {
                                accuracy: number;
                                log_loss: number;
                                recent_log_loss: number;
                            };
                            /** @description The learned model's prequential scores, on the same outcomes as the baseline's. Before the first learned model (learned_version 0): the model it starts from, the baseline. All 0 while no outcome has scored it */
                            learned: {
                                accuracy: number;
                                log_loss: number;
                                recent_log_loss: number;
                            };
                            /** @description Advice on what you are served and what to do next; of other accounts' outcomes it gives only their count */
                            recommendation: string;
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Missing or unknown API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The API key lacks the scope this operation needs (the message names it) */
                403: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Live model accuracy
         * @description Prequential accuracy and log loss of the baseline and the learned model on every feedback example. Free.
         */
        head: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * @description MAILSIFT_MODEL_MODE
                             * @enum {string}
                             */
                            mode: "off" | "on" | "auto";
                            /**
                             * @description What your account is served: the baseline, or a learned model (the shared one or your personal one)
                             * @enum {string}
                             */
                            serving: "baseline" | "learned";
                            /** @description The learned model described here beats the baseline on the recent outcomes it is judged on for you (the same outcomes for both, at least 50, the last 500 at most): your own (a personal model; the shared one once it has scored 50 of yours), else a tenant-balanced window of every account's */
                            healthy: boolean;
                            /** @description Version of the learned model you are served, else of the newer one you have (shared or personal); 0: none yet */
                            learned_version: number;
                            /** @description Outcomes reported by every account */
                            feedback_examples: number;
                            /** @description Accounts that have reported outcomes */
                            customers: number;
                            /** @description The baseline's prequential scores, on the outcomes the learned model described is judged on for you: your own, or every account's with each account's weight capped (MAILSIFT_MAX_ACCOUNT_SHARE). All 0 before any outcome */
                            baseline: {
                                accuracy: number;
                                log_loss: number;
                                recent_log_loss: number;
                            };
                            /** @description The learned model's prequential scores, on the same outcomes as the baseline's. Before the first learned model (learned_version 0): the model it starts from, the baseline. All 0 while no outcome has scored it */
                            learned: {
                                accuracy: number;
                                log_loss: number;
                                recent_log_loss: number;
                            };
                            /** @description Advice on what you are served and what to do next; of other accounts' outcomes it gives only their count */
                            recommendation: string;
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Missing or unknown API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The API key lacks the scope this operation needs (the message names it) */
                403: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Billed emails per UTC day
         * @description Your account's billed emails per day (1 per single check, 1 per address answered in bulk). At most 92 days per request. Free.
         */
        get: {
            parameters: {
                query?: {
                    /** @description First UTC day (default: 29 days before `to`) */
                    from?: string;
                    /** @description Last UTC day (default: today) */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account: string;
                            from: string;
                            to: string;
                            total: number;
                            days: {
                                date: string;
                                emails: number;
                            }[];
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Missing or unknown API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The API key lacks the scope this operation needs (the message names it) */
                403: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Billed emails per UTC day
         * @description Your account's billed emails per day (1 per single check, 1 per address answered in bulk). At most 92 days per request. Free.
         */
        head: {
            parameters: {
                query?: {
                    /** @description First UTC day (default: 29 days before `to`) */
                    from?: string;
                    /** @description Last UTC day (default: today) */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account: string;
                            from: string;
                            to: string;
                            total: number;
                            days: {
                                date: string;
                                emails: number;
                            }[];
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Missing or unknown API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The API key lacks the scope this operation needs (the message names it) */
                403: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        patch?: never;
        trace?: never;
    };
    "/v1/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your rules
         * @description A matching rule sets the verdict of your checks (single and bulk); human_score stays the model's, the result carries `rule: {id, action}` and `reasons` starts with rule_allow, rule_review or rule_block. The most specific rule wins: email, then domain (the longest matching suffix), then mail_provider, then tld. Changes reach every instance within 2 seconds. An email rule shows its id and note; its value is null.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Oldest first */
                            rules: {
                                /** @description rule_ + base64url */
                                id: string;
                                /**
                                 * @description Verdict of a matching check
                                 * @enum {string}
                                 */
                                action: "allow" | "review" | "block";
                                /**
                                 * @description What the rule matches
                                 * @enum {string}
                                 */
                                type: "email" | "domain" | "mail_provider" | "tld";
                                /** @description The domain, mail provider or TLD as matched (lowercase, ASCII); null for an email rule: the address is not kept, only a keyed hash of its inbox */
                                value: string | null;
                                note: string | null;
                                /** Format: date-time */
                                created_at: string;
                            }[];
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Missing or unknown API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The API key lacks the scope this operation needs (the message names it) */
                403: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a rule
         * @description A matching rule sets the verdict of your checks (single and bulk); human_score stays the model's, the result carries `rule: {id, action}` and `reasons` starts with rule_allow, rule_review or rule_block. The most specific rule wins: email, then domain (the longest matching suffix), then mail_provider, then tld. Changes reach every instance within 2 seconds. A rule for a type and value that already has one replaces it. At most 10,000 rules per account. An email rule matches every spelling of the inbox (same canonical) and keeps only a keyed hash of it: the address is never stored or shown.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description What a matching check answers as its verdict
                         * @enum {string}
                         */
                        action: "allow" | "review" | "block";
                        /**
                         * @description What the rule matches: email (every spelling of the inbox), domain (and its subdomains), mail_provider, tld. The most specific matching rule wins, in this order
                         * @enum {string}
                         */
                        type: "email" | "domain" | "mail_provider" | "tld";
                        /** @description An address (email), a domain (example.com), a mail_provider value (google, ...), a TLD without the dot (xyz) */
                        value: string;
                        /** @description Your own note (shown in listings; an email rule shows only this, never the address). null: no note, as a listing shows it */
                        note?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description rule_ + base64url */
                            id: string;
                            /**
                             * @description Verdict of a matching check
                             * @enum {string}
                             */
                            action: "allow" | "review" | "block";
                            /**
                             * @description What the rule matches
                             * @enum {string}
                             */
                            type: "email" | "domain" | "mail_provider" | "tld";
                            /** @description The domain, mail provider or TLD as matched (lowercase, ASCII); null for an email rule: the address is not kept, only a keyed hash of its inbox */
                            value: string | null;
                            note: string | null;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Missing or unknown API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The API key lacks the scope this operation needs (the message names it) */
                403: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The request did not arrive whole within 30 s */
                408: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Body over 1 MiB */
                413: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Body is not JSON, or compressed (Content-Encoding other than identity: send it uncompressed) */
                415: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a rule
         * @description Takes effect on every instance within 2 seconds. 404 for an id that is not one of your rules (another account's, deleted, or not a rule id at all).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A rule id (rule_ and 16 base64url characters) */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Missing or unknown API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The API key lacks the scope this operation needs (the message names it) */
                403: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The request did not arrive whole within 30 s */
                408: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Body over 1 MiB */
                413: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Body is not JSON, or compressed (Content-Encoding other than identity: send it uncompressed) */
                415: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your account's settings
         * @description Verdict thresholds of your account's checks: allow when human_score >= verdict_allow, review when >= verdict_review, block below; the sign-up hook; and your account's rate limits (requests and addresses checked, per second and at once). The service's defaults unless you set your own.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Your account's allow threshold (the service's default unless you set one) */
                            verdict_allow: number;
                            /** @description Your account's review threshold (the service's default unless you set one) */
                            verdict_review: number;
                            /** @description Whether a sign-up hook secret is set (it is never shown) */
                            signup_hook_secret_set: boolean;
                            /** @description The sign-up hook refuses `review` as well as `block` */
                            signup_hook_reject_review: boolean;
                            /** @description Requests per second your account may send (the service's limit unless you set a lower one) */
                            rate_limit_requests_per_second: number;
                            /** @description Requests your account may send at once (the service's limit unless you set a lower one) */
                            rate_limit_request_burst: number;
                            /** @description Addresses your account may check per second (the service's limit unless you set a lower one) */
                            rate_limit_addresses_per_second: number;
                            /** @description Addresses your account may check at once (the service's limit unless you set a lower one) */
                            rate_limit_address_burst: number;
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Missing or unknown API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The API key lacks the scope this operation needs (the message names it) */
                403: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change your account's settings
         * @description Fields given are set (null: back to the service's default), others are kept. verdict_review must not exceed verdict_allow. A rate limit may only be lowered: above the service's limit for every account it is 400 naming that limit. Takes effect on every instance within 2 seconds. Answers the settings now in force. The body is a JSON merge patch (RFC 7396), so `content-type: application/merge-patch+json` is taken as well as application/json.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description `allow` when human_score >= this (0-100, at least verdict_review); null resets it to the service's default */
                        verdict_allow?: number | null;
                        /** @description `review` when human_score >= this and below verdict_allow (0-100); `block` below; null resets it to the service's default */
                        verdict_review?: number | null;
                        /** @description The Standard Webhooks secret of your sign-up hook (`v1,whsec_<base64>`, as Supabase shows it); null removes it. Stored sealed; never shown again */
                        signup_hook_secret?: string | null;
                        /** @description The sign-up hook refuses `review` as well as `block` (default false; null resets) */
                        signup_hook_reject_review?: boolean | null;
                        /** @description Requests per second your account may send; at most the service's limit for every account (a higher value is 400 naming it); null resets it to the service's limit */
                        rate_limit_requests_per_second?: number | null;
                        /** @description Requests your account may send at once; at most the service's limit for every account (a higher value is 400 naming it); null resets it to the service's limit */
                        rate_limit_request_burst?: number | null;
                        /** @description Addresses your account may check per second (a check costs 1, a bulk request 1 per address it sends); at most the service's limit for every account (a higher value is 400 naming it); null resets it to the service's limit */
                        rate_limit_addresses_per_second?: number | null;
                        /** @description Addresses your account may check at once (at least 1000, a bulk request's most); at most the service's limit for every account (a higher value is 400 naming it); null resets it to the service's limit */
                        rate_limit_address_burst?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Your account's allow threshold (the service's default unless you set one) */
                            verdict_allow: number;
                            /** @description Your account's review threshold (the service's default unless you set one) */
                            verdict_review: number;
                            /** @description Whether a sign-up hook secret is set (it is never shown) */
                            signup_hook_secret_set: boolean;
                            /** @description The sign-up hook refuses `review` as well as `block` */
                            signup_hook_reject_review: boolean;
                            /** @description Requests per second your account may send (the service's limit unless you set a lower one) */
                            rate_limit_requests_per_second: number;
                            /** @description Requests your account may send at once (the service's limit unless you set a lower one) */
                            rate_limit_request_burst: number;
                            /** @description Addresses your account may check per second (the service's limit unless you set a lower one) */
                            rate_limit_addresses_per_second: number;
                            /** @description Addresses your account may check at once (the service's limit unless you set a lower one) */
                            rate_limit_address_burst: number;
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Missing or unknown API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The API key lacks the scope this operation needs (the message names it) */
                403: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The request did not arrive whole within 30 s */
                408: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Body over 1 MiB */
                413: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Body is not JSON, or compressed (Content-Encoding other than identity: send it uncompressed) */
                415: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your checks, outcomes and models per UTC day
         * @description Per day of the range (every day listed, empty ones with zeros; at most 92 days, both ends included; default the last 30): your account's checks by verdict, the reason codes they carried, the outcomes you reported, each model's prequential scores on that day's outcomes and the learned versions published; and the domains where your checks of the last hour met a sign-up wave. Only your account's figures. Free.
         */
        get: {
            parameters: {
                query?: {
                    /** @description First UTC day (default: 29 days before `to`) */
                    from?: string;
                    /** @description Last UTC day (default: today); at most 92 days from `from`, both included */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account: string;
                            from: string;
                            to: string;
                            /** @description Every day of the range in order, empty ones with zeros */
                            days: {
                                /** @description UTC day, YYYY-MM-DD */
                                date: string;
                                /** @description Your account's checks that day by verdict (single and bulk; the sum is the day's billed emails) */
                                checks: {
                                    /** @description Checks answered allow */
                                    allow: number;
                                    /** @description Checks answered review */
                                    review: number;
                                    /** @description Checks answered block */
                                    block: number;
                                };
                                /** @description Outcomes your account reported that day (the first outcome of each check; by the day of the report) */
                                outcomes: {
                                    /** @description Outcomes reported confirmed or real */
                                    real: number;
                                    /** @description Outcomes reported fake, abuse or bounced */
                                    fake: number;
                                };
                                /** @description Reason code (closed list, README) -> checks that day whose answer carried it; most frequent first */
                                reasons: {
                                    [key: string]: number;
                                };
                                /** @description Each model scored on the outcomes reported that day, before any model learned from them. recent_log_loss: over the last 50 of them (all when fewer) */
                                models: {
                                    /** @description The baseline's prequential scores on that day's outcomes; absent on a day without outcomes */
                                    baseline?: {
                                        accuracy: number;
                                        log_loss: number;
                                        recent_log_loss: number;
                                    };
                                    /** @description The shared learned model's, on that day's outcomes it had scored (those of checks made, or reported, once a shared model existed) */
                                    learned?: {
                                        accuracy: number;
                                        log_loss: number;
                                        recent_log_loss: number;
                                    };
                                    /** @description Your personal learned model's, likewise (absent until you have one) */
                                    personal?: {
                                        accuracy: number;
                                        log_loss: number;
                                        recent_log_loss: number;
                                    };
                                };
                                /** @description Learned model versions published that day (the shared model, and your personal model) */
                                models_published: {
                                    /**
                                     * @description learned: the shared model; personal: yours
                                     * @enum {string}
                                     */
                                    model: "learned" | "personal";
                                    version: number;
                                }[];
                            }[];
                            /** @description Domains where your checks of the last hour met a sign-up wave (their answer carried signup_wave), largest first, at most 10 */
                            waves: {
                                domain: string;
                                /** @description Unique inboxes at the domain in about the last 10 minutes across all customers (each customer's counted as its own), now */
                                recent_signups: number;
                            }[];
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Missing or unknown API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The API key lacks the scope this operation needs (the message names it) */
                403: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Your checks, outcomes and models per UTC day
         * @description Per day of the range (every day listed, empty ones with zeros; at most 92 days, both ends included; default the last 30): your account's checks by verdict, the reason codes they carried, the outcomes you reported, each model's prequential scores on that day's outcomes and the learned versions published; and the domains where your checks of the last hour met a sign-up wave. Only your account's figures. Free.
         */
        head: {
            parameters: {
                query?: {
                    /** @description First UTC day (default: 29 days before `to`) */
                    from?: string;
                    /** @description Last UTC day (default: today); at most 92 days from `from`, both included */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account: string;
                            from: string;
                            to: string;
                            /** @description Every day of the range in order, empty ones with zeros */
                            days: {
                                /** @description UTC day, YYYY-MM-DD */
                                date: string;
                                /** @description Your account's checks that day by verdict (single and bulk; the sum is the day's billed emails) */
                                checks: {
                                    /** @description Checks answered allow */
                                    allow: number;
                                    /** @description Checks answered review */
                                    review: number;
                                    /** @description Checks answered block */
                                    block: number;
                                };
                                /** @description Outcomes your account reported that day (the first outcome of each check; by the day of the report) */
                                outcomes: {
                                    /** @description Outcomes reported confirmed or real */
                                    real: number;
                                    /** @description Outcomes reported fake, abuse or bounced */
                                    fake: number;
                                };
                                /** @description Reason code (closed list, README) -> checks that day whose answer carried it; most frequent first */
                                reasons: {
                                    [key: string]: number;
                                };
                                /** @description Each model scored on the outcomes reported that day, before any model learned from them. recent_log_loss: over the last 50 of them (all when fewer) */
                                models: {
                                    /** @description The baseline's prequential scores on that day's outcomes; absent on a day without outcomes */
                                    baseline?: {
                                        accuracy: number;
                                        log_loss: number;
                                        recent_log_loss: number;
                                    };
                                    /** @description The shared learned model's, on that day's outcomes it had scored (those of checks made, or reported, once a shared model existed) */
                                    learned?: {
                                        accuracy: number;
                                        log_loss: number;
                                        recent_log_loss: number;
                                    };
                                    /** @description Your personal learned model's, likewise (absent until you have one) */
                                    personal?: {
                                        accuracy: number;
                                        log_loss: number;
                                        recent_log_loss: number;
                                    };
                                };
                                /** @description Learned model versions published that day (the shared model, and your personal model) */
                                models_published: {
                                    /**
                                     * @description learned: the shared model; personal: yours
                                     * @enum {string}
                                     */
                                    model: "learned" | "personal";
                                    version: number;
                                }[];
                            }[];
                            /** @description Domains where your checks of the last hour met a sign-up wave (their answer carried signup_wave), largest first, at most 10 */
                            waves: {
                                domain: string;
                                /** @description Unique inboxes at the domain in about the last 10 minutes across all customers (each customer's counted as its own), now */
                                recent_signups: number;
                            }[];
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Missing or unknown API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description The API key lacks the scope this operation needs (the message names it) */
                403: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Rate limit exceeded; see Retry-After */
                429: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Request headers over 16 KiB (the URL counts: an over-long email in the query) */
                431: {
                    headers: {
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
                /** @description Temporarily unavailable (event log not accepting writes in time, or the process overloaded); retry after Retry-After seconds */
                503: {
                    headers: {
                        /** @description Seconds to wait before retrying */
                        "retry-after"?: number;
                        /** @description The account's limits (IETF draft RateLimit-Policy): "requests";q=<burst>;w=<seconds>, "addresses";q=<burst>;w=<seconds>; q per w seconds is the sustained rate */
                        "ratelimit-policy"?: string;
                        /** @description What is left after this request (IETF draft RateLimit): "requests";r=<left>;t=<seconds until full>, "addresses";r=<left>;t=<seconds until full> */
                        ratelimit?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: string;
                        };
                    };
                };
            };
        };
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
