// Bundled for node:fs/promises; why: infra/constructs/bundling.ts (BUILTIN_ALIASES).
module.exports = process.getBuiltinModule('node:fs/promises');
