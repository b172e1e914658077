/** From the API's data to what the sheets show, and the exported files' names. */
import type { ValidationTestView } from '#shared/api-types';
import type { OnboardingAnswers } from '#shared/domain/onboarding';
import { normaliseWebsite } from '#shared/domain/website';
import { buildCanvasData } from '../../data/journey/canvas-data';
import type { AnswerView, Question } from '../../data/journey/journey-api';
import { RESULT_LABELS, resultOf, STATUS_LABELS } from '../../data/validation/labels';
import { type ChoiceField, optionsFor } from '../../lib/onboarding-labels';
import type { BriefSetup, BriefTest } from './brief-layout';
import type { ExportCanvasType, SectionAnswers } from './canvas-layout';
import type { Sheet } from './drawing';
import type { ExportFonts } from './export-fonts';
import { buildPdf } from './pdf-writer';

/** Each section's answers in the order the canvas page lists them (questions in order, then removed questions'). */
export function sectionAnswers(type: ExportCanvasType, questions: readonly Question[], answers: readonly AnswerView[]) {
  const data = buildCanvasData(type, questions, answers);
  const out = new Map<string, readonly string[]>();
  for (const [section, list] of data.answersBySection)
    out.set(
      section,
      list.map((a) => a.text),
    );
  return out satisfies SectionAnswers;
}

/** The tests a founder has run, with their outcome; tests never started say nothing about the idea. */
export function briefTests(tests: readonly Pick<ValidationTestView, 'name' | 'status' | 'evaluation'>[]): BriefTest[] {
  return tests
    .filter((t) => t.status !== 'not-started' || t.evaluation !== null)
    .map((t) => ({
      name: t.name,
      status: STATUS_LABELS[t.status],
      outcome: RESULT_LABELS[resultOf(t)],
      notes: t.evaluation?.notes ?? null,
    }));
}

const label = (field: ChoiceField, value: string) => optionsFor(field).find((o) => o.value === value)?.label ?? value;

/** The setup wizard's answers in the words the wizard showed; all unknown before the founder finished setup. */
export function briefSetup(onboarding: OnboardingAnswers | null): BriefSetup {
  if (!onboarding) return { website: null, stage: null, fundingStatus: null, teamSize: null, market: null };
  return {
    // A website saved before the wizard checked it ("kitchenloop") is not printed as if it were one.
    website: onboarding.website ? normaliseWebsite(onboarding.website) : null,
    stage: label('stage', onboarding.stage),
    fundingStatus: label('fundingStatus', onboarding.fundingStatus),
    teamSize: label('teamSize', onboarding.teamSize),
    market: [
      label('businessType', onboarding.businessType),
      label('industry', onboarding.industry),
      label('customerType', onboarding.customerType),
    ].join(' · '),
  };
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** 'November 25, 2026', in the founder's own time zone. */
export function sheetDate(now: Date): string {
  return LONG_DATE.format(now);
}

/** 'compilers-inc-value-proposition-canvas-2026-11-25.pdf': ASCII, no spaces, dated in the founder's time zone. */
export function exportFileName(startupName: string, what: string, now: Date, extension: 'png' | 'pdf'): string {
  const slug = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const p = (n: number) => String(n).padStart(2, '0');
  const day = `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
  return `${[slug(startupName), slug(what), day].filter(Boolean).join('-')}.${extension}`;
}

/** Saves a file the browser made, through a temporary link (the download attribute names it). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the next task; the URL is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A PDF's bytes as a Blob; the copy gives the Blob an ArrayBuffer of its own, as its type requires. */
export function pdfBlob(bytes: Uint8Array): Blob {
  return new Blob([new Uint8Array(bytes)], { type: 'application/pdf' });
}

/** The export's pages as a PDF file, titled '<what> – <startup>'. */
export function pagesPdf(
  pages: readonly Sheet[],
  what: { title: string; startupName: string; now: Date },
  fonts: ExportFonts,
): Blob {
  const title = what.startupName ? `${what.title} – ${what.startupName}` : what.title;
  return pdfBlob(buildPdf(pages, { title, created: what.now }, fonts));
}
