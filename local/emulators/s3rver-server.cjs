'use strict';
/*
 * Runs s3rver 3.7.1 in its own process. Configuration comes as JSON in PRESEED_S3RVER_CONFIG:
 * { port, directory }. Buckets and their CORS rules are created through the S3 API instead.
 *
 * s3rver encrypts ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node >= 17) only
 * offers through the legacy provider: without it, paginated listings fail with
 * ERR_OSSL_EVP_UNSUPPORTED. Instead of relying on --openssl-legacy-provider (absent from some
 * Node builds), 'des' is mapped to AES-128-CTR keyed from the same 8 bytes. The tokens are opaque
 * to clients and only ever decrypted by this same process, so any symmetric cipher that keeps
 * the 8-byte IV layout works. The patch lives in this dedicated process only, never in the app's.
 */
require('./exit-with-parent.cjs')();

const crypto = require('node:crypto');

function desAvailable() {
  try {
    crypto.createCipheriv('des', Buffer.alloc(8), Buffer.alloc(8));
    return true;
  } catch {
    return false;
  }
}

if (!desAvailable()) {
  const { createCipheriv, createDecipheriv } = crypto;
  const key16 = (key) => Buffer.concat([Buffer.from(key), Buffer.from(key)]);
  const iv16 = (iv) => Buffer.concat([Buffer.from(iv), Buffer.alloc(8)]);
  crypto.createCipheriv = (algorithm, key, iv, options) =>
    algorithm === 'des'
      ? createCipheriv('aes-128-ctr', key16(key), iv16(iv), options)
      : createCipheriv(algorithm, key, iv, options);
  crypto.createDecipheriv = (algorithm, key, iv, options) =>
    algorithm === 'des'
      ? createDecipheriv('aes-128-ctr', key16(key), iv16(iv), options)
      : createDecipheriv(algorithm, key, iv, options);
}

const S3rver = require('s3rver');

const config = JSON.parse(process.env.PRESEED_S3RVER_CONFIG || '{}');
const server = new S3rver({
  address: '127.0.0.1',
  port: config.port,
  directory: config.directory,
  silent: true,
});

// s3rver reads x-amz-copy-source with decodeURI, which leaves reserved characters (& + = ? # …)
// percent-encoded, so copying "Q&A.pdf" looks for a key named "Q%26A.pdf" and fails. S3 decodes
// the header fully; re-encoding it with encodeURI first makes s3rver's decodeURI do the same.
server.middleware.unshift(async (ctx, next) => {
  const source = ctx.get('x-amz-copy-source');
  if (source) {
    try {
      ctx.request.headers['x-amz-copy-source'] = encodeURI(decodeURIComponent(source));
    } catch {
      // malformed: let s3rver answer as it would
    }
  }
  await next();
});

server.run().then(
  ({ address, port }) => console.log(`s3rver listening on http://${address}:${port}, data in ${config.directory}`),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
