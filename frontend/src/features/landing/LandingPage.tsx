import './landing.css';
import { Link } from 'react-router-dom';
import { useConfig } from '../../lib/config-context';
import { formatPrice } from '../../lib/format-price';
import { PATHS } from '../../lib/paths';
import { IconSprout } from '../../ui/icons';

const PHASES = [
  {
    title: 'Generate your idea',
    text: 'Describe what you have in mind and choose the version of your idea you want to build.',
  },
  {
    title: 'Trigger questions',
    text: "Answer structured questions about your customers' jobs, gains and pains.",
  },
  {
    title: 'Value Proposition canvas',
    text: 'Match what you offer to what your customers need.',
  },
  {
    title: 'Business Model canvas',
    text: 'Lay out partners, activities, channels, costs and revenue on one page.',
  },
  {
    title: 'Validation & data room',
    text: 'Plan tests for your riskiest assumptions and keep your documents in one place.',
  },
] as const;

/** `/` for signed-out visitors (signed-in users are sent to their home by PublicOnly). */
export function LandingPage() {
  const { price } = useConfig();
  return (
    <div className="landing">
      <header className="landing__header">
        <span className="landing__brand">
          <span className="brand-mark">
            <IconSprout size={20} />
          </span>
          <span className="brand-name">Preseed</span>
        </span>
      </header>
      <main className="landing__main">
        <section className="landing__hero" aria-labelledby="landing-title">
          <h1 id="landing-title" className="landing__title">
            From a raw idea to a reviewed business model
          </h1>
          <p className="landing__lead">
            Preseed guides pre-seed founders through building their startup one phase at a time. You answer structured
            questions, and a coach reviews your answers before unlocking the next phase.
          </p>
          <div className="landing__actions">
            <Link className="btn btn--primary btn--md" to={PATHS.signup}>
              Sign up
            </Link>
            <Link className="btn btn--secondary btn--md" to={PATHS.login}>
              Log in
            </Link>
          </div>
          <p className="landing__price">One-time payment of {formatPrice(price)} — no subscription</p>
        </section>
        <section className="landing__phases" aria-labelledby="phases-title">
          <h2 id="phases-title" className="landing__subtitle">
            How it works
          </h2>
          <ol className="phase-list" aria-labelledby="phases-title">
            {PHASES.map((phase, index) => (
              <li key={phase.title} className="phase-list__item">
                <span className="phase-list__number" aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3 className="phase-list__title">{phase.title}</h3>
                  <p className="phase-list__text">{phase.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      </main>
      <footer className="landing__footer">
        <Link className="text-link" to={PATHS.terms}>
          Terms
        </Link>
        <Link className="text-link" to={PATHS.privacy}>
          Privacy Policy
        </Link>
      </footer>
    </div>
  );
}
