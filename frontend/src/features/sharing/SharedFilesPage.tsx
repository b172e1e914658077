import { type FormEvent, lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { categoryLabel, formatFileSize } from '../../data/data-room/file-format';
import { ApiError, FALLBACK_ERROR_MESSAGE } from '../../lib/api';
import { formatDateTime } from '../../lib/format-date-time';
import { PATHS } from '../../lib/paths';
import { AuthLayout } from '../../ui/AuthLayout';
import { Button, type ButtonVariant } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import {
  accessProblemOf,
  INCOMPLETE_LINK,
  type ShareFailure,
  SharePageFailure,
  shareFailureOf,
} from './SharePageFailure';
import { saveSharedFile } from './save-shared-file';
import { type OpenedShare, type SharedFile, type ViewerInfo, viewerApi } from './sharing-api';
import './sharing.css';

/** The in-page viewer (and pdf.js behind it) loads only when a file is opened. */
const DocumentViewer = lazy(async () => ({ default: (await import('./DocumentViewer')).DocumentViewer }));

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; failure: ShareFailure }
  | { kind: 'form'; info: ViewerInfo; notice?: string }
  | { kind: 'open'; opened: OpenedShare };

/** The heading when the founder does not show their startup name: the link's label is theirs alone. */
const SHARED_TITLE = 'Shared documents';
const PASSCODE_TITLE = 'Passcode needed';

type FileAction = 'view' | 'download';

/** Each shared file opens in this page's viewer (Open) or saves (Download, where the founder allows it). */
const FILE_ACTIONS: { action: FileAction; label: string; variant: ButtonVariant }[] = [
  { action: 'view', label: 'Open', variant: 'secondary' },
  { action: 'download', label: 'Download', variant: 'primary' },
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

/** The state a refused call leads to: the failure screen that says what happened and what the viewer can do. */
function refusal(err: unknown): State {
  return { kind: 'failed', failure: shareFailureOf(err) };
}

/** The page's heading (and the tab's title): never the link's label, which is the founder's own. */
function headingOf(state: State): string {
  if (state.kind === 'failed') return state.failure.title;
  if (state.kind === 'form') return state.info.needsPasscode ? PASSCODE_TITLE : SHARED_TITLE;
  if (state.kind === 'open') return state.opened.startupName ?? SHARED_TITLE;
  return SHARED_TITLE;
}

/**
 * The link's token: after `#` (`/share#<token>`), which browsers never send, so it reaches no server's logs. A
 * link of the older form (`/share/<token>`) is moved to that form at once, so the address bar, the history and
 * every later request's Referer keep no token in the path.
 */
function useShareToken(): string {
  const { token: inPath } = useParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (inPath) void navigate({ pathname: PATHS.sharedFiles, hash: inPath }, { replace: true });
  }, [inPath, navigate]);
  return inPath ?? hash.replace(/^#/, '');
}

/**
 * A share link's public page (`/share#<token>`): no account, no sign-in code. It asks for the passcode or an
 * email when the link wants them, then lists the shared files to open or download through short-lived links.
 */
export function SharedFilesPage() {
  const token = useShareToken();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const open = useCallback(
    async (passcode?: string, email?: string): Promise<string | null> => {
      try {
        const opened = await viewerApi.open(token, passcode, email);
        storeSession(token, opened);
        setState({ kind: 'open', opened });
        return null;
      } catch (err) {
        // A wrong passcode, a missing or bad email or too many tries: said in the form.
        const problem = accessProblemOf(err);
        if (problem) return problem;
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
    // Nothing after `#` (the link was cut when pasted): said here, without asking the API.
    if (!token) return setState({ kind: 'failed', failure: INCOMPLETE_LINK });
    const stored = storedSession(token);
    if (stored) setState({ kind: 'open', opened: stored });
    else void start();
  }, [start, token]);

  const heading = headingOf(state);
  useEffect(() => {
    document.title = `${heading} · Preseed`;
  }, [heading]);

  const sessionEnded = () => {
    storeSession(token, null);
    void start('Your viewing session has ended. Please continue to see the files again.');
  };

  switch (state.kind) {
    case 'loading':
      return (
        <AuthLayout title={heading}>
          <div className="shared-files__loading">
            <Spinner label="Opening the shared files" />
          </div>
        </AuthLayout>
      );
    case 'failed':
      return <SharePageFailure failure={state.failure} onRetry={() => void start()} />;
    case 'form':
      return <AccessForm title={heading} info={state.info} notice={state.notice} onSubmit={open} />;
    case 'open':
      return (
        <FileList
          title={heading}
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
  title,
  info,
  notice,
  onSubmit,
}: {
  title: string;
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
      title={title}
      intro={
        <p>
          {info.startupName ? `${info.startupName} shared documents with you.` : 'Documents were shared with you.'}
          {info.needsPasscode ? ' Enter the passcode you were given with this link to see them.' : ''}
          {!info.needsPasscode && info.expiresAt ? ` The link works until ${formatDateTime(info.expiresAt)}.` : ''}
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
  title,
  opened,
  onGone,
  onSessionEnded,
}: {
  title: string;
  opened: OpenedShare;
  onGone: (err: unknown) => void;
  onSessionEnded: () => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [viewing, setViewing] = useState<SharedFile | null>(null);
  // A session stored before links had the switch says nothing of it: downloads were allowed then.
  const allowDownload = opened.allowDownload !== false;

  const refused = useCallback(
    (err: ApiError): boolean => {
      if (err.error === 'ShareSessionEnded') onSessionEnded();
      else if (err.status === 410) onGone(err);
      else return false;
      return true;
    },
    [onGone, onSessionEnded],
  );

  const download = async (file: SharedFile) => {
    setBusy(`${file.id}:download`);
    setProblem(null);
    try {
      const link = await viewerApi.download(opened.session, file.id, 'attachment');
      await saveSharedFile(link.url, link.name);
    } catch (err) {
      if (!(err instanceof ApiError && refused(err))) {
        setProblem(err instanceof ApiError && err.message ? err.message : FALLBACK_ERROR_MESSAGE);
      }
    } finally {
      setBusy(null);
    }
  };

  if (viewing) {
    return (
      <Suspense fallback={<Spinner label={`Opening ${viewing.name}`} />}>
        <DocumentViewer
          session={opened.session}
          file={viewing}
          allowDownload={allowDownload}
          downloading={busy === `${viewing.id}:download`}
          onDownload={() => void download(viewing)}
          onClose={() => setViewing(null)}
          onRefused={refused}
        />
      </Suspense>
    );
  }

  return (
    <AuthLayout
      wide
      title={title}
      intro={
        <p>
          {opened.startupName ? `Shared with you by ${opened.startupName}.` : 'Shared with you.'}
          {opened.expiresAt ? ` The link works until ${formatDateTime(opened.expiresAt)}.` : ''}
        </p>
      }
    >
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {allowDownload ? null : (
        <p className="shared-files__message">The sender allows viewing these files here, not downloading them.</p>
      )}
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
                {FILE_ACTIONS.filter(({ action }) => allowDownload || action === 'view').map(
                  ({ action, label, variant }) => (
                    <Button
                      key={action}
                      variant={variant}
                      size="sm"
                      aria-label={`${label} ${file.name}`}
                      loading={busy === `${file.id}:${action}`}
                      onClick={() => (action === 'view' ? setViewing(file) : void download(file))}
                    >
                      {label}
                    </Button>
                  ),
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </AuthLayout>
  );
}
