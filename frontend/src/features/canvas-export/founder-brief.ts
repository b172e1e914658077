/**
 * The founder brief PDF: loads what it shows through the journey, account and validation API modules (from the
 * query cache when it is fresh) and the export font, and writes its A4 pages (one, or more when the founder has written more). Loaded only when the founder asks for
 * the brief.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ValidationTestView } from '#shared/api-types';
import type { QuestionType } from '#shared/domain/questions';
import { TOOL_IDS, type ToolId, toolOf } from '#shared/domain/validate-tools';
import { fetchMe, meQueryKey } from '../../data/account/me-api';
import { fetchAnswers, fetchDashboard, fetchQuestions, journeyKeys } from '../../data/journey/journey-api';
import { fetchValidationTests, lockedReason, validationKeys } from '../../data/validation/validation-api';
import { type BriefTool, briefPages } from './brief-layout';
import { briefSetup, briefTests, exportFileName, pdfBlob, sectionAnswers, sheetDate } from './export-data';
import { loadExportFonts } from './export-fonts';
import { buildPdf } from './pdf-writer';
import { answersById } from './tool-content';
import { toolKeyLine } from './tool-key-lines';

async function canvasAnswers(client: QueryClient, sub: string, type: 'value-proposition' | 'business-model') {
  const [questions, answers] = await Promise.all([
    client.fetchQuery({ queryKey: journeyKeys.questions(type), queryFn: ({ signal }) => fetchQuestions(type, signal) }),
    client.fetchQuery({
      queryKey: journeyKeys.answers(sub, type satisfies QuestionType),
      queryFn: ({ signal }) => fetchAnswers(type, signal),
    }),
  ]);
  return sectionAnswers(type, questions, answers);
}

type Listed = Awaited<ReturnType<typeof fetchValidationTests>>;

/**
 * The founder's current tests from the list's answer. The validation pages are moving their fetcher from the bare
 * list to the whole answer ({ tests, removed, ... }), and this shares their cache entry, so it reads either.
 */
function currentTests(listed: Listed | ValidationTestView[]): ValidationTestView[] {
  return Array.isArray(listed) ? listed : listed.tests;
}

/** The validation tests, or none while the phase is still locked (the API answers 403 until then). */
async function validationTests(client: QueryClient, sub: string): Promise<ValidationTestView[]> {
  try {
    const listed = await client.fetchQuery({
      queryKey: validationKeys.tests(sub),
      queryFn: ({ signal }) => fetchValidationTests(signal),
    });
    return currentTests(listed);
  } catch (err) {
    if (lockedReason(err) !== null) return [];
    throw err;
  }
}

/**
 * The Validate tools the founder completed (every field and guidance question answered, as the dashboard counts
 * them), each with its key line: the dashboard says which, and only those tools' answers are fetched.
 */
async function completedTools(client: QueryClient, sub: string): Promise<BriefTool[]> {
  const dashboard = await client.fetchQuery({
    queryKey: journeyKeys.dashboard(sub),
    queryFn: ({ signal }) => fetchDashboard(signal),
  });
  const done = TOOL_IDS.filter((tool) => {
    const progress = dashboard.progress[tool];
    return progress !== undefined && progress.total > 0 && progress.answered >= progress.total;
  });
  const lines = await Promise.all(
    done.map(async (tool: ToolId) => {
      const answers = await client.fetchQuery({
        queryKey: journeyKeys.answers(sub, tool),
        queryFn: ({ signal }) => fetchAnswers(tool, signal),
      });
      const line = toolKeyLine(tool, answersById(answers));
      return line ? [{ title: toolOf(tool).title, line }] : [];
    }),
  );
  return lines.flat();
}

/** Builds the brief and returns the file and its name. */
export async function makeFounderBrief(client: QueryClient, sub: string, now = new Date()) {
  const [me, valueProposition, businessModel, tests, tools, fonts] = await Promise.all([
    client.fetchQuery({ queryKey: meQueryKey(sub), queryFn: ({ signal }) => fetchMe(signal) }),
    canvasAnswers(client, sub, 'value-proposition'),
    canvasAnswers(client, sub, 'business-model'),
    validationTests(client, sub),
    completedTools(client, sub),
    loadExportFonts(),
  ]);
  const profile = me.profile;
  const startupName = profile?.startupName ?? '';
  const pages = briefPages(
    {
      startupName: startupName || 'My startup',
      date: sheetDate(now),
      founder: {
        name: [profile?.firstName, profile?.lastName].filter(Boolean).join(' '),
        email: profile?.email ?? '',
      },
      setup: briefSetup(profile?.onboarding ?? null),
      // The idea the founder wrote or generated; before that, the setup's description of the startup.
      idea: profile?.idea ?? profile?.onboarding?.description ?? null,
      valueProposition,
      businessModel,
      tests: briefTests(tests),
      tools,
    },
    fonts,
  );
  const title = startupName ? `Founder brief – ${startupName}` : 'Founder brief';
  return {
    blob: pdfBlob(buildPdf(pages, { title, created: now }, fonts)),
    fileName: exportFileName(startupName, 'founder brief', now, 'pdf'),
  };
}
