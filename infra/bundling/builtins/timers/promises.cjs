// Bundled for node:timers/promises; why: infra/constructs/bundling.ts (BUILTIN_ALIASES).
module.exports = process.getBuiltinModule('node:timers/promises');
