import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FileView } from '#shared/api-types';
import type { ToolId } from '#shared/domain/validate-tools';
import { isAbort } from '../../data/data-room/upload-to-storage';
import { useAccountSub } from '../../lib/account-query';
import { DATA_ROOM_CATEGORY, dataRoomName, dataRoomSaveProblem, savePdfToDataRoom } from './save-to-data-room';

export type DataRoomSaveState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved'; file: FileView }
  | { status: 'failed'; problem: string };

/**
 * One save of a tool's PDF to the data room at a time; closing the dialog cancels a save under way (the data room
 * keeps nothing of an upload it never confirmed).
 */
export function useDataRoomSave(tool: ToolId, makePdf: () => Blob) {
  const client = useQueryClient();
  const sub = useAccountSub();
  const [state, setState] = useState<DataRoomSaveState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const save = async () => {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'saving' });
    try {
      const pdf = { blob: makePdf(), name: dataRoomName(tool), category: DATA_ROOM_CATEGORY[tool] };
      const file = await savePdfToDataRoom(client, sub, pdf, abort.signal);
      setState({ status: 'saved', file });
    } catch (err) {
      if (isAbort(err)) return;
      console.error('Saving the PDF to the data room failed', err);
      setState({ status: 'failed', problem: dataRoomSaveProblem(err) });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };
  return { state, save };
}
