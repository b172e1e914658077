/** The setup wizard's website: a host with a domain ending, optional scheme, stored as an https:// address. */
import { describe, expect, it } from 'vitest';
import { normaliseWebsite } from './website';

describe('normaliseWebsite', () => {
  it.each([
    ['kitchenloop.com', 'https://kitchenloop.com'],
    ['https://kitchenloop.co.uk/x', 'https://kitchenloop.co.uk/x'],
    ['  KitchenLoop.com/About ', 'https://kitchenloop.com/About'],
    ['www.kitchenloop.com/', 'https://www.kitchenloop.com'],
    ['http://kitchenloop.io', 'http://kitchenloop.io'],
    ['HTTPS://kitchen-loop.de?ref=brief', 'https://kitchen-loop.de/?ref=brief'],
  ])('takes %j as %j', (input, stored) => {
    expect(normaliseWebsite(input)).toBe(stored);
  });

  it.each([
    'kitchenloop',
    'http://',
    'a b.com',
    'https://',
    'kitchenloop.',
    '.com',
    'kitchenloop.c',
    '192.168.0.1',
    'ftp://kitchenloop.com',
    'javascript:alert(1)',
    'mailto:hi@kitchenloop.com',
    'https://user:pw@kitchenloop.com',
    '-kitchen.com',
    '',
  ])('refuses %j', (input) => {
    expect(normaliseWebsite(input)).toBeNull();
  });
});
