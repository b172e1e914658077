// Bundled for node:async_hooks; why: infra/constructs/bundling.ts (BUILTIN_ALIASES).
module.exports = process.getBuiltinModule('node:async_hooks');
