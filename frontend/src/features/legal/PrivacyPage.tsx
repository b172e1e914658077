import { ContactLink, LegalPage } from './LegalPage';

/** /privacy: what we store, why, who else sees it, and how to have it deleted. */
export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <h2>What we store</h2>
      <ul>
        <li>Your first and last name, your email address and your startup's name.</li>
        <li>Your password, stored only as a secure hash by our sign-in service; we cannot read it.</li>
        <li>Your answers to the setup wizard and to the questions in each phase, and the idea you choose.</li>
        <li>The files you upload to your data room.</li>
        <li>Whether you have paid, and which phases are open for you.</li>
      </ul>
      <h2>Why we store it</h2>
      <p>
        Only to run Preseed for you: to sign you in, to show you your work, to let a coach review your answers and
        unlock your next phase, and to email you codes and updates about your progress.
      </p>
      <h2>Who else sees it</h2>
      <ul>
        <li>Preseed's coaches see your name, email and answers so they can review them.</li>
        <li>
          Payments are handled by Stripe. Your card details go to Stripe directly; we never see or store them. We only
          learn whether the payment succeeded.
        </li>
        <li>
          Our hosting provider stores the data on our behalf. When you ask for generated ideas or suggestions, the text
          you submit is sent to the service that generates them.
        </li>
        <li>If a support chat is offered in the app, what you write in it goes to the chat service that runs it.</li>
      </ul>
      <p>We do not sell your data, and we do not use it for advertising.</p>
      <h2>Cookies and browser storage</h2>
      <p>
        We keep your sign-in session in your browser's storage and remember whether the sidebar is collapsed in one
        cookie. We use no tracking cookies.
      </p>
      <h2>Deleting your account</h2>
      <p>
        Write to <ContactLink /> from the email address of your account and we will delete your account, your answers
        and your files. You can also ask us for a copy of what we store about you.
      </p>
      <h2>Contact</h2>
      <p>
        Questions about your data: <ContactLink />.
      </p>
    </LegalPage>
  );
}
