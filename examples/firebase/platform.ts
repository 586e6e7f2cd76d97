/**
 * The Firebase wiring of logic.ts (deploy with the Firebase CLI; needs firebase-functions v5+ and
 * Firebase Authentication with Identity Platform). Not compiled in this repository: the logic is,
 * and it is tested against a real Mailsift (test/examples/recipes.test.ts).
 */
import { defineSecret, defineString } from 'firebase-functions/params';
import { beforeUserCreated, beforeUserSignedIn, HttpsError } from 'firebase-functions/v2/identity';
import { createMailsift } from 'mailsift-client';
import { beforeCreate, beforeSignIn } from './logic.ts';

const MAILSIFT_API_KEY = defineSecret('MAILSIFT_API_KEY');
const MAILSIFT_URL = defineString('MAILSIFT_URL');
const DENY_REVIEW = defineString('MAILSIFT_DENY_REVIEW', { default: 'false' });
const mailsift = () => createMailsift({ apiKey: MAILSIFT_API_KEY.value(), baseUrl: MAILSIFT_URL.value(), retries: 0 });

export const mailsiftBeforeCreate = beforeUserCreated({ secrets: [MAILSIFT_API_KEY] }, async (event) => {
  const decision = await beforeCreate(mailsift(), { email: event.data?.email, customClaims: event.data?.customClaims }, event.ipAddress, { denyReview: DENY_REVIEW.value() === 'true' });
  if ('deny' in decision) throw new HttpsError('permission-denied', decision.deny);
  return { customClaims: decision.customClaims };
});

export const mailsiftBeforeSignIn = beforeUserSignedIn({ secrets: [MAILSIFT_API_KEY] }, async (event) => {
  if (!event.data) return;
  return beforeSignIn(mailsift(), { emailVerified: event.data.emailVerified, customClaims: event.data.customClaims });
});
