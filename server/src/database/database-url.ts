/** Injection token for the PostgreSQL connection string in use (configured, or the embedded server's). */
export const DATABASE_URL = Symbol('DATABASE_URL');
