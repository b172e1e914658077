import { useCallback, useLayoutEffect, useState } from 'react';

const SECOND_MS = 1000;

/** How long until the next whole second counted from `startedAt`. */
const untilNextSecond = (startedAt: number, at: number) => SECOND_MS - ((at - startedAt) % SECOND_MS);

/**
 * Seconds left of `totalSeconds`, counted from a start timestamp: each tick re-reads the clock, so a slow or
 * throttled tab (or fake timers in tests) never makes it drift, and ticks fall on the whole seconds since the
 * start, so the display changes when the second does rather than up to a tick later (a free-running interval,
 * phased by when the effect happened to run, showed 4:01 at exactly 60 s). `restart` starts again from
 * `totalSeconds`.
 *
 * The first tick is set in a layout effect, during the commit that shows the countdown: a passive effect waits for
 * the scheduler's next task, and a page rendered by a lazily loaded route could be read (and its clock moved) before
 * that task ran — on a loaded test machine the countdown then stood still at 5:00 for a fake minute.
 */
export function useCountdown(totalSeconds: number) {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  const remaining = Math.max(0, totalSeconds - Math.floor((now - startedAt) / 1000));
  const running = remaining > 0;

  useLayoutEffect(() => {
    if (!running) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      timer = setTimeout(tick, untilNextSecond(startedAt, at));
    };
    timer = setTimeout(tick, untilNextSecond(startedAt, Date.now()));
    return () => clearTimeout(timer);
  }, [running, startedAt]);

  const restart = useCallback(() => {
    const at = Date.now();
    setStartedAt(at);
    setNow(at);
  }, []);

  return { remaining, restart };
}

/** 300 → '5:00', 59 → '0:59'. */
export function formatMinutesSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
