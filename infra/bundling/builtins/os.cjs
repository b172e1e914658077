// Bundled for node:os; why: infra/constructs/bundling.ts (BUILTIN_ALIASES).
module.exports = process.getBuiltinModule('node:os');
