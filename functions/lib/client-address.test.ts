import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './http';

const event = (headers: Record<string, string>, sourceIp = '203.0.113.9') =>
  ({ headers, requestContext: { http: { sourceIp } } }) as unknown as APIGatewayProxyEventV2;

describe('clientAddress', () => {
  it('takes the viewer address CloudFront supplies, never the client-written X-Forwarded-For', () => {
    const e = event({ 'x-forwarded-for': '1.2.3.4', 'cloudfront-viewer-address': '198.51.100.10:46532' });
    expect(clientAddress(e)).toBe('198.51.100.10');
    expect(clientAddress(event({ 'x-forwarded-for': '1.2.3.4' }))).toBe('203.0.113.9');
  });

  it('counts an IPv6 viewer by its /64, so rotating addresses inside it does not reset the limit', () => {
    expect(clientAddress(event({ 'cloudfront-viewer-address': '2001:db8:a:b:1:2:3:4:443' }))).toBe('2001:db8:a:b::/64');
    expect(clientAddress(event({ 'cloudfront-viewer-address': '2001:db8:a:b::99:443' }))).toBe('2001:db8:a:b::/64');
    expect(clientAddress(event({ 'cloudfront-viewer-address': '2001:db8::1:443' }))).toBe('2001:db8:0:0::/64');
  });

  it('falls back to the connection address when the header is missing or not an address', () => {
    expect(clientAddress(event({ 'cloudfront-viewer-address': 'nonsense' }))).toBe('203.0.113.9');
    expect(clientAddress(event({ 'cloudfront-viewer-address': `${'1'.repeat(2000)}:1` }))).toBe('203.0.113.9');
    expect(clientAddress(event({}, '::ffff:10.0.0.1'))).toBe('::ffff:10.0.0.1');
  });
});
