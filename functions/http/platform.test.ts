import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { healthDependencies, healthUnavailableDetails, platformContract } from '#shared/contract/platform';
import { errorBody } from '#shared/contract/schema';
import { setHealthCheck } from '../lib/health';
import { handler } from './platform';

const request = (method: string, path: string, routeKey: string) =>
  ({
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1', http: { method, path } },
  }) as unknown as APIGatewayProxyEventV2;

const health = () => handler(request('GET', '/api/health', 'GET /api/health'), { awsRequestId: 'aws-1' } as Context);

// In the cloud, API Gateway sends unknown /api paths to the platform function through the
// catch-all route `ANY /api/{proxy+}`; its router must answer 404 in our error shape.
describe('platform handler behind the catch-all route', () => {
  it('answers an unknown path with 404 JSON and a request id', async () => {
    const res = await handler(request('GET', '/api/nope', 'ANY /api/{proxy+}'), { awsRequestId: 'aws-1' } as Context);
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(String(res.body))).toEqual({ error: 'NotFound', message: 'No such API route: GET /api/nope.' });
    expect(res.headers?.['x-request-id']).toBe('req-1');
  });
});

describe('the health check', () => {
  afterEach(() => setHealthCheck(undefined));

  it('deployed, looks at no dependency (decision 039) and answers 200', async () => {
    const res = await health();
    expect(res.statusCode).toBe(200);
    const body: unknown = JSON.parse(String(res.body));
    expect(platformContract['platform.health'].response.parse(body)).toEqual({
      status: 'ok',
      dependencies: { dynamodb: 'unchecked', cognito: 'unchecked', s3: 'unchecked', ses: 'unchecked' },
    });
  });

  it('answers 503 in the error shape, naming what is down, while one dependency is', async () => {
    const dependencies = healthDependencies.parse({ dynamodb: 'down', cognito: 'up', s3: 'down', ses: 'up' });
    setHealthCheck(() => dependencies);
    const res = await health();
    expect(res.statusCode).toBe(503);
    expect(res.headers?.['retry-after']).toBe('5');
    const body = errorBody.parse(JSON.parse(String(res.body)));
    expect(body).toEqual({
      error: 'ServiceUnavailable',
      message: 'Not every dependency is up: dynamodb, s3 down.',
      details: { dependencies },
    });
    expect(healthUnavailableDetails.parse(body.details)).toEqual({ dependencies });
  });
});
