/** mailsift-client: the typed Mailsift API (generated from its OpenAPI document) and the helpers a sign-up flow needs. */
export { createMailsift, type CallOptions, type Mailsift, type MailsiftOptions } from './client.ts';
export { BULK_MAX, type BulkOptions } from './bulk.ts';
export { MailsiftError, type FailureKind } from './errors.ts';
export type { CheckOrAllow, CheckOrAllowOptions, FailedOpen, FailOpenReason } from './fail-open.ts';
export type { paths } from './generated/schema.ts';
export * from './types.ts';
