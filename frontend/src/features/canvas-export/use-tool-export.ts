import { useMemo, useState } from 'react';
import { type ToolId, toolOf } from '#shared/domain/validate-tools';
import { useMe } from '../../data/account/use-me';
import { useAnswers, useQuestions } from '../../data/journey/journey-api';
import { sheetDate } from './export-data';
import { toolSections } from './tool-content';
import { toolPages } from './tool-layouts';
import { useExportFonts } from './use-export-fonts';

/** One tool's export pages, once its questions, the founder's answers and profile and the export font are in. */
export function useToolExport(tool: ToolId) {
  const definition = toolOf(tool);
  const questions = useQuestions(tool);
  const answers = useAnswers(tool);
  const me = useMe();
  const fonts = useExportFonts();
  const startupName = me.data?.profile?.startupName ?? '';
  // One moment for the whole dialog, so the sheet's date and the file names agree.
  const [now] = useState(() => new Date());

  const result = useMemo(() => {
    if (!questions.data || !answers.data || !me.data || !fonts.data) return undefined;
    return toolPages(
      {
        tool: definition,
        startupName: startupName || 'My startup',
        date: sheetDate(now),
        sections: toolSections(tool, questions.data, answers.data),
      },
      fonts.data,
    );
  }, [tool, definition, questions.data, answers.data, me.data, fonts.data, startupName, now]);

  const failed = !result && (questions.isError || answers.isError || me.isError || fonts.isError);
  return { title: definition.title, result, fonts: fonts.data, startupName, now, failed };
}
