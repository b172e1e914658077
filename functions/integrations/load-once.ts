/**
 * Loads something (an AWS SDK client's module, and the client built from it) on first use
 * instead of when the Lambda's module is imported.
 *
 * Every area's bundle carries the SDK clients of all its routes, and evaluating a client's
 * module costs milliseconds of cold start (Cognito's about 25 ms): loaded with the module, every
 * cold start paid for clients that most requests never call (GET /api/me needs no Cognito, SES
 * or EventBridge). esbuild keeps a dynamic `import()` of bundled code in the same file (see sdk/), so the
 * first call costs only the module's evaluation, once per container.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    if (!loaded) {
      const attempt = load();
      loaded = attempt;
      // A failed load is not kept: the next call tries again.
      attempt.catch(() => {
        if (loaded === attempt) loaded = undefined;
      });
    }
    return loaded;
  };
}
