/** The emails the product sends (spec §7), as subject, HTML and plain text. */
import { escapeHtml } from '../lib/html';

function layout(title: string, paragraphs: string[]): string {
  return `<!doctype html><html lang="en"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1c2430;background:#f6f7f9;margin:0;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border:1px solid #dde2ea;border-radius:10px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${paragraphs.join('\n')}
<p style="color:#4a5566;font-size:13px;margin-top:24px">— The Preseed team</p>
</div></body></html>`;
}

export function signupCodeEmail(firstName: string, code: string, validMinutes: number) {
  const greeting = `Hi ${firstName.trim() || 'there'},`;
  return {
    subject: 'Your Sign-In Verification Code',
    text: `${greeting}\n\nYour Preseed verification code is ${code}.\nIt expires in ${validMinutes} minutes. If you did not sign up, ignore this email.\n\n— The Preseed team`,
    html: layout('Your verification code', [
      `<p>${escapeHtml(greeting)}</p>`,
      '<p>Enter this code to verify your email and create your Preseed account:</p>',
      `<p style="font-size:32px;font-weight:700;letter-spacing:6px;margin:16px 0">${escapeHtml(code)}</p>`,
      `<p>It expires in ${validMinutes} minutes. If you did not sign up, you can ignore this email.</p>`,
    ]),
  };
}
