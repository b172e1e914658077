import { type FormEvent, useState } from 'react';
import { useAuth } from '../../lib/auth-context';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { IconSprout } from '../../ui/icons';
import { TextField } from '../../ui/TextField';
import { useToast } from '../../ui/toast/toast-context';

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

function messageOf(err: unknown): string {
  return err instanceof Error && err.message ? err.message : FALLBACK_MESSAGE;
}

/**
 * Spec §2 Login. Redirecting a signed-in user (already signed in, or just now) is the job of the
 * PublicOnly layout route around this page.
 */
export function LoginPage() {
  const { signIn, prepareSignIn } = useAuth();
  const { toast } = useToast();
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = new FormData(event.currentTarget);
    const identifier = String(form.get('identifier') ?? '').trim();
    const password = String(form.get('password') ?? '');
    // The browser's required-field check normally stops this earlier; this covers a whitespace-only identifier.
    if (!identifier || !password) return;

    setSubmitting(true);
    try {
      await signIn(identifier, password);
    } catch (err) {
      console.error('Login failed', err);
      toast({ variant: 'destructive', title: 'Login failed', description: messageOf(err) });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <main className="auth-page">
      <div className="auth-page__inner">
        <div className="auth-page__brand">
          <span className="brand-mark">
            <IconSprout size={20} />
          </span>
          <span className="brand-name">Preseed</span>
        </div>
        <Card className="auth-card">
          <h1 className="auth-card__title">Log in</h1>
          {/* The sign-in code loads while the user types, not with the page (see AuthContextValue.prepareSignIn). */}
          <form className="form" onSubmit={onSubmit} onFocus={prepareSignIn} aria-busy={submitting || undefined}>
            <TextField
              label="Email or username"
              name="identifier"
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
            />
            <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
            <Button type="submit" className="btn--block" loading={submitting}>
              Log in
            </Button>
          </form>
        </Card>
      </div>
    </main>
  );
}
