/**
 * The Lambda wiring of handlers.ts: two functions (configure them as the user pool's Pre sign-up
 * and Post confirmation triggers) and a DynamoDB table `mailsift-check-ids` (partition key
 * `user_name`, string; TTL attribute `expires`) for the check ids. Environment: MAILSIFT_API_KEY,
 * MAILSIFT_URL, MAILSIFT_DENY_REVIEW. Not compiled in this repository: the handlers are, and they
 * are tested against a real Mailsift (test/examples/recipes.test.ts).
 */
import { DeleteItemCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { createMailsift } from 'mailsift-client';
import { postConfirmation, preSignUp, type CheckIdStore } from './handlers.ts';

const db = new DynamoDBClient({});
const TABLE = process.env.MAILSIFT_TABLE ?? 'mailsift-check-ids';
const store: CheckIdStore = {
  async put(userName, checkId) {
    // Feedback takes a check_id for 14 days.
    await db.send(new PutItemCommand({ TableName: TABLE, Item: { user_name: { S: userName }, check_id: { S: checkId }, expires: { N: String(Math.floor(Date.now() / 1000) + 14 * 86400) } } }));
  },
  async take(userName) {
    const r = await db.send(new DeleteItemCommand({ TableName: TABLE, Key: { user_name: { S: userName } }, ReturnValues: 'ALL_OLD' }));
    return r.Attributes?.check_id?.S;
  },
};
const mailsift = createMailsift({ apiKey: process.env.MAILSIFT_API_KEY ?? '', baseUrl: process.env.MAILSIFT_URL ?? '', retries: 0 });

export const preSignUpHandler = preSignUp(mailsift, store, { denyReview: process.env.MAILSIFT_DENY_REVIEW === 'true' });
export const postConfirmationHandler = postConfirmation(mailsift, store);
