// Bundled for node:worker_threads; why: infra/constructs/bundling.ts (BUILTIN_ALIASES).
module.exports = process.getBuiltinModule('node:worker_threads');
