// Bundled for node:zlib; why: infra/constructs/bundling.ts (BUILTIN_ALIASES).
module.exports = process.getBuiltinModule('node:zlib');
