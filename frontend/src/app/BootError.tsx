import { Button } from '../ui/Button';

/** Shown when /config.json cannot be loaded, so nothing else can start. */
export function BootError() {
  return (
    <main className="centered-page">
      <div className="centered-page__content">
        <h1 className="centered-page__title">Preseed could not start</h1>
        <p className="centered-page__text">Please check your connection and try again.</p>
        <Button onClick={() => window.location.reload()}>Try again</Button>
      </div>
    </main>
  );
}
