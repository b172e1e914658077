/** Account settings' API calls: names, the payment receipt, and deleting the account. */
import { useQuery } from '@tanstack/react-query';
import type { RequestBody, ResponseBody } from '#shared/contract';
import { apiFetch } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';

export const receiptKey = (sub: string) => ['payment-receipt', sub] as const;

export function updateProfile(body: RequestBody<'accounts.updateProfile'>) {
  return apiFetch('accounts.updateProfile', { body });
}

export function useReceipt() {
  const sub = useAuth().user?.sub ?? '';
  return useQuery({
    queryKey: receiptKey(sub),
    queryFn: ({ signal }) => apiFetch('payments.receipt', { signal }),
  });
}

export function deleteAccount(email: string): Promise<ResponseBody<'deletion.deleteAccount'>> {
  return apiFetch('deletion.deleteAccount', { body: { email } });
}
