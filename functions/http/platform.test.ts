import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler } from './platform';

// In the cloud, API Gateway sends unknown /api paths to the platform function through the
// catch-all route `ANY /api/{proxy+}`; its router must answer 404 in our error shape.
describe('platform handler behind the catch-all route', () => {
  it('answers an unknown path with 404 JSON and a request id', async () => {
    const event = {
      version: '2.0',
      routeKey: 'ANY /api/{proxy+}',
      rawPath: '/api/nope',
      rawQueryString: '',
      headers: {},
      isBase64Encoded: false,
      requestContext: { requestId: 'req-1', http: { method: 'GET', path: '/api/nope' } },
    } as unknown as APIGatewayProxyEventV2;
    const res = await handler(event, { awsRequestId: 'aws-1' } as Context);
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(String(res.body))).toEqual({ error: 'NotFound', message: 'No such API route: GET /api/nope.' });
    expect(res.headers?.['x-request-id']).toBe('req-1');
  });
});
