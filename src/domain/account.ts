/** Account names: what MAILSIFT_API_KEYS and `mailsift keys create --account` accept. Pure. */
export const ACCOUNT_NAME = /^[A-Za-z0-9._-]{1,64}$/;
export const ACCOUNT_NAME_RULE = 'must match [A-Za-z0-9._-]{1,64}';
