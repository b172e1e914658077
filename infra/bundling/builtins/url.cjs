// Bundled for node:url; why: infra/constructs/bundling.ts (BUILTIN_ALIASES).
module.exports = process.getBuiltinModule('node:url');
