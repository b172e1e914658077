import { Link } from 'react-router-dom';
import { PATHS } from '../../lib/paths';
import { IconLock } from '../../ui/icons';

/** In place of the tool while the Validate group is locked: which unlock it waits for (the API refuses saves anyway). */
export function ToolLocked({ message }: { message: string }) {
  return (
    <section className="vt-locked" aria-labelledby="vt-locked-title">
      <span className="vt-locked__icon">
        <IconLock size={22} />
      </span>
      <div className="vt-locked__body">
        <h2 id="vt-locked-title" className="vt-locked__title">
          This tool is locked
        </h2>
        <p className="vt-locked__text">{message}</p>
        <Link className="text-link" to={PATHS.businessModel}>
          Go to the Business Model
        </Link>
      </div>
    </section>
  );
}
