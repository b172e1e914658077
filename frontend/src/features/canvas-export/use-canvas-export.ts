import { useMemo, useState } from 'react';
import { useMe } from '../../data/account/use-me';
import { useAnswers, useQuestions } from '../../data/journey/journey-api';
import { canvasExportPages } from './canvas-entries-pages';
import { CANVAS_TITLES, canvasSheet, type ExportCanvasType } from './canvas-layout';
import { sectionAnswers, sheetDate } from './export-data';
import { useExportFonts } from './use-export-fonts';

/**
 * One canvas's export pages — its sheet, then every entry whole when the sheet had to leave some out — once its
 * questions, answers, the founder's profile and the export font are in.
 */
export function useCanvasExport(type: ExportCanvasType) {
  const title = CANVAS_TITLES[type];
  const questions = useQuestions(type);
  const answers = useAnswers(type);
  const me = useMe();
  const fonts = useExportFonts();
  const startupName = me.data?.profile?.startupName ?? '';
  // One moment for the whole dialog, so the sheet's date and the file names agree.
  const [now] = useState(() => new Date());

  const pages = useMemo(() => {
    if (!questions.data || !answers.data || !me.data || !fonts.data) return undefined;
    const content = {
      type,
      startupName: startupName || 'My startup',
      date: sheetDate(now),
      answers: sectionAnswers(type, questions.data, answers.data),
    };
    return canvasExportPages(canvasSheet(content, fonts.data), type, content, fonts.data);
  }, [type, questions.data, answers.data, me.data, fonts.data, startupName, now]);

  const failed = !pages && (questions.isError || answers.isError || me.isError || fonts.isError);
  return { title, pages, fonts: fonts.data, startupName, now, failed };
}
