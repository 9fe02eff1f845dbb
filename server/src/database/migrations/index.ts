import { Accounts1763800000000 } from './1763800000000-accounts.js';

/** Every migration, oldest first; run at start-up. */
export const MIGRATIONS = [Accounts1763800000000];
