// "Smart landlords get their roofs surveyed every year — are you one of
// them?": the kind of people dropped, and what they were said to do asked of
// the person ("Do you get your roofs surveyed every year?").
import { SEE_YOURSELF } from '../rules/identity-appeal';
import { analyse, type Token } from '../text';
import { lowerFirst } from './edits';

/** The person asked whether they do what the kind of people described were said to do. */
export function askedOfYou(text: string): string | undefined {
  const match = SEE_YOURSELF.exec(text);
  if (!match) return undefined;
  const said = analyse(text.slice(0, match.index).replace(/[\s—–,.-]+$/, '')).at(-1);
  const t = said?.tokens ?? [];
  // The main verb, straight after the people ("…landlords get…", "…bakers always proof…"),
  // not one inside a clause about them ("People who care…").
  const people = (k: number) => ['NOUN', 'PROPN'].includes(t[k]?.pos ?? '');
  // ("…have their boilers serviced…": "have" of having a thing done counts.)
  const main = (y: Token) =>
    y.pos === 'VERB' || (y.lemma === 'have' && !['VERB', 'AUX'].includes(t[y.i + 1]?.pos ?? ''));
  const verb = t.find(
    (y) => main(y) && (people(y.i - 1) || (t[y.i - 1]?.pos === 'ADV' && people(y.i - 2))),
  );
  if (!said || !verb) return undefined;
  const from = t[verb.i - 1]?.pos === 'ADV' ? t[verb.i - 1]! : verb;
  const before = said.text.slice(from.start - said.start, verb.start - said.start);
  const after = said.text.slice(verb.end - said.start).replace(/[.!]+$/, '');
  const asked = `${before}${verb.lemma}${after}`.replace(/\btheir\b/g, 'your');
  return `Do you ${lowerFirst(asked)}?`;
}
