import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { VERDICT_LABELS } from '#shared/domain/feedback';
import { DIRECTORY_PHASE_LABELS } from '#shared/domain/founder-directory';
import { ONBOARDING_OPTIONS } from '#shared/domain/onboarding';
import { questionLabel } from '#shared/domain/question-numbers';
import { PHASE_TYPES, QUESTION_TYPE_LABELS, type QuestionType } from '#shared/domain/questions';
import { REVIEW_STATE_LABELS, reviewStateOf } from '#shared/domain/review-state';
import { categoryLabel, formatFileSize, formatUploadDate } from '../../data/data-room/file-format';
import { fileDownloader } from '../../lib/download';
import { refusalOf } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { optionsFor } from '../../lib/onboarding-labels';
import { PATHS } from '../../lib/paths';
import { AnswerLines } from '../../ui/AnswerLines';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadError, LoadingArea } from '../../ui/LoadState';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast/toast-context';
import { type FounderFile, fetchFounderDownload, useFounderFile, useFounderPhase } from './directory-api';
import { founderName, PhaseProgress, StatusBadge } from './FounderDirectoryPage';
import { FounderTools } from './FounderTools';
import { toolsSummary } from './tool-progress';
import './founder-directory.css';

type Onboarding = NonNullable<FounderFile['onboarding']>;
type ChoiceField = keyof typeof ONBOARDING_OPTIONS;

const ONBOARDING_FIELDS: ReadonlyArray<[keyof Onboarding, string]> = [
  ['startupName', 'Startup name'],
  ['businessType', 'Business type'],
  ['stage', 'Stage'],
  ['industry', 'Industry'],
  ['customerType', 'Customer type'],
  ['teamSize', 'Team size'],
  ['fundingStatus', 'Funding status'],
  ['website', 'Website'],
  ['description', 'Description'],
];

function onboardingValue(field: keyof Onboarding, value: string | null): string {
  if (!value) return '—';
  if (field in ONBOARDING_OPTIONS) {
    return optionsFor(field as ChoiceField).find((o) => o.value === value)?.label ?? value;
  }
  return value;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `fd-section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card className="fd-card">
      <section aria-labelledby={id}>
        <h2 id={id} className="fd-section__title">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** One phase's answers with the coaches' feedback, read when the coach opens it. */
function PhaseAnswers({ userId, type }: { userId: string; type: QuestionType }) {
  const [open, setOpen] = useState(false);
  const phase = useFounderPhase(userId, type, open);
  let body: ReactNode = null;
  if (open) {
    if (phase.isPending) body = <Spinner label={`Loading ${QUESTION_TYPE_LABELS[type]} answers`} />;
    else if (phase.isError)
      body = (
        <LoadError alert onRetry={() => void phase.refetch()}>
          Could not load these answers. {refusalOf(phase.error)}
        </LoadError>
      );
    else {
      const { answers, feedback } = phase.data;
      const byQuestion = new Map(feedback.feedback.map((f) => [f.questionId, f]));
      // The same state the review dialog and the founder's pages show: a request stops counting once answered.
      const review = reviewStateOf(feedback);
      body = (
        <>
          <p className="fd-note">
            <strong>Review:</strong> {REVIEW_STATE_LABELS[review.kind]}
            {review.kind === 'waiting' && review.submittedAt ? `, submitted ${formatDateTime(review.submittedAt)}` : ''}
            {review.kind === 'unlocked' && review.unlockedAt ? ` on ${formatDateTime(review.unlockedAt)}` : ''}
          </p>
          {review.kind === 'changes-requested' && review.message ? (
            <p className="fd-note">
              <strong>Changes requested:</strong> {review.message}
            </p>
          ) : null}
          {feedback.summary ? (
            <p className="fd-note">
              <strong>Coach's summary:</strong> {feedback.summary}
            </p>
          ) : null}
          {answers.length === 0 ? (
            <p className="fd-empty">No answers yet.</p>
          ) : (
            <ol className="fd-answers">
              {answers.map((a) => {
                const f = byQuestion.get(a.questionId);
                return (
                  <li key={a.questionId} className="fd-answer">
                    <p className="fd-answer__meta">
                      <Badge variant="outline">{a.category}</Badge>{' '}
                      {a.number === null ? 'Removed question' : questionLabel(a.number)}
                    </p>
                    <h3 className="fd-answer__question">{a.question}</h3>
                    <AnswerLines className="fd-answer__list" answers={a.answers} />
                    <p className="fd-answer__date">
                      Submitted <time dateTime={a.submittedAt}>{formatDateTime(a.submittedAt)}</time>
                    </p>
                    {f ? (
                      <div className="fd-feedback">
                        <p className="fd-feedback__head">
                          Coach feedback
                          {f.rating !== null ? <span> · rated {f.rating} of 5</span> : null}
                          {f.verdict ? <span> · {VERDICT_LABELS[f.verdict]}</span> : null}
                          {f.resolved ? <span> · resolved</span> : null}
                        </p>
                        {f.comment ? <p>{f.comment}</p> : null}
                        {f.replies.length > 0 ? (
                          <ul className="fd-feedback__replies">
                            {f.replies.map((r) => (
                              <li key={r.id}>
                                <strong>{r.author === 'coach' ? 'Coach' : 'Founder'}:</strong> {r.text}
                              </li>
                            ))}
                          </ul>
                        ) : null}
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          )}
        </>
      );
    }
  }
  return (
    <details className="fd-phase" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="fd-phase__summary">{QUESTION_TYPE_LABELS[type]}</summary>
      <div className="fd-phase__body">{body}</div>
    </details>
  );
}

function FileRow({ userId, file }: { userId: string; file: FounderFile['files'][number] }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const link = await fetchFounderDownload(userId, file.id);
      fileDownloader.start(link.url, link.name);
      toast({ title: 'Download started', description: file.name });
    } catch (error) {
      toast({ title: 'Download failed', description: refusalOf(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="list-row">
      <div className="fd-file__info">
        <span className="fd-file__name">{file.name}</span>
        <span className="fd-file__meta">
          {categoryLabel(file.category)} · {formatFileSize(file.size)} · {formatUploadDate(file.uploadedAt)}
        </span>
      </div>
      <Button
        variant="secondary"
        size="sm"
        loading={busy}
        onClick={() => void download()}
        aria-label={`Download ${file.name}`}
      >
        Download
      </Button>
    </li>
  );
}

/** One founder's whole file for a coach: setup answers, idea, each phase's answers and feedback, tests and files. */
export function FounderPage() {
  const { userId = '' } = useParams();
  const founderFile = useFounderFile(userId);
  const back = (
    <Link to={PATHS.adminFounders} className="fd-back">
      ← All founders
    </Link>
  );

  if (founderFile.isPending)
    return (
      <div className="fd-page">
        {back}
        <LoadingArea label="Loading the founder" />
      </div>
    );
  if (founderFile.isError)
    return (
      <div className="fd-page">
        {back}
        <LoadError alert onRetry={() => void founderFile.refetch()}>
          Could not load this founder. {refusalOf(founderFile.error)}
        </LoadError>
      </div>
    );

  const { founder, onboarding, idea, validationTests, files } = founderFile.data;
  return (
    <div className="fd-page">
      {back}
      <PageHeader
        title={founderName(founder)}
        subtitle={[founder.email, founder.startupName].filter(Boolean).join(' · ')}
      />
      <Section title="Overview">
        <dl className="fd-facts">
          <div>
            <dt>Current phase</dt>
            <dd>
              {DIRECTORY_PHASE_LABELS[founder.phase]} <StatusBadge status={founder.status} />
            </dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>{founder.paid ? 'Paid' : 'Not paid'}</dd>
          </div>
          <div>
            <dt>Signed up</dt>
            <dd>{founder.createdAt ? formatDateTime(founder.createdAt) : '—'}</dd>
          </div>
          <div>
            <dt>Last activity</dt>
            <dd>{founder.lastActivityAt ? formatDateTime(founder.lastActivityAt) : '—'}</dd>
          </div>
        </dl>
        <div className="fd-progress-list">
          {PHASE_TYPES.map((type) => (
            <PhaseProgress key={type} type={type} progress={founder.progress[type]} />
          ))}
        </div>
        <p className="fd-tools-summary">{toolsSummary(founder.progress)}</p>
      </Section>
      <Section title="Startup setup">
        {onboarding ? (
          <dl className="fd-facts">
            {ONBOARDING_FIELDS.map(([field, label]) => (
              <div key={field} className={field === 'description' ? 'fd-facts__wide' : undefined}>
                <dt>{label}</dt>
                <dd>{onboardingValue(field, onboarding[field])}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="fd-empty">The founder has not filled in the setup wizard yet.</p>
        )}
      </Section>
      <Section title="Idea">
        {idea ? <p className="fd-idea">{idea}</p> : <p className="fd-empty">No idea saved yet.</p>}
      </Section>
      <Section title="Answers">
        {PHASE_TYPES.map((type) => (
          <PhaseAnswers key={type} userId={userId} type={type} />
        ))}
      </Section>
      <Section title="Validate tools">
        <FounderTools userId={userId} progress={founder.progress} />
      </Section>
      <Section title="Validation tests">
        {validationTests.length === 0 ? (
          <p className="fd-empty">No validation test started yet.</p>
        ) : (
          <ul className="fd-tests">
            {validationTests.map((t) => (
              <li key={t.id} className="fd-test">
                <p className="fd-test__name">
                  {t.name} {t.custom ? <Badge variant="outline">Own test</Badge> : null}{' '}
                  {t.removed ? <Badge variant="outline">Removed</Badge> : null}
                </p>
                <p className="fd-test__meta">
                  Status: {t.status.replace('-', ' ')}
                  {t.evaluation ? ` · Evaluation: ${t.evaluation.result.replace('-', ' ')}` : ''}
                </p>
                {t.results ? <p>Results: {t.results}</p> : null}
                {t.evaluation?.notes ? <p>Notes: {t.evaluation.notes}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Data room">
        {files.length === 0 ? (
          <p className="fd-empty">No files in the data room.</p>
        ) : (
          <>
            <p className="fd-hint">Read only. Every download is recorded with your name and the time.</p>
            <ul className="fd-files">
              {files.map((f) => (
                <FileRow key={f.id} userId={userId} file={f} />
              ))}
            </ul>
          </>
        )}
      </Section>
    </div>
  );
}
