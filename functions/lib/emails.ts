/** The emails the product sends (spec §7), as subject, HTML and plain text. */
import { questionsPhrase } from '#shared/domain/question-numbers';
import { plural } from '#shared/plural';
import { escapeHtml } from './html';

function layout(title: string, paragraphs: string[]): string {
  return `<!doctype html><html lang="en"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1c2430;background:#f6f7f9;margin:0;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border:1px solid #dde2ea;border-radius:10px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${paragraphs.join('\n')}
<p style="color:#4a5566;font-size:13px;margin-top:24px">— The Preseed team</p>
</div></body></html>`;
}

/**
 * The code email goes to an address nobody has proven yet, so it carries nothing the sender chose:
 * no names, no startup — otherwise sign-up would relay an attacker's text to anyone.
 */
export function signupCodeEmail(code: string, validMinutes: number) {
  return {
    subject: 'Your Sign-In Verification Code',
    text: `Hello,\n\nYour Preseed verification code is ${code}.\nIt expires in ${plural(validMinutes, 'minute')}. If you did not sign up, ignore this email.\n\n— The Preseed team`,
    html: layout('Your verification code', [
      '<p>Hello,</p>',
      '<p>Enter this code to verify your email and create your Preseed account:</p>',
      `<p style="font-size:32px;font-weight:700;letter-spacing:6px;margin:16px 0">${escapeHtml(code)}</p>`,
      `<p>It expires in ${plural(validMinutes, 'minute')}. If you did not sign up, you can ignore this email.</p>`,
    ]),
  };
}

const para = (text: string) => `<p>${escapeHtml(text)}</p>`;

function message(subject: string, title: string, paragraphs: string[]) {
  return {
    subject,
    html: layout(title, paragraphs.map(para)),
    text: `${paragraphs.join('\n\n')}\n\n— The Preseed team`,
  };
}

const hello = (firstName: string) => `Hi ${firstName.trim() || 'there'},`;

/**
 * The counts in these emails are the live question bank's (coaches add and remove questions), passed in by the
 * sender: spec §7's '27 trigger questions in 3 stages' is only the seeded bank's numbers.
 */

/** After the idea is saved. */
export function ideaSavedEmail(firstName: string, questionCount: number, stageCount: number, siteUrl: string) {
  return message('Your idea is saved – next up: your Trigger Questions', 'Your idea is saved', [
    hello(firstName),
    `Great start! Your idea is saved. Next come ${plural(questionCount, 'trigger question')} in ${plural(stageCount, 'stage')} — customer jobs, gains and pains — to sharpen who you build for.`,
    `Continue here: ${siteUrl}/trigger-questions`,
  ]);
}

export function phaseCompletedEmail(
  phase: 'trigger' | 'value-proposition' | 'business-model',
  firstName: string,
  questionCount: number,
  siteUrl: string,
) {
  switch (phase) {
    case 'trigger':
      return message('Your Trigger Questions are complete – we are reviewing them', 'Trigger questions complete', [
        hello(firstName),
        `You have answered all ${plural(questionCount, 'trigger question')}. Our team is reviewing your answers and will unlock your Value Proposition canvas — please allow up to 36 hours.`,
      ]);
    case 'value-proposition':
      return message("Impressive Progress – You're Almost Ready for the Full Business Model", 'Impressive progress', [
        hello(firstName),
        `You have worked through all ${plural(questionCount, 'structured Value Proposition question')}. Our team is reviewing your answers and will unlock the Business Model Canvas for you — please allow up to 36 hours.`,
      ]);
    case 'business-model':
      return message(
        "Your Business Model is Complete – Let's Get You Investor-Ready",
        'Your business model is complete',
        [
          hello(firstName),
          `Congratulations — your Business Model canvas is complete. Now gather your documents in the data room (${siteUrl}/data-room): your pitch deck, financial plan, market research, founding team bios and any prototypes.`,
          'Coming up next: the Validation Phase, where you will test your riskiest assumptions with real customers.',
        ],
      );
  }
}

/** After a coach unlocks the next phase (spec §7 subjects). */
export function phaseUnlockedEmail(
  phase: 'trigger' | 'value-proposition' | 'business-model',
  firstName: string,
  siteUrl: string,
) {
  switch (phase) {
    case 'trigger':
      return message(
        "A New Step Just Unlocked – Let's Craft Your Value Proposition",
        'Your Value Proposition is open',
        [
          hello(firstName),
          'Our team has reviewed your trigger questions, and your Value Proposition canvas is now unlocked.',
          `Continue here: ${siteUrl}/value-proposition`,
        ],
      );
    case 'value-proposition':
      return message("Your Business Model Stage is Now Open – Let's Build It!", 'Your Business Model is open', [
        hello(firstName),
        'Our team has reviewed your Value Proposition, and the Business Model canvas is now open for you.',
        `Continue here: ${siteUrl}/business-model`,
      ]);
    case 'business-model':
      // A business-model unlock sets bmc_status, the gate of validation tests and test evaluation (PAGE_GATES):
      // they open with this very unlock, so the email says so instead of promising a later step.
      return message("We've Received Your Answers – Your Validation Tests Are Open", 'Your validation tests are open', [
        hello(firstName),
        'Our team has reviewed your Business Model canvas, and the Validation Phase is now open: plan tests of your riskiest assumptions, then record what you learned in Test Evaluation.',
        `Start here: ${siteUrl}/validation-tests`,
        `Keep your documents in the data room too: ${siteUrl}/data-room`,
      ]);
  }
}

/**
 * The emails Cognito itself sends, in Preseed's words: the CustomMessage trigger (functions/cognito/custom-message.ts)
 * answers them in the cloud and the offline stack's cognito-local runs the same trigger, so the mail viewer shows
 * this text too. `code` is whatever Cognito asks to have replaced (its `{####}` placeholder), so the text must carry
 * it exactly once. Like the sign-up code email they name nothing the account holder typed.
 */
export function passwordResetCodeEmail(code: string) {
  return {
    subject: 'Your Preseed password reset code',
    text: `Hello,\n\nYour Preseed password reset code is ${code}.\nEnter it on the 'Set a new password' page, together with your new password. It expires in 1 hour. If you did not ask to reset your password, ignore this email: your password stays as it is.\n\n— The Preseed team`,
    html: layout('Your password reset code', [
      '<p>Hello,</p>',
      "<p>Enter this code on the 'Set a new password' page, together with your new password:</p>",
      `<p style="font-size:32px;font-weight:700;letter-spacing:6px;margin:16px 0">${escapeHtml(code)}</p>`,
      '<p>It expires in 1 hour. If you did not ask to reset your password, you can ignore this email: your password stays as it is.</p>',
    ]),
  };
}

/** A code that confirms an email address Cognito was asked to verify (an address change, a new verification). */
export function emailAddressCodeEmail(code: string) {
  return {
    subject: 'Confirm your Preseed email address',
    text: `Hello,\n\nYour Preseed code to confirm this email address is ${code}.\nIf you did not ask for it, ignore this email.\n\n— The Preseed team`,
    html: layout('Confirm your email address', [
      '<p>Hello,</p>',
      '<p>Enter this code in Preseed to confirm this email address:</p>',
      `<p style="font-size:32px;font-weight:700;letter-spacing:6px;margin:16px 0">${escapeHtml(code)}</p>`,
      '<p>If you did not ask for it, you can ignore this email.</p>',
    ]),
  };
}

/**
 * An account an operator created in Cognito directly (our API suppresses this message for the accounts it creates):
 * `username` and `temporaryPassword` are Cognito's placeholders.
 */
export function accountInvitationEmail(username: string, temporaryPassword: string) {
  return {
    subject: 'Your Preseed account',
    text: `Hello,\n\nA Preseed account was created for you. Log in with the username ${username} and the temporary password ${temporaryPassword}; you will choose your own password then.\n\n— The Preseed team`,
    html: layout('Your Preseed account', [
      '<p>Hello,</p>',
      `<p>A Preseed account was created for you. Log in with the username <strong>${escapeHtml(username)}</strong> and the temporary password <strong>${escapeHtml(temporaryPassword)}</strong>; you will choose your own password then.</p>`,
    ]),
  };
}

/**
 * A coach's feedback on a phase, once per review round: when they ask for changes (`changeMessage`
 * set) or comment on a phase already reviewed. The coach's message is quoted as typed: coaches are trusted staff,
 * and the text is escaped like every paragraph.
 */
export function coachFeedbackEmail(input: {
  phaseLabel: string;
  firstName: string;
  comments: number;
  /** The numbers (as the founder's page shows them) of the questions commented on; removed ones have none. */
  commentedQuestions?: readonly number[];
  changeMessage: string | null;
  pageUrl: string;
}) {
  const which = input.commentedQuestions?.length ? ` (${questionsPhrase(input.commentedQuestions)})` : '';
  const what = input.comments > 0 ? ` with ${plural(input.comments, 'comment')} on your answers${which}` : '';
  return message(`Your coach left feedback on your ${input.phaseLabel}`, 'Your coach left feedback', [
    hello(input.firstName),
    input.changeMessage
      ? `Your coach reviewed your ${input.phaseLabel} and asked for a few changes${what}:`
      : `Your coach left feedback on your ${input.phaseLabel}${what}.`,
    ...(input.changeMessage ? [`“${input.changeMessage}”`] : []),
    input.changeMessage
      ? 'Edit the highlighted answers and save them: your answers go back to your coach for review.'
      : 'You can reply to each comment under your answers.',
    `Read it here: ${input.pageUrl}`,
  ]);
}

/**
 * When a share link is opened (at most once a link an hour). The viewer's address is what they typed,
 * unchecked: it is quoted as given, never used as a link.
 */
export function shareViewedEmail(firstName: string, linkLabel: string, viewerEmail: string | null, siteUrl: string) {
  return message(`Someone viewed your shared files: ${linkLabel}`, 'Your share link was opened', [
    hello(firstName),
    viewerEmail
      ? `${viewerEmail} just opened your share link "${linkLabel}".`
      : `Someone just opened your share link "${linkLabel}".`,
    `See every view and download, or turn the link off: ${siteUrl}/data-room/sharing`,
    'You get at most one of these emails per link per hour.',
  ]);
}

/** What is gone and, truthfully, what is kept and for how long (docs/security.md, "Deleting an account"). */
export function accountDeletedEmail(firstName: string, siteUrl: string, auditRetentionDays: number) {
  return message('Your Preseed account has been deleted', 'Your account has been deleted', [
    hello(firstName),
    'As you asked, your Preseed account is deleted: your answers and their history, canvases, validation tests, data-room files (every stored copy), share links and your sign-in are gone.',
    `We keep one thing on purpose: the record of which coach downloaded which of your files and when, so that access to your documents stays accountable. It is deleted ${auditRetentionDays} days after each download.`,
    `If you did not ask for this, reply to this email. You are welcome back any time: ${siteUrl}/signup`,
  ]);
}
