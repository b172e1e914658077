// Bundled for node:perf_hooks; why: infra/constructs/bundling.ts (BUILTIN_ALIASES).
module.exports = process.getBuiltinModule('node:perf_hooks');
