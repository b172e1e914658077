import { PATHS } from '../../lib/paths';
import { LockedNotice } from '../../ui/LockedNotice';

/** In place of the tool while the Validate group is locked: which unlock it waits for (the API refuses saves anyway). */
export function ToolLocked({ message }: { message: string }) {
  return (
    <LockedNotice title="This tool is locked" link={{ to: PATHS.businessModel, label: 'Go to the Business Model' }}>
      {message}
    </LockedNotice>
  );
}
