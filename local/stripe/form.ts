/**
 * Decodes Stripe's form encoding (`line_items[0][price]=…&metadata[userId]=…&expand[]=…`) into plain
 * objects and arrays, the way Stripe's API reads what the SDK's `stringifyRequestData` writes.
 */

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** A malformed body; the server answers it as Stripe does, with a 400 `invalid_request_error`. */
export class FormError extends Error {
  constructor(
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/** `a[b][0][c]` → `['a', 'b', '0', 'c']`; `a[]` → `['a', '']` (append). */
function splitKey(raw: string): string[] {
  const open = raw.indexOf('[');
  if (open <= 0) return [raw];
  const segments = [raw.slice(0, open)];
  const pattern = /\[([^[\]]*)\]/y;
  pattern.lastIndex = open;
  for (let m = pattern.exec(raw); m; m = pattern.exec(raw)) {
    segments.push(m[1] ?? '');
    if (pattern.lastIndex === raw.length) return segments;
  }
  throw new FormError(`Invalid parameter name: ${raw}`, raw);
}

// Own-property writes only: a `__proto__` segment must become data, never the object's prototype.
function setOwn(target: FormObject, key: string, value: FormValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function getOwn(target: FormObject, key: string): FormValue | undefined {
  return Object.hasOwn(target, key) ? target[key] : undefined;
}

const isIndex = (key: string) => /^(0|[1-9]\d{0,5})$/.test(key);

function convertChildren(value: FormObject): FormObject {
  const converted: FormObject = {};
  for (const key of Object.keys(value)) setOwn(converted, key, toArrays(value[key] as FormValue));
  return converted;
}

/**
 * Objects whose keys are all indexes become arrays (ordered by index), as Stripe treats `items[0]…items[n]`.
 * `[]` segments were given synthetic increasing indexes while parsing, so they land here too.
 */
function toArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const converted = convertChildren(value);
  const keys = Object.keys(converted);
  if (keys.length > 0 && keys.every(isIndex)) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((i) => converted[String(i)] as FormValue);
  }
  return converted;
}

export function parseForm(body: string): FormObject {
  const root: FormObject = {};
  // `[]` appends: count per parent path so `expand[]=a&expand[]=b` yields two entries.
  const appendCounters = new Map<string, number>();
  for (const [rawKey, value] of new URLSearchParams(body)) {
    if (rawKey === '') continue;
    const segments = splitKey(rawKey);
    let node = root;
    let path = '';
    for (let i = 0; i < segments.length; i++) {
      let segment = segments[i] ?? '';
      if (segment === '' && i > 0) {
        let next = appendCounters.get(path) ?? 0;
        while (getOwn(node, String(next)) !== undefined) next++;
        appendCounters.set(path, next + 1);
        segment = String(next);
      }
      path = i === 0 ? segment : `${path}[${segment}]`;
      if (i === segments.length - 1) {
        const existing = getOwn(node, segment);
        if (existing !== undefined && typeof existing !== 'string') {
          throw new FormError(`Invalid parameter: ${path} is both a value and a hash`, path);
        }
        setOwn(node, segment, value);
        break;
      }
      const existing = getOwn(node, segment);
      if (typeof existing === 'string') {
        throw new FormError(`Invalid parameter: ${path} is both a value and a hash`, path);
      }
      if (existing === undefined) {
        const child: FormObject = {};
        setOwn(node, segment, child);
        node = child;
      } else if (!Array.isArray(existing)) {
        // Arrays only appear after parsing (convertChildren), so every container here is an object.
        node = existing;
      }
    }
  }
  // The top level stays an object even if a caller sent only indexed keys.
  return convertChildren(root);
}
