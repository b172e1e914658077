/**
 * A count with its noun in the right number ("1 user", "2 users", "0 users"), for every count the product shows or
 * emails. English only: irregular nouns pass their plural ("1 person", "3 people").
 */
const NUMBER = new Intl.NumberFormat('en-US');

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${NUMBER.format(count)} ${count === 1 ? one : many}`;
}
