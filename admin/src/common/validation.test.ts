import { describe, expect, it } from 'vitest';
import { email, maxLength, maxValue, minValue, required } from './validation';

const asInput = (label: string) => ({ label, source: 'x' });

describe('console validators', () => {
  it('name the field by its label and say what to do', () => {
    expect(required()('', {}, asInput('Podcast title'))).toBe('Enter the podcast title');
    expect(required()(undefined, {}, { ...asInput('Currency'), choices: [] })).toBe('Choose the currency');
    expect(maxLength(60)('x'.repeat(61), {}, asInput('Short name'))).toBe('The short name must be 60 characters or fewer');
    expect(minValue(1)(0, {}, asInput('Places for each date'))).toBe('The places for each date must be at least 1');
    expect(maxValue(50)(51, {}, asInput('Places one booking may take'))).toBe('The places one booking may take must be 50 or less');
    expect(email()('not an address', {}, asInput('Podcast e-mail'))).toBe('Enter the podcast e-mail as an email address, like name@example.com');
  });

  it('pass a valid value, keep a form’s own words, and mark a required field', () => {
    expect(required()('Sunday', {}, asInput('Title'))).toBeUndefined();
    expect(maxLength(5)('short', {}, asInput('Title'))).toBeUndefined();
    expect(required('Please choose a list')('', {}, asInput('List'))).toBe('Please choose a list');
    expect((required() as { isRequired?: boolean }).isRequired).toBe(true);
  });
});
