/** How a founder's statement is made ready to sit inside a draft sentence, and which shape it is read as. */
import { describe, expect, it } from 'vitest';
import { asClause, capitalised, isTopic, normalise, statementOf, withoutArticle } from './wording';

describe('normalise', () => {
  it('drops quotation marks of every kind, and keeps apostrophes', () => {
    expect(normalise('“Restaurants with idle kitchens off-peak”')).toBe('restaurants with idle kitchens off-peak');
    expect(normalise('"Second brain" for nurses')).toBe('second brain for nurses');
    expect(normalise("'Double bookings'")).toBe('double bookings');
    expect(normalise('‘Late’ invoices')).toBe('late invoices');
    expect(normalise("Owners don't trust sitters")).toBe("owners don't trust sitters");
    expect(normalise('Customers’ budgets shrink')).toBe('customers’ budgets shrink');
  });

  it('removes end punctuation and trailing ellipses, and spaces before punctuation', () => {
    expect(normalise('Vans return empty.')).toBe('vans return empty');
    expect(normalise('Why buy?!')).toBe('why buy');
    expect(normalise('Drills used once...')).toBe('drills used once');
    expect(normalise('Buying a drill for one shelf…')).toBe('buying a drill for one shelf');
    expect(normalise('Tarte tatin , crème brûlée !')).toBe('tarte tatin, crème brûlée');
  });

  it('turns a colon into brackets round a short tail, or a comma before a long one', () => {
    expect(normalise('Unreliable access is the worst: 14 of 18 interviews.')).toBe(
      'unreliable access is the worst (14 of 18 interviews)',
    );
    expect(normalise('Places en crèche : 18 mois d’attente')).toBe('places en crèche (18 mois d’attente)');
    expect(normalise('Regulators ask: who gave what, when, and for which control')).toBe(
      'regulators ask, who gave what, when, and for which control',
    );
  });

  it('joins statements at a semicolon with "and", and turns a dash into a comma', () => {
    expect(normalise('Clinics lose 12%; reminders cut that')).toBe('clinics lose 12%, and reminders cut that');
    expect(normalise('Slow; but cheap')).toBe('slow, but cheap');
    expect(normalise('Clinics lose 12%; SMS cuts that; we automate it')).toBe(
      'clinics lose 12%, SMS cuts that, and we automate it',
    );
    expect(normalise('A second brain for nurses — notes that write themselves')).toBe(
      'a second brain for nurses, notes that write themselves',
    );
  });

  it('lowers a sentence capital, and keeps acronyms, names the founder capitalised mid-sentence, and "I"', () => {
    expect(normalise('Parents lose hours')).toBe('parents lose hours');
    expect(normalise('The app plans meals')).toBe('the app plans meals');
    expect(normalise('HR managers at firms')).toBe('HR managers at firms');
    expect(normalise('SaaS for bakers')).toBe('SaaS for bakers');
    expect(normalise('B2B invoicing')).toBe('B2B invoicing');
    expect(normalise('I want recipes')).toBe('I want recipes');
    expect(normalise('Leeds vans', 'Vans return empty from Leeds.')).toBe('Leeds vans');
    // A capital after a line break opens the founder's next answer: grammar, not a name.
    expect(normalise('They cancel trips', 'Owners of dogs\nThey cancel trips')).toBe('they cancel trips');
    expect(normalise('Reminders sent', '- Invoices\n- Reminders sent')).toBe('reminders sent');
  });
});

describe('statementOf', () => {
  it.each([
    ['Dog walking for busy commuters', 'noun'],
    ['A marketplace where local farmers sell vegetables', 'noun'],
    ['Parents who cannot pay R$ 400 a month', 'noun'],
    ['Spare bike while yours is fixed', 'noun'],
    ['Weekly meal plans with a shopping list', 'noun'],
    ['Keine Zeit für die Schlange', 'noun'],
    ['Fill the return leg', 'action'],
    ['Bake bread.', 'action'],
    ['Helps teams collect feedback', 'predicate'],
    ['Matches newcomers with local volunteers', 'predicate'],
    ['Parents lose hours deciding what to cook', 'clause'],
    ['They cancel trips', 'clause'],
    ['Sitters are hard to trust', 'clause'],
    ['Vans return empty from Leeds', 'clause'],
    ['Owners then apologise by phone', 'clause'],
    ['Reminders always on time', 'noun'],
    ['What if pharmacies could predict stock-outs?', 'clause'],
    ['Which medicines run out next week?', 'question'],
  ])('reads %j as a %s', (text, kind) => {
    expect(statementOf(text).kind).toBe(kind);
  });

  it('strips "What if" and normalises the text', () => {
    expect(statementOf('What if pharmacies could predict stock-outs?')).toEqual({
      kind: 'clause',
      text: 'pharmacies could predict stock-outs',
    });
  });
});

describe('asClause', () => {
  it('gives every shape but a noun phrase a clause', () => {
    expect(asClause(statementOf('They cancel trips'))).toBe('they cancel trips');
    expect(asClause(statementOf('Bake bread'))).toBe('customers need to bake bread');
    expect(asClause(statementOf('Helps teams collect feedback'))).toBe('your idea helps teams collect feedback');
    expect(asClause(statementOf('Helps teams', ''), 'your app')).toBe('your app helps teams');
    expect(asClause(statementOf('Which medicines run out?'))).toBe('it is hard to tell which medicines run out');
    expect(asClause(statementOf('Bakeries'))).toBeUndefined();
  });
});

describe('small helpers', () => {
  it('tell a topic from a verb, a reflexive, or a phrase opening on a preposition', () => {
    expect(isTopic('family meals')).toBe(true);
    expect(isTopic('flat tyre means')).toBe(false);
    expect(isTopic('write themselves')).toBe(false);
    expect(isTopic('entre start-ups')).toBe(false);
  });

  it('drop a leading article and capitalise a first letter', () => {
    expect(withoutArticle('The segment of bakers')).toBe('segment of bakers');
    expect(withoutArticle('an app')).toBe('app');
    expect(withoutArticle('Anchovies')).toBe('Anchovies');
    expect(capitalised('vans return')).toBe('Vans return');
    expect(capitalised('')).toBe('');
  });
});
