/**
 * The hosted checkout page a person sees locally instead of checkout.stripe.com: what is bought, for how
 * much, a clear "test payment" banner, and a Pay button (a plain form POST, so it works without scripts).
 */
import { type StoredSession, successRedirect } from './sessions';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Stripe amounts are in minor units; the currency's own decimals (0 for JPY, 2 for EUR) convert them. */
export function formatAmount(minor: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    // An unknown currency code in the configured prices should not break the page.
    return `${minor} ${code}`;
  }
}

export const TEST_BANNER = 'Test payment — no card is charged';

// Colours chosen for WCAG AA contrast (≥ 4.5:1) on their backgrounds.
const STYLE = `
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#eef1f5;color:#1c2430;padding:24px;line-height:1.5}
main{background:#fff;border:1px solid #d5dbe4;border-radius:14px;box-shadow:0 6px 24px rgba(28,36,48,.08);padding:28px;width:100%;max-width:440px}
.banner{margin:0 0 20px;padding:10px 14px;border-radius:8px;background:#fff4d6;border:1px solid #e5c56b;color:#4d3600;font-size:.95rem}
.banner strong{display:block}
h1{font-size:1.35rem;margin:0 0 4px}
.amount{font-size:2rem;font-weight:700;margin:0 0 16px}
.lines{list-style:none;padding:0;margin:0 0 16px;color:#3d4756}
dl{margin:0 0 20px;display:grid;grid-template-columns:auto 1fr;gap:4px 12px}
dt{color:#4a5566}
dd{margin:0;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin-bottom:4px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #8a94a6;border-radius:8px;margin-bottom:16px}
button{width:100%;font:inherit;font-weight:600;padding:12px;border:0;border-radius:8px;background:#1f4fd1;color:#fff;cursor:pointer}
button:hover{background:#1a43b3}
a{color:#1f4fd1}
:focus-visible{outline:3px solid #0b2a80;outline-offset:2px}
.secondary{text-align:center;margin:16px 0 0}
.muted{color:#4a5566;font-size:.9rem}
code{word-break:break-all}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body><main aria-labelledby="title">
${body}
</main></body></html>`;
}

const banner = `<p class="banner" role="note"><strong>${TEST_BANNER}</strong>This is Preseed's local Stripe emulator; nothing leaves your computer.</p>`;

export function renderCheckoutPage({ session, lines }: StoredSession): string {
  const total = formatAmount(session.amount_total ?? 0, session.currency ?? '');
  const productName = lines.length === 1 ? (lines[0]?.product_name ?? 'Your order') : 'Your order';

  if (session.status === 'complete') {
    return layout(
      `Payment complete · ${productName}`,
      `${banner}
<h1 id="title">Payment complete</h1>
<p>This checkout is already paid: ${escapeHtml(total)} for ${escapeHtml(productName)}.</p>
<p class="secondary"><a href="${escapeHtml(successRedirect(session))}">Continue to Preseed</a></p>`,
    );
  }

  // Show each line only when there is more than one thing to show; a single item is the heading.
  const lineList =
    lines.length > 1 || (lines[0]?.quantity ?? 1) > 1
      ? `<ul class="lines">${lines
          .map(
            (l) =>
              `<li>${escapeHtml(l.product_name)} × ${l.quantity} — ${escapeHtml(formatAmount(l.unit_amount * l.quantity, l.currency))}</li>`,
          )
          .join('')}</ul>`
      : '';
  const email = session.customer_email;
  // Stripe's page asks for an email when the app did not pass one; the webhook then carries it in customer_details.
  const emailBlock = email
    ? `<dl><dt>Email</dt><dd>${escapeHtml(email)}</dd></dl>`
    : `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>`;
  const payForm = `<form method="post" action="/checkout/${encodeURIComponent(session.id)}/pay">
${email ? '' : emailBlock}<button type="submit">Pay ${escapeHtml(total)}</button>
</form>`;
  return layout(
    `Pay ${total} · ${productName}`,
    `${banner}
<h1 id="title">${escapeHtml(productName)}</h1>
<p class="amount">${escapeHtml(total)}</p>
${lineList}${email ? emailBlock : ''}
${payForm}
<p class="secondary"><a href="${escapeHtml(session.cancel_url ?? '/')}">Cancel and go back</a></p>
<p class="muted secondary">Session <code>${escapeHtml(session.id)}</code></p>`,
  );
}

export function renderNotFoundPage(): string {
  return layout(
    'Checkout not found',
    `<h1 id="title">Checkout not found</h1>
<p>This checkout session does not exist on the local Stripe emulator. It keeps sessions in memory, so restarting
<code>npm start</code> forgets them: start the payment again from the app.</p>`,
  );
}

/** Stripe's receipt page for a paid session (the charge's receipt_url), as the local emulator shows it. */
export function renderReceiptPage({ session, lines }: StoredSession): string {
  const paidOn = new Date(session.created * 1000).toISOString().slice(0, 10);
  const items = lines
    .map(
      (line) =>
        `<li>${escapeHtml(line.product_name)} × ${line.quantity} — ${escapeHtml(formatAmount(line.unit_amount * line.quantity, line.currency))}</li>`,
    )
    .join('');
  return layout(
    'Your receipt',
    `${banner}
<h1 id="title">Your receipt</h1>
<p>Amount paid: <strong>${escapeHtml(formatAmount(session.amount_total ?? 0, session.currency ?? 'eur'))}</strong></p>
<p>Date paid: ${escapeHtml(paidOn)}</p>
<ul>${items}</ul>
<p class="muted">Receipt for checkout session <code>${escapeHtml(session.id)}</code>.</p>`,
  );
}
