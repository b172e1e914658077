// Bundled for node:stream/promises; why: infra/constructs/bundling.ts (BUILTIN_ALIASES).
module.exports = process.getBuiltinModule('node:stream/promises');
