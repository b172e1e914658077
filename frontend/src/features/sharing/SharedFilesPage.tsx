import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError, FALLBACK_ERROR_MESSAGE } from '../../lib/api';
import { formatDateTime } from '../../lib/format-date-time';
import { AuthLayout } from '../../ui/AuthLayout';
import { Button, type ButtonVariant } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { fileDownloader } from '../data-room/download';
import { categoryLabel, formatFileSize } from '../data-room/file-format';
import { type OpenedShare, type SharedFile, type ViewerInfo, viewerApi } from './sharing-api';
import './sharing.css';

type State =
  | { kind: 'loading' }
  | { kind: 'unavailable'; title: string; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'form'; info: ViewerInfo; notice?: string }
  | { kind: 'open'; opened: OpenedShare };

const GONE_TITLE = 'This link is no longer available';
const MISSING_TITLE = 'Link not found';

type Disposition = 'attachment' | 'inline';

/** Each shared file opens in the browser (Open) or saves (Download, the file's main action). */
const FILE_ACTIONS: { disposition: Disposition; label: string; variant: ButtonVariant }[] = [
  { disposition: 'inline', label: 'Open', variant: 'secondary' },
  { disposition: 'attachment', label: 'Download', variant: 'primary' },
];

/** Where a session lives while the tab does, so opening a file in this tab and coming back needs no passcode again. */
const sessionKey = (token: string) => `preseed-share:${token}`;

function storedSession(token: string): OpenedShare | null {
  try {
    const raw = sessionStorage.getItem(sessionKey(token));
    const opened = raw ? (JSON.parse(raw) as OpenedShare) : null;
    return opened && Date.parse(opened.sessionExpiresAt) > Date.now() ? opened : null;
  } catch {
    return null;
  }
}

function storeSession(token: string, opened: OpenedShare | null): void {
  try {
    if (opened) sessionStorage.setItem(sessionKey(token), JSON.stringify(opened));
    else sessionStorage.removeItem(sessionKey(token));
  } catch {
    // Private modes may refuse storage: the viewer then enters the passcode again after leaving the page.
  }
}

/** The state a refused call leads to: the link is gone (410) or unknown (404), or a message to show. */
function refusal(err: unknown): State {
  if (err instanceof ApiError && err.status === 410 && err.error !== 'ShareSessionEnded') {
    return { kind: 'unavailable', title: GONE_TITLE, message: err.message };
  }
  if (err instanceof ApiError && err.status === 404) {
    return { kind: 'unavailable', title: MISSING_TITLE, message: err.message };
  }
  return { kind: 'error', message: err instanceof ApiError && err.message ? err.message : FALLBACK_ERROR_MESSAGE };
}

/**
 * A share link's public page (`/share/<token>`): no account, no sign-in code. It asks for the passcode or an
 * email when the link wants them, then lists the shared files to open or download through short-lived links.
 */
export function SharedFilesPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const open = useCallback(
    async (passcode?: string, email?: string): Promise<string | null> => {
      try {
        const opened = await viewerApi.open(token, passcode, email);
        storeSession(token, opened);
        setState({ kind: 'open', opened });
        return null;
      } catch (err) {
        // A wrong passcode, a missing email or too many tries: said in the form.
        if (err instanceof ApiError && [400, 403, 429].includes(err.status)) return err.message;
        setState(refusal(err));
        return null;
      }
    },
    [token],
  );

  const start = useCallback(
    async (notice?: string) => {
      setState({ kind: 'loading' });
      try {
        const info = await viewerApi.info(token);
        if (!info.needsPasscode && !info.needsEmail && !notice) {
          const problem = await open();
          if (problem) setState({ kind: 'form', info, notice: problem });
          return;
        }
        setState({ kind: 'form', info, ...(notice ? { notice } : {}) });
      } catch (err) {
        setState(refusal(err));
      }
    },
    [open, token],
  );

  useEffect(() => {
    const stored = storedSession(token);
    if (stored) setState({ kind: 'open', opened: stored });
    else void start();
  }, [start, token]);

  useEffect(() => {
    const label =
      state.kind === 'open' ? state.opened.label : state.kind === 'form' ? state.info.label : 'Shared files';
    document.title = `${label} · Preseed`;
  }, [state]);

  const sessionEnded = () => {
    storeSession(token, null);
    void start('Your viewing session has ended. Please continue to see the files again.');
  };

  switch (state.kind) {
    case 'loading':
      return (
        <AuthLayout title="Shared files">
          <div className="shared-files__loading">
            <Spinner label="Opening the shared files" />
          </div>
        </AuthLayout>
      );
    case 'unavailable':
      return (
        <AuthLayout title={state.title}>
          <p className="shared-files__message">{state.message}</p>
        </AuthLayout>
      );
    case 'error':
      return (
        <AuthLayout title="Shared files">
          <p className="shared-files__message" role="alert">
            {state.message}
          </p>
          <Button onClick={() => void start()}>Try again</Button>
        </AuthLayout>
      );
    case 'form':
      return <AccessForm info={state.info} notice={state.notice} onSubmit={open} />;
    case 'open':
      return (
        <FileList
          opened={state.opened}
          onGone={(err) => {
            storeSession(token, null);
            setState(refusal(err));
          }}
          onSessionEnded={sessionEnded}
        />
      );
  }
}

function AccessForm({
  info,
  notice,
  onSubmit,
}: {
  info: ViewerInfo;
  notice?: string;
  onSubmit: (passcode?: string, email?: string) => Promise<string | null>;
}) {
  const [passcode, setPasscode] = useState('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(notice ?? null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(await onSubmit(passcode || undefined, email.trim() || undefined));
    setBusy(false);
  };

  return (
    <AuthLayout
      title={info.label}
      intro={
        <p>
          {info.startupName ? `${info.startupName} shared these files with you.` : 'These files were shared with you.'}
          {info.expiresAt ? ` The link works until ${formatDateTime(info.expiresAt)}.` : ''}
        </p>
      }
    >
      <form className="shared-files__form" onSubmit={(event) => void submit(event)} noValidate>
        {info.needsEmail ? (
          <TextField
            label="Your email"
            type="email"
            autoComplete="email"
            required
            hint="The sender sees who viewed their files."
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        ) : null}
        {info.needsPasscode ? (
          <TextField
            label="Passcode"
            type="password"
            autoComplete="off"
            required
            value={passcode}
            onChange={(event) => setPasscode(event.target.value)}
          />
        ) : null}
        {problem ? (
          <p className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
        <Button type="submit" loading={busy}>
          {info.needsPasscode || info.needsEmail ? 'View files' : 'Continue'}
        </Button>
      </form>
    </AuthLayout>
  );
}

function FileList({
  opened,
  onGone,
  onSessionEnded,
}: {
  opened: OpenedShare;
  onGone: (err: unknown) => void;
  onSessionEnded: () => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const fetchFile = async (file: SharedFile, disposition: Disposition) => {
    setBusy(`${file.id}:${disposition}`);
    setProblem(null);
    try {
      const link = await viewerApi.download(opened.session, file.id, disposition);
      if (disposition === 'inline') window.location.assign(link.url);
      else fileDownloader.start(link.url, link.name);
    } catch (err) {
      if (err instanceof ApiError && err.error === 'ShareSessionEnded') onSessionEnded();
      else if (err instanceof ApiError && err.status === 410) onGone(err);
      else setProblem(err instanceof ApiError && err.message ? err.message : FALLBACK_ERROR_MESSAGE);
    } finally {
      setBusy(null);
    }
  };

  return (
    <AuthLayout
      wide
      title={opened.label}
      intro={
        <p>
          {opened.startupName ? `Shared by ${opened.startupName}.` : 'Shared with you.'}
          {opened.expiresAt ? ` The link works until ${formatDateTime(opened.expiresAt)}.` : ''}
        </p>
      }
    >
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {opened.files.length === 0 ? (
        <p className="shared-files__message">There are no files in this share right now.</p>
      ) : (
        <ul className="shared-files__list" aria-label="Shared files">
          {opened.files.map((file) => (
            <li key={file.id} className="shared-files__file">
              <div className="shared-files__file-text">
                <p className="shared-files__file-name">{file.name}</p>
                <p className="shared-files__file-meta">
                  {categoryLabel(file.category)} · {formatFileSize(file.size)}
                </p>
              </div>
              <div className="shared-files__file-actions">
                {FILE_ACTIONS.map(({ disposition, label, variant }) => (
                  <Button
                    key={disposition}
                    variant={variant}
                    size="sm"
                    aria-label={`${label} ${file.name}`}
                    loading={busy === `${file.id}:${disposition}`}
                    onClick={() => void fetchFile(file, disposition)}
                  >
                    {label}
                  </Button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </AuthLayout>
  );
}
