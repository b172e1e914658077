/**
 * Imported first by the local entry points: the AWS SDK warns on every start under
 * an older Node that releases after January 2027 need Node 22. The toolchain is Node 22
 * (package.json engines), so for anyone still on an older Node that one warning is noise here.
 */
const emit = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  const text = typeof warning === 'string' ? warning : warning.message;
  const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
  if (type === 'NodeVersionSupportWarning' || text.includes('will require node >=22')) return;
  (emit as (...args: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;
