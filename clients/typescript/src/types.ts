/**
 * Names for the shapes of the generated `paths` (src/generated/schema.ts, from the service's
 * OpenAPI document): what each call sends and gets back, so they change when the API does.
 */
import type { paths } from './generated/schema.ts';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type CheckRequest = Json<NonNullable<paths['/v1/check']['post']['requestBody']>>;
export type CheckResult = Json<paths['/v1/check']['post']['responses'][200]>;
export type BulkResponse = Json<paths['/v1/check/bulk']['post']['responses'][200]>;
/** One entry of a bulk answer: a result, or `{input, error}` for an invalid address. */
export type BulkEntry = BulkResponse['results'][number];
export type BulkResult = Exclude<BulkEntry, { error: string }>;
export type BulkError = Extract<BulkEntry, { error: string }>;
export type FeedbackRequest = Json<NonNullable<paths['/v1/feedback']['post']['requestBody']>>;
export type FeedbackAccepted = Json<paths['/v1/feedback']['post']['responses'][202]>;
export type UsageQuery = NonNullable<paths['/v1/usage']['get']['parameters']['query']>;
export type Usage = Json<paths['/v1/usage']['get']['responses'][200]>;
export type ModelStats = Json<paths['/v1/model']['get']['responses'][200]>;
export type Verdict = CheckResult['verdict'];

export const isBulkError = (e: BulkEntry): e is BulkError => typeof (e as { error?: unknown }).error === 'string';
