import { useEffect } from 'react';
import { useConfig } from '../../lib/config-context';

/** The id of the injected script tag, so the widget loads once however often the dashboard mounts. */
export const SUPPORT_CHAT_SCRIPT_ID = 'support-chat-script';

interface ChatWindow {
  Tawk_API?: { hideWidget?: () => void; showWidget?: () => void };
  Tawk_LoadStart?: Date;
}

/** The vendor's embed URL for a chat id of the form '{propertyId}/{widgetId}'. */
export function supportChatUrl(chatId: string): string {
  return `https://embed.tawk.to/${chatId.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * The third-party support chat of the dashboard (spec §2). It loads only when `/config.json` names a chat id, which
 * is never the case locally or in tests; leaving the dashboard hides the widget again.
 */
export function SupportChat() {
  const { supportChatId } = useConfig();

  useEffect(() => {
    if (!supportChatId) return;
    const win = window as unknown as ChatWindow;
    if (document.getElementById(SUPPORT_CHAT_SCRIPT_ID)) {
      win.Tawk_API?.showWidget?.();
    } else {
      win.Tawk_API ??= {};
      win.Tawk_LoadStart = new Date();
      const script = document.createElement('script');
      script.id = SUPPORT_CHAT_SCRIPT_ID;
      script.async = true;
      script.src = supportChatUrl(supportChatId);
      script.charset = 'UTF-8';
      script.setAttribute('crossorigin', '*');
      document.body.appendChild(script);
    }
    return () => win.Tawk_API?.hideWidget?.();
  }, [supportChatId]);

  return null;
}
