export { WhatWeSendYou } from './what-we-send-you';
export { usePublicLists } from './use-public-lists';
export {
  confirmSubscription,
  INVALID_CONFIRMATION,
  INVALID_UNSUBSCRIBE,
  loadNewsletter,
  loadNewsletters,
  signUp,
  tokenPageHeaders,
  unsubscribe,
  type LinkOutcome,
  type Newsletter,
  type SignUpResult,
} from './mailing';
