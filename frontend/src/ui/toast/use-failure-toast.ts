import { useCallback } from 'react';
import { apiErrorMessage } from '../../lib/error-message';
import { useToast } from './toast-context';

/**
 * Returns `failed(title, fallback)`: an onError for a request, which logs the error for whoever debugs it and tells
 * the founder in a destructive toast, with the API's own reason for a refusal or else `fallback` ('Please try again.').
 * It needs nothing mounted but the toasts, so it also serves a promise that settles after its dialog has closed.
 */
export function useFailureToast(): (title: string, fallback: string) => (err: unknown) => void {
  const { toast } = useToast();
  return useCallback(
    (title: string, fallback: string) => (err: unknown) => {
      console.error(title, err);
      toast({ title, description: apiErrorMessage(err, fallback), variant: 'destructive' });
    },
    [toast],
  );
}
