/**
 * The local administrator's password: LOCAL_ADMIN_PASSWORD when set, else one
 * generated on first start and kept in .local/admin-password so it survives restarts.
 */
import { randomInt } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { passwordProblems } from '#shared/domain/password-policy';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export function generatePassword(length = 16): string {
  for (;;) {
    let out = '';
    for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
    if (passwordProblems(out).length === 0) return out;
  }
}

export async function localAdminPassword(
  dataDir: string,
): Promise<{ password: string; source: 'env' | 'file' | 'new' }> {
  const fromEnv = process.env.LOCAL_ADMIN_PASSWORD;
  if (fromEnv) {
    const problems = passwordProblems(fromEnv);
    if (problems.length) throw new Error(`LOCAL_ADMIN_PASSWORD is too weak: ${problems.join(' ')}`);
    return { password: fromEnv, source: 'env' };
  }
  const file = join(dataDir, 'admin-password');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored) return { password: stored, source: 'file' };
  } catch {
    // first start: generate below
  }
  const password = generatePassword();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return { password, source: 'new' };
}
