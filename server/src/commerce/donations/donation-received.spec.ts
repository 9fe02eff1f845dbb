import { describe, expect, it } from '@jest/globals';
import { Donation } from './donation.entity.js';
import { donationReceived } from './donation.service.js';

const gift = (fields: Partial<Donation>) => Object.assign(new Donation(), { amountMinor: 2500, currency: 'GBP', giftAid: false, ...fields });

describe('what a donor reads once their gift is paid', () => {
  it('names the amount, spelled correctly', () => {
    expect(donationReceived(gift({}))).toBe('Your donation of £25.00 was received. Thank you and God bless you.');
  });

  it('adds the Gift Aid the church can claim on a gift in pounds, to the penny', () => {
    expect(donationReceived(gift({ amountMinor: 1001, giftAid: true }))).toBe(
      'Your donation of £10.01 was received. With Gift Aid, the church can claim £2.50 more from HMRC. Thank you and God bless you.',
    );
  });

  it('says how Gift Aid counts on a gift in dollars, whose pounds PayPal has not told yet', () => {
    expect(donationReceived(gift({ currency: 'USD', amountMinor: 2550, giftAid: true }))).toBe(
      'Your donation of US$25.50 was received. With Gift Aid, the church can claim 25p more from HMRC for every £1 it receives in pounds. Thank you and God bless you.',
    );
  });
});
