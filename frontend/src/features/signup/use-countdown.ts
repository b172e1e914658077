import { useCallback, useEffect, useState } from 'react';

const TICK_MS = 250;

/**
 * Seconds left of `totalSeconds`, counted from a start timestamp: each tick re-reads the clock, so a slow or
 * throttled tab (or fake timers in tests) never makes it drift. `restart` starts again from `totalSeconds`.
 */
export function useCountdown(totalSeconds: number) {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  const remaining = Math.max(0, totalSeconds - Math.floor((now - startedAt) / 1000));
  const running = remaining > 0;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

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
