import type { SaveOnboardingRequest } from '#shared/api-types';
import { apiFetch } from '../../lib/api';

/** Stores the startup setup answers on the signed-in user's profile. */
export async function saveOnboarding(body: SaveOnboardingRequest): Promise<void> {
  await apiFetch('accounts.saveOnboarding', { body });
}
