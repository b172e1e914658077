import { ContactLink, LegalPage } from './LegalPage';

/** /terms: plain terms of use. */
export function TermsPage() {
  return (
    <LegalPage title="Terms">
      <h2>What Preseed is</h2>
      <p>
        Preseed is a web app that guides founders of early-stage startups through building their business model in
        phases: generating an idea, answering trigger questions, and completing the Value Proposition and Business Model
        canvases, then validation tests and the Validate tools. Coaches review your answers and unlock each next phase.
      </p>
      <h2>Your account</h2>
      <p>
        You sign up with your name, your startup's name, your email and a password, and confirm your email with a code.
        Keep your password to yourself; you are responsible for what happens in your account.
      </p>
      <h2>Payment</h2>
      <p>
        Access costs a one-time payment, shown before you pay. There is no subscription and nothing is charged again.
        Card payments are handled by Stripe. If something went wrong with a payment, write to us and we will sort it
        out.
      </p>
      <h2>Your content</h2>
      <p>
        Your answers, ideas and uploaded files remain yours. You allow us to store them and show them to you and to the
        coaches who review your work, only to run Preseed for you. Please upload only files you have the right to share.
      </p>
      <h2>Advice, not guarantees</h2>
      <p>
        Coaches' reviews and generated suggestions are guidance. Decisions about your startup are yours, and we cannot
        promise any outcome such as funding. We work to keep Preseed available and your data safe, but the service is
        provided as it is.
      </p>
      <h2>Ending your account</h2>
      <p>
        You can ask us to delete your account at any time by writing to <ContactLink />. We may close accounts that are
        used to harm others or the service.
      </p>
      <h2>Contact</h2>
      <p>
        Questions about these terms: <ContactLink />.
      </p>
    </LegalPage>
  );
}
