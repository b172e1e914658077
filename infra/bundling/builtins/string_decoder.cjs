// Bundled for node:string_decoder; why: infra/constructs/bundling.ts (BUILTIN_ALIASES).
module.exports = process.getBuiltinModule('node:string_decoder');
