import type { ReactNode } from 'react';
import type { CanvasState } from '../../data/journey/canvas-data';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { CANVAS_TEXT } from './canvas-texts';
import './canvas.css';

/** 'Loading questions...' with a spinner, announced once as a status. */
export function CanvasLoading() {
  return (
    <div className="canvas-loading" role="status">
      <Spinner size="lg" decorative />
      <p>{CANVAS_TEXT.loading}</p>
    </div>
  );
}

/** In place of the canvas when its questions or the founder's answers could not load. */
export function CanvasLoadError({
  state,
}: {
  state: Extract<CanvasState, { status: 'questions-error' | 'answers-error' }>;
}) {
  const questions = state.status === 'questions-error';
  return (
    <div className="notice" role="alert">
      <h2 className="notice__title">{questions ? 'Could not load the questions' : 'Could not load your answers'}</h2>
      <p className="notice__text">
        {questions ? CANVAS_TEXT.loadError : 'Your saved answers could not be loaded. Please try again.'}
      </p>
      <Button variant="secondary" onClick={state.retry} loading={state.retrying}>
        Try again
      </Button>
    </div>
  );
}

/** The small attribution line under a canvas; links open in a new tab. */
export function CanvasCredit({ children }: { children: ReactNode }) {
  return <p className="canvas-credit">{children}</p>;
}

/** A link that opens in a new tab and says so in its accessible name (the visible text stays as written). */
export function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      className="text-link"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${children} (opens in a new tab)`}
    >
      {children}
    </a>
  );
}
