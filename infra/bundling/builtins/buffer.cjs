// Bundled for node:buffer; why: infra/constructs/bundling.ts (BUILTIN_ALIASES).
module.exports = process.getBuiltinModule('node:buffer');
