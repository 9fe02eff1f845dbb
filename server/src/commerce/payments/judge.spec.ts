import { describe, expect, it } from '@jest/globals';
import type { Order } from '../paypal/paypal.types.js';
import { judge } from './judge.js';

const expected = { customId: 'book-order-7', amountMinor: 3299, currency: 'GBP' };

function order(overrides: { status?: Order['status']; capture?: Record<string, unknown> | null; unit?: Record<string, unknown> } = {}): Order {
  const capture = overrides.capture === null ? undefined : { id: 'CAP1', status: 'COMPLETED', amount: { currency_code: 'GBP', value: '32.99' }, ...overrides.capture };
  return {
    id: 'ORDER1',
    status: overrides.status ?? 'COMPLETED',
    purchase_units: [
      {
        custom_id: 'book-order-7',
        amount: { currency_code: 'GBP', value: '32.99' },
        ...overrides.unit,
        ...(capture ? { payments: { captures: [capture as never] } } : {}),
      },
    ],
  };
}

describe('judging what PayPal reports', () => {
  it('counts a payment only when order and capture are COMPLETED for our amount and currency', () => {
    expect(judge(order(), expected)).toEqual({ kind: 'paid', captureId: 'CAP1' });
    expect(judge(order({ status: 'APPROVED' }), expected).kind).toBe('pending');
    expect(judge(order({ capture: { status: 'PENDING' } }), expected).kind).toBe('pending');
  });

  it('refuses an amount, currency or custom_id that is not ours', () => {
    expect(judge(order({ capture: { amount: { currency_code: 'GBP', value: '32.98' } } }), expected)).toMatchObject({ kind: 'mismatch', captureId: 'CAP1' });
    expect(judge(order({ capture: { amount: { currency_code: 'USD', value: '32.99' } } }), expected).kind).toBe('mismatch');
    expect(judge(order({ unit: { amount: { currency_code: 'GBP', value: '1.00' } } }), expected).kind).toBe('mismatch');
    expect(judge(order({ unit: { custom_id: 'book-order-8' } }), expected).kind).toBe('mismatch');
    expect(judge(order({ capture: { amount: undefined } }), expected).kind).toBe('mismatch');
  });

  it('reads declined, refunded and not-yet-captured orders', () => {
    expect(judge(order({ capture: { status: 'DECLINED' } }), expected)).toEqual({ kind: 'denied', captureId: 'CAP1', captureStatus: 'DECLINED' });
    expect(judge(order({ capture: { status: 'REFUNDED' } }), expected).kind).toBe('refunded');
    expect(judge(order({ status: 'APPROVED', capture: null }), expected)).toEqual({ kind: 'uncaptured', orderStatus: 'APPROVED' });
  });
});
