/** A question's answers as a bulleted list, each as the founder wrote it, in their order. */
export function AnswerLines({ answers, className }: { answers: readonly string[]; className?: string }) {
  return (
    <ul className={className}>
      {answers.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: answers may repeat; their order is their identity.
        <li key={i}>{line}</li>
      ))}
    </ul>
  );
}
