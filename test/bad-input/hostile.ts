/**
 * Generators of hostile input: strings, JSON values, request bodies, path segments
 * and query strings. Route-independent; bad-input.int.test.ts combines them with each
 * route's well-formed request (test/bad-input/baselines.ts).
 */
import fc from 'fast-check';
import { encodeSegment } from './raw-request';

/** Texts that have broken other systems: injections, our key separators, odd Unicode, control characters. */
export const NASTY_TEXTS = [
  "' OR 1=1 --",
  '" OR ""="',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{"$ne":null}',
  '{"$gt":""}',
  '$where',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent literally.
  '${7*7}',
  '{{7*7}}',
  '%s%s%s%n',
  '../../etc/passwd',
  '..%2F..%2F',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'true',
  '[]',
  '{}',
  // Our DynamoDB key separators and prefixes (functions/store/keys.ts).
  '#',
  '##',
  'USER#admin',
  'ANSWER#trigger#',
  'PROGRESS#trigger',
  'Q#',
  'STATS',
  'REVIEW#trigger#PENDING',
  'SIGNUP#a@b.co',
  // Right-to-left override, Arabic, combining marks, zero-width joiners, emoji.
  '\u202e\u0645\u0631\u062d\u0628\u0627\u202c',
  'e\u0301\u0301\u0301',
  '\u200b\u200d\ufeff',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  '𝕳𝖊𝖑𝖑𝖔',
  // NUL and other control characters; lone surrogates (not valid Unicode at all).
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\r\n\r\n',
  '\ud800',
  'x\udfffy',
  ' ',
  '',
] as const;

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const anyCodePoint = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 });
const anyUnit = fc.oneof({ weight: 6, arbitrary: anyCodePoint }, { weight: 1, arbitrary: loneSurrogate });

/** A short hostile text (fits in a URL): known nasties, random Unicode, or a mix of both. */
export const shortText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_TEXTS) },
  { weight: 3, arbitrary: fc.string({ unit: anyUnit, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...NASTY_TEXTS), fc.string({ maxLength: 10 })).map(([a, b]) => a + b),
  },
);

/** Bodies of 100 KB to 1 MB (characters of 1 to 4 bytes). */
export const hugeText: fc.Arbitrary<string> = fc
  .record({
    size: fc.constantFrom(100_000, 300_000, 1_000_000),
    unit: fc.constantFrom('x', 'é', '😀', '\u0000', "' OR 1=1 --", '<script>'),
  })
  .map(({ size, unit }) => unit.repeat(Math.ceil(size / unit.length)));

/** Slightly over typical limits: where off-by-one mistakes live. */
const longText = fc
  .record({ size: fc.constantFrom(101, 256, 1001, 2001, 4001, 5001, 20_000), unit: fc.constantFrom('a', 'é', '😀') })
  .map(({ size, unit }) => unit.repeat(size));

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: shortText },
  { weight: 2, arbitrary: longText },
  { weight: 1, arbitrary: hugeText },
);

/** Keys a body should not have, or should not trust: prototype pollution and NoSQL operators among them. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '$ne',
    '$where',
    'PK',
    'SK',
    'GSI1PK',
    'paid',
    'isAdmin',
    'userId',
    'sub',
    '',
  ),
  shortText,
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 10_485_761),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, with texts from `text` and hostile keys at every level. */
function jsonValueOf(text: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 4, arbitrary: text },
      { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
      { weight: 2, arbitrary: hostileNumber },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.constant({ $ne: null }) },
      {
        weight: 1,
        arbitrary: fc
          .array(fc.tuple(hostileKey, tie('value')), { maxLength: 3 })
          .map((entries) => withOwnKeys({}, entries)),
      },
    ),
  })).value;
}

/** Any JSON value, with hostile texts (up to 1 MB) and keys at every level. */
export const hostileValue: fc.Arbitrary<unknown> = jsonValueOf(hostileText);

/**
 * The same with short texts only, for what travels in a URL or a header: past about 10 KB API Gateway
 * refuses the request itself (and the local server answers Node's bare 431).
 */
export const smallHostileValue: fc.Arbitrary<unknown> = jsonValueOf(shortText);

/** Sets keys as own properties, so `__proto__` is sent as a key rather than changing the prototype. */
export function withOwnKeys(base: Record<string, unknown>, entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(base)) Object.defineProperty(out, k, ownProperty(v));
  for (const [k, v] of entries) Object.defineProperty(out, k, ownProperty(v));
  return out;
}

function ownProperty(value: unknown): PropertyDescriptor {
  return { value, enumerable: true, writable: true, configurable: true };
}

/** What a request carries as its body. */
export type BodyCase =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string | null }
  | { kind: 'raw'; text: string | Buffer; contentType: string | null };

type Mutation =
  | { op: 'drop'; key: string }
  | { op: 'set'; key: string; value: unknown }
  | { op: 'add'; key: string; value: unknown }
  | { op: 'extend'; key: string; text: string; before: boolean };

/**
 * Keeps a field's good value and adds hostility to it: text before or after a string (so prefix
 * and suffix checks pass and what lies behind them is reached), one more item in a list.
 */
function extended(value: unknown, text: string, before: boolean): unknown {
  if (typeof value === 'string') return before ? text + value : value + text;
  if (Array.isArray(value)) return before ? [text, ...value] : [...value, text];
  return text;
}

function mutate(base: Record<string, unknown>, mutations: Mutation[]): Record<string, unknown> {
  let out = withOwnKeys(base, []);
  for (const m of mutations) {
    if (m.op === 'extend') {
      out = withOwnKeys(out, [[m.key, extended(out[m.key], m.text, m.before)]]);
    } else if (m.op === 'drop') {
      const { [m.key]: _dropped, ...rest } = out;
      out = withOwnKeys(rest, []);
    } else {
      out = withOwnKeys(Object.fromEntries(Object.entries(out).filter(([k]) => k !== m.key)), [[m.key, m.value]]);
    }
  }
  return out;
}

const NON_JSON_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  'image/png',
  'application/jsonx',
  'json',
] as const;

const NOT_JSON_TEXTS = [
  'not json',
  '{',
  '{"a":',
  "{'a':1}",
  '\ufeff{}',
  'undefined',
  'NaN',
  '[1,]',
  '{"a":1}garbage',
  '<?xml version="1.0"?><a/>',
  'a=1&b=2',
  '\u0000',
  '"\\ud800"',
  ' ',
] as const;

/**
 * Bodies for a route whose well-formed body is `base` (undefined: the route takes none):
 * the base with fields dropped, replaced or added; any other JSON value instead; the right
 * JSON with the wrong content type; text that is not JSON; invalid UTF-8; deep nesting.
 */
export function hostileBody(base: Record<string, unknown> | undefined): fc.Arbitrary<BodyCase> {
  const keys = Object.keys(base ?? {});
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    ...(keys.length
      ? [
          fc.record({ op: fc.constant('drop' as const), key: fc.constantFrom(...keys) }),
          fc.record({ op: fc.constant('set' as const), key: fc.constantFrom(...keys), value: hostileValue }),
          fc.record({
            op: fc.constant('extend' as const),
            key: fc.constantFrom(...keys),
            text: hostileText,
            before: fc.boolean(),
          }),
        ]
      : []),
    fc.record({ op: fc.constant('add' as const), key: hostileKey, value: hostileValue }),
  );
  const jsonType = fc.constantFrom<string | null>(
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'application/vnd.api+json',
    null,
  );
  const baseText = JSON.stringify(base ?? {});
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('json' as const),
        value: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => mutate(base ?? {}, ms)),
        contentType: jsonType,
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({ kind: fc.constant('json' as const), value: hostileValue, contentType: jsonType }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.constant(baseText),
        contentType: fc.constantFrom(...NON_JSON_TYPES),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.oneof(
          fc.constantFrom(...NOT_JSON_TEXTS),
          fc.string({ unit: anyUnit, maxLength: 60 }),
          // The first key twice: JSON.parse keeps the last one.
          fc
            .tuple(fc.constantFrom(...(keys.length ? keys : ['x'])), fc.json())
            .map(([k, v]) => `${baseText.slice(0, -1)}${keys.length ? ',' : ''}${JSON.stringify(k)}:${v}}`),
          fc.integer({ min: 1_000, max: 200_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
          fc.integer({ min: 1_000, max: 50_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
          hugeText,
        ),
        contentType: jsonType,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.oneof(
          // Invalid UTF-8: a stray continuation byte, an encoded surrogate, an overlong slash, a truncated sequence.
          fc.constantFrom(
            Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x80, 0x22, 0x7d]),
            Buffer.from([0xed, 0xa0, 0x80]),
            Buffer.from([0xc0, 0xaf]),
            Buffer.from([0xe2, 0x82]),
          ),
          // The right JSON in UTF-16, sent as if it were UTF-8.
          fc.constant(Buffer.from(baseText, 'utf16le')),
        ),
        contentType: fc.constantFrom<string | null>('application/json', 'application/json; charset=utf-16', null),
      }),
    },
    { weight: 1, arbitrary: fc.constant<BodyCase>({ kind: 'raw', text: '', contentType: 'application/json' }) },
  );
}

/** Malformed percent-encodings: a bare '%', non-hex digits, an encoded lone surrogate, an overlong '/'. */
export const MALFORMED_ENCODINGS = ['%', '%zz', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%FF'] as const;

/** A path segment as sent (already percent-encoded), for a parameter whose good value is `good`. */
export function hostileSegment(good: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: shortText.map(encodeSegment) },
    // Key-separator collisions around a value that exists.
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(
          `${good}#`,
          `#${good}`,
          `${good}#x`,
          `${good}#PROGRESS#trigger`,
          `Q#${good}`,
          `${good}\u0000`,
          `${good} `,
          ` ${good}`,
          good.toUpperCase(),
          `${good}/`,
          `${good}/..`,
          `${good}?x=1`,
          `${good}%`,
        )
        .map(encodeSegment),
    },
    // Sent as is: dot segments, encoded slashes and dots, an encoded NUL.
    {
      weight: 2,
      arbitrary: fc.constantFrom('.', '..', '..%2F..%2F', '%2e%2e', '%2E%2E%2F', '%2F', '%00', '%20', '%23', '~'),
    },
    // Malformed escapes: refused with a 400 before any handler runs.
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_ENCODINGS) },
    // Long values (API Gateway takes up to about 8 KB of URL; parameters are checked well below that).
    { weight: 1, arbitrary: fc.integer({ min: 51, max: 4_000 }).map((n) => 'a'.repeat(n)) },
  );
}

const QUERY_KEYS = ['cursor', 'state', 'type', 'limit', '__proto__', 'constructor', 'toString', 'hasOwnProperty', ''];

/** A query string (with its '?'), given hostile cursors for routes that page. */
export function hostileQuery(cursor: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom(...QUERY_KEYS), shortText);
  const value = fc.oneof(shortText, cursor, fc.constantFrom('pending', 'unlocked', 'PENDING', 'pending,unlocked'));
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .array(fc.tuple(key, value), { minLength: 1, maxLength: 5 })
        .map((pairs) => `?${pairs.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&')}`)
        // Past about 10 KB of URL API Gateway refuses the request before any of our code runs.
        .filter((query) => query.length <= 8_000),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '?',
        '?&&&',
        '?=',
        '?cursor',
        '?cursor=',
        '?cursor=%',
        '?cursor=%zz',
        '?state=pending&state=unlocked',
        '?__proto__[admin]=1',
        '?constructor[prototype][admin]=1',
        '?a[]=1&a[]=2',
        `?cursor=${'A'.repeat(2001)}`,
        `?${'x=1&'.repeat(500)}`,
      ),
    },
  );
}

/** base64url of a JSON value: the shape our cursors have, with hostile content. */
export function encodedCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * Cursors that decode to keys of the right partition but with empty, long or foreign
 * values — the kind a list must refuse with a 400, not hand to DynamoDB.
 */
export function hostileCursor(shapes: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const keyish = fc.oneof(
    fc.constant(''),
    shortText,
    // Just past DynamoDB's key limits: 1,024 bytes for a sort key, 2,048 for a partition key.
    fc.constantFrom(1_025, 2_049).map((n) => 'k'.repeat(n)),
  );
  const record = fc.record(
    Object.fromEntries(Object.entries(shapes).map(([k, good]) => [k, fc.oneof(good, keyish)])) as Record<
      string,
      fc.Arbitrary<string>
    >,
  );
  return fc.oneof(
    { weight: 4, arbitrary: record.map(encodedCursor) },
    { weight: 1, arbitrary: smallHostileValue.map(encodedCursor) },
    { weight: 1, arbitrary: shortText },
    { weight: 1, arbitrary: fc.base64String({ maxLength: 200 }) },
  );
}
