/**
 * What a phase page (trigger questions, the two canvases) shows of other features: where the coach's review stands,
 * the coach's request for changes, and the feedback thread under each answer. The pages ask for these by what they
 * do; app/router.tsx hands in the feedback and review-status features, so no feature imports another.
 */
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { QuestionType } from '#shared/domain/questions';

export interface PhaseEmbeds {
  ReviewStatus: ComponentType<{ type: QuestionType }>;
  FeedbackBanner: ComponentType<{ type: QuestionType }>;
  AnswerFeedback: ComponentType<{ type: QuestionType; questionId: string }>;
}

const PhaseEmbedsContext = createContext<PhaseEmbeds | null>(null);

export function PhaseEmbedsProvider({ embeds, children }: { embeds: PhaseEmbeds; children: ReactNode }) {
  return <PhaseEmbedsContext.Provider value={embeds}>{children}</PhaseEmbedsContext.Provider>;
}

export function usePhaseEmbeds(): PhaseEmbeds {
  const embeds = useContext(PhaseEmbedsContext);
  // A page rendered outside the route table would silently lose the coach's feedback; say where it comes from.
  if (!embeds) throw new Error('A phase page needs PhaseEmbedsProvider around it (app/router.tsx composes it)');
  return embeds;
}
