/** s3rver accepts only this key pair; DynamoDB Local runs with -sharedDb, so any key works there too. */
export const LOCAL_ACCESS_KEY_ID = 'S3RVER';
export const LOCAL_SECRET_ACCESS_KEY = 'S3RVER';
export const LOCAL_REGION = 'us-east-1';

/** Emulators only check that a SigV4 header is present, so readiness probes can skip real signing. */
export const PROBE_AUTHORIZATION = `AWS4-HMAC-SHA256 Credential=${LOCAL_ACCESS_KEY_ID}/20240101/${LOCAL_REGION}/local/aws4_request, SignedHeaders=host, Signature=0`;
