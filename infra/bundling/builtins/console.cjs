// Bundled for node:console; why: infra/constructs/bundling.ts (BUILTIN_ALIASES).
module.exports = process.getBuiltinModule('node:console');
