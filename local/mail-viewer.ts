/**
 * The local mail viewer: every email the app "sent" through the SES emulator, at
 * /_dev/mail (a page a person reads) and /_dev/mail.json (for tests), newest first.
 */
import type { ServerResponse } from 'node:http';
import { escapeHtml } from '../functions/lib/html';

export interface SentEmail {
  to: string[];
  subject: string;
  html: string;
  text: string;
  sentAt: string;
}

export function renderMailPage(emails: readonly SentEmail[]): string {
  const items = emails
    .map((m, i) => {
      // Each message body renders in a sandboxed frame so its markup cannot touch this page.
      const body = m.html || `<pre>${escapeHtml(m.text)}</pre>`;
      return `<article aria-labelledby="m${i}">
  <h2 id="m${i}">${escapeHtml(m.subject || '(no subject)')}</h2>
  <p class="meta">To ${escapeHtml(m.to.join(', '))} · <time datetime="${escapeHtml(m.sentAt)}">${escapeHtml(new Date(m.sentAt).toLocaleString('en-US'))}</time></p>
  <iframe title="Message: ${escapeHtml(m.subject)}" sandbox="" srcdoc="${escapeHtml(body)}"></iframe>
</article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mail · Preseed</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;background:#f6f7f9;color:#1c2430}
main{max-width:860px;margin:0 auto;padding:24px}
h1{font-size:1.4rem;margin:0 0 4px}
.lead{color:#4a5566;margin:0 0 20px}
article{background:#fff;border:1px solid #dde2ea;border-radius:10px;padding:16px 18px;margin-bottom:16px}
h2{font-size:1.05rem;margin:0 0 4px}
.meta{color:#4a5566;font-size:.9rem;margin:0 0 10px}
iframe{width:100%;min-height:260px;border:1px solid #e6e9ef;border-radius:6px;background:#fff}
</style></head>
<body><main>
<h1>Local mail</h1>
<p class="lead">Emails sent by Preseed on this machine, newest first. Nothing here leaves your computer. <a href="/_dev/mail.json">JSON</a></p>
${items || '<p>No emails yet.</p>'}
</main></body></html>`;
}

export async function serveMail(
  res: ServerResponse,
  pathname: string,
  listEmails: () => Promise<SentEmail[]>,
): Promise<void> {
  const emails = await listEmails();
  if (pathname.endsWith('.json')) {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(emails));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(renderMailPage(emails));
}
