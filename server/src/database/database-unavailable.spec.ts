import { describe, expect, it } from '@jest/globals';
import { runInNewContext } from 'node:vm';
import { isDatabaseUnavailable } from './database-unavailable.js';

describe('isDatabaseUnavailable', () => {
  it('knows a socket failure made outside this module’s realm (Node’s own errors, under a test runner’s sandbox)', () => {
    const reset = runInNewContext(`Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' })`) as unknown;
    expect(reset instanceof Object).toBe(false);
    expect(isDatabaseUnavailable(reset)).toBe(true);
    expect(isDatabaseUnavailable({ driverError: reset })).toBe(true);
  });

  it('knows the driver’s words for a lost connection and the server’s shutdown states, through TypeORM’s and Node’s wrappers', () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable({ driverError: { code: '57P01' } })).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: { code: 'ECONNREFUSED' } }))).toBe(true);
  });

  it('leaves a wrong statement, and anything not an object, to be the error it is', () => {
    expect(isDatabaseUnavailable({ driverError: { code: '23505', message: 'duplicate key value violates unique constraint' } })).toBe(false);
    expect(isDatabaseUnavailable('ECONNRESET')).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
