/**
 * The base of the store's own errors. The name is written out rather than taken from the class: the Lambda
 * bundles are minified without keepNames, and `err.name` is what logs and error checks read.
 */
export function namedError<const N extends string>(name: N) {
  return class extends Error {
    override readonly name: N = name;
  };
}
