import { createContext, type ReactNode, useContext } from 'react';
import type { RuntimeConfig } from './config';

const ConfigContext = createContext<RuntimeConfig | null>(null);

/** Hands `/config.json` (loaded once at boot) to the pages that show environment values such as the price. */
export function ConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

export function useConfig(): RuntimeConfig {
  const value = useContext(ConfigContext);
  if (!value) throw new Error('useConfig must be used inside <ConfigProvider>');
  return value;
}
