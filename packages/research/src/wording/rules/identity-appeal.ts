// Identity and emotional appeal
import {
  crowdQuantifiers,
  identityRoles,
  modelGroupWords,
  personWords,
  roleCompounds,
  sortNouns,
} from '../lexicon/people';
import { characterAdjectives, devotionVerbs, valueVerbs } from '../lexicon/claims';
import { valence } from '../lexicon/valence';
import {
  appreciationVerbs,
  genuineRoleAdjectives,
  impressionVerbs,
  prideNouns,
  talentAdjectives,
  talentIdiomPattern,
  talentNouns,
} from '../lexicon/character';
import type { KindRule } from './kind';
import { type Sentence, type Token, wordSentiment } from '../text';
import { type Hit, firstWord, span, MODALS, isQuestion } from './tokens';

/** Adverbs that make a statement about people a rule of conduct: "never", "always". */
const habitAdverbs = new Set(['never', 'always']);
import { isGroup } from './social-proof';

function identity(s: Sentence): Hit[] {
  const t = s.tokens;
  const hits: Hit[] = [];
  const first = firstWord(t);
  const a = t[first];
  const clauseEnd = (from: number) => {
    const comma = t.findIndex(
      (x, k) => k > from && (x.text === ',' || x.text === '?' || x.text === '.'),
    );
    return comma < 0 ? t.length - 1 : comma - 1;
  };
  const valued = (from: number, to: number) =>
    t.slice(from, to + 1).some(
      (x) =>
        characterAdjectives.has(x.lower) ||
        ((valueVerbs.has(x.lemma) || appreciationVerbs.has(x.lemma)) &&
          (x.pos === 'VERB' || ['who', 'that'].includes(t[x.i - 1]?.lower ?? ''))) ||
        (x.lemma === 'take' && t.slice(x.i, to + 1).some((y) => y.lower === 'seriously')) ||
        x.lower === 'seriously' ||
        (x.lower === 'only' && t[x.i + 1]?.lemma === 'want') ||
        // A flattering role: "a team player", "an early adopter", "a true fan".
        (roleCompounds.has(x.lemma) && roleCompounds.get(x.lemma) === t[x.i - 1]?.lower) ||
        identityRoles.has(x.lemma) ||
        // A talent credited ("creative", "your eye for…"), pride taken in something,
        // or a habit of conduct ("someone who never gives up").
        talentAdjectives.has(x.lower) ||
        (talentNouns.has(x.lower) && t[x.i - 1]?.lower === 'your') ||
        prideNouns.has(x.lemma) ||
        (habitAdverbs.has(x.lower) && ['who', 'that'].includes(t[x.i - 1]?.lower ?? '')),
    ) ||
    talentIdiomPattern.test(
      t
        .slice(from, to + 1)
        .map((x) => x.text)
        .join(' '),
    );
  // "You're clearly someone who cares about…", "You are the kind of person who…"
  for (let i = 0; i + 3 < t.length; i += 1) {
    // "You are…", or asked: "Are you…"
    // ("You seem like…", "You strike me as…": how the person comes across.)
    const stated =
      t[i]!.lower === 'you' &&
      (t[i + 1]?.lemma === 'be' || impressionVerbs.has(t[i + 1]?.lemma ?? ''));
    const asked = t[i]!.lemma === 'be' && t[i + 1]?.lower === 'you';
    if (!stated && !asked) continue;
    let k = i + 2;
    while (t[k] && (t[k]!.pos === 'ADV' || ['me', 'as', 'like', 'across'].includes(t[k]!.lower)))
      k += 1;
    const who = t.slice(k, k + 6).find((y) => ['who', 'that'].includes(y.lower) && y.i > k);
    const person = t.slice(k, who?.i ?? k).some(
      (y) =>
        personWords.has(y.lower) ||
        // "a proper <role> who…", "a true <role> who…"
        (genuineRoleAdjectives.has(t[y.i - 1]?.lower ?? '') && y.pos === 'NOUN'),
    );
    const kindOf = t
      .slice(k, who?.i ?? k)
      .some((y) => sortNouns.has(y.lower) && t[y.i + 1]?.lower === 'of');
    if (who && person && (kindOf || valued(who.i, clauseEnd(who.i)))) {
      hits.push(span('identity-appeal', t[i]!, t[clauseEnd(who.i)]!));
      break;
    }
    // "Are you a proper <role>…", "You're a true <role>": a genuine one of a kind.
    const article = t[k];
    const role = t[k + 2];
    if (
      (article?.lower === 'a' || article?.lower === 'an') &&
      genuineRoleAdjectives.has(t[k + 1]?.lower ?? '') &&
      role?.pos === 'NOUN' &&
      role.lower === role.lemma
    ) {
      hits.push(span('identity-appeal', t[i]!, role));
      break;
    }
  }
  // "As a parent who cares…", "As someone who takes their health seriously,", "Being a…"
  if (a && ['as', 'being', 'for', 'like'].includes(a.lower) && t[first + 1]) {
    const end = clauseEnd(first);
    const next = t[first + 1]!;
    if (
      (['a', 'an', 'someone', 'somebody', 'one', 'the'].includes(next.lower) ||
        next.pos === 'ADJ' ||
        next.pos === 'NOUN') &&
      valued(first + 1, end)
    ) {
      hits.push(span('identity-appeal', a, t[end]!));
    }
  }
  // "Someone with your <talent>…", "A person of your taste…": a talent credited to the subject.
  if (
    a &&
    personWords.has(a.lower) &&
    ['with', 'of'].includes(t[first + 1]?.lower ?? '') &&
    t[first + 2]?.lower === 'your' &&
    valued(first + 2, Math.min(clauseEnd(first), first + 4))
  )
    hits.push(span('identity-appeal', a, t[first + 3]!));
  for (let i = 0; i < t.length - 2; i += 1) {
    const x = t[i]!;
    // "If you really care about…", "Since you value…", "Because you want the best for…"
    // Not the second "as" of a comparison: "the same as you expected", "as good as you hoped".
    const comparing = x.lower === 'as' && (t[i - 1]?.lower === 'same' || t[i - 1]?.pos === 'ADJ');
    if (['if', 'since', 'because', 'given', 'as'].includes(x.lower) && !comparing) {
      let j = i + 1;
      if (t[j]?.lower === 'that' || t[j]?.lower === 'how') j += 1;
      if (t[j]?.lower === 'much') j += 1;
      if (t[j]?.lower === 'you' || t[j]?.lower === "you're") {
        let k = j + 1;
        while (t[k] && (t[k]!.pos === 'ADV' || t[k]!.lower === 'do')) k += 1;
        const verb = t[k];
        if (
          verb &&
          ((valueVerbs.has(verb.lemma) &&
            !MODALS.has(t[j + 1]?.lower ?? '') &&
            t[k + 1]?.lower !== 'to') ||
            (verb.lemma === 'want' &&
              t[k + 1]?.lower === 'to' &&
              devotionVerbs.has(t[k + 2]?.lemma ?? '')) ||
            // "If you take pride in…", "Since you pride yourself on…"
            prideNouns.has(verb.lemma) ||
            (verb.lemma === 'take' && prideNouns.has(t[k + 1]?.lemma ?? '')) ||
            (verb.lemma === 'be' &&
              t
                .slice(k + 1, k + 4)
                .some((y) => y.lower === 'serious' || characterAdjectives.has(y.lower))))
        ) {
          hits.push(span('identity-appeal', x, t[clauseEnd(k)]!));
        }
      }
    }
    // "someone as eco-conscious as you", "people like you"
    if (
      x.lower === 'as' &&
      t[i + 1]?.pos === 'ADJ' &&
      t[i + 2]?.lower === 'as' &&
      t[i + 3]?.lower === 'you' &&
      // "as good as you hoped" compares with an expectation, not a person.
      !(t[i + 4]?.pos === 'VERB' && t[i + 4]!.lemma !== 'be' && t[i + 4]!.lemma !== t[i + 4]!.lower)
    ) {
      hits.push(span('identity-appeal', x, t[i + 3]!));
    }
    // "Any parent who wants their child to succeed…", "Smart founders protect…"
    const singularOk = ['a', 'an', 'any', 'every', 'each'].includes(t[i - 1]?.lower ?? '');
    if (
      characterAdjectives.has(x.lower) &&
      x.lower !== 'great' &&
      isGroup(t[i + 1]) &&
      (t[i + 1]!.lower !== t[i + 1]!.lemma || singularOk)
    ) {
      // A verb read as a noun in a statement: "Smart savers plan…", "…service their cars".
      // ("Savvy parents book early": a bare verb read as a noun before an adverb read as an adjective.)
      const bare = t[i + 2]?.lower === t[i + 2]?.lemma && t[i + 3]?.pos === 'ADJ';
      const nounVerb =
        t[i + 2]?.pos === 'NOUN' &&
        (['ADV', 'PRON', 'DET', 'ADP'].includes(t[i + 3]?.pos ?? '') || bare)
          ? t[i + 2]
          : undefined;
      const verb = t.slice(i + 2, i + 5).find((y) => y.pos === 'VERB') ?? nounVerb;
      // A statement, or one that opens the sentence before a tag ("…, don't they?").
      if (verb && (!isQuestion(s) || i === first)) hits.push(span('identity-appeal', x, verb));
      else if (t[i + 2]?.lower === 'like' && t[i + 3]?.lower === 'you')
        hits.push(span('identity-appeal', x, t[i + 3]!));
    }
    if (
      ['any', 'every'].includes(x.lower) &&
      isGroup(t[i + 1]) &&
      ['who', 'that'].includes(t[i + 2]?.lower ?? '')
    ) {
      const verb = t[i + 3];
      if (verb && valueVerbs.has(verb.lemma)) hits.push(span('identity-appeal', x, verb));
    }
    // "You clearly have great…", "You're a smart…"
    if (
      ((x.lower === 'you' || x.lower === "you're") && !isQuestion(s)) ||
      (x.lower === 'you' && i === first)
    ) {
      const rest = t.slice(i + 1, i + 6);
      const verb = rest.findLast((y) => y.lemma === 'have' || y.lemma === 'be');
      if (
        verb &&
        rest.some(
          (y) =>
            y.i > verb.i &&
            y.i <= verb.i + 3 &&
            (characterAdjectives.has(y.lower) ||
              talentAdjectives.has(y.lower) ||
              valence(y.lower) >= 3) &&
            y.pos === 'ADJ',
        )
      ) {
        hits.push(span('identity-appeal', x, rest.at(-1)!));
      }
    }
    // "for the sake of your children", "protect your family"
    if (x.lower === 'sake' && t[i + 1]?.lower === 'of')
      hits.push(span('identity-appeal', t[i - 2] ?? x, t[i + 3] ?? x));
  }
  return hits;
}

/**
 * An adjective of character, talent or devotion, or one that praises
 * ("open-minded"); not a rank ("top", "leading"), which makes the people an
 * authority (social proof) rather than a model.
 */
const ofCharacter = (x: Token) =>
  !crowdQuantifiers.has(x.lower) &&
  (characterAdjectives.has(x.lower) ||
    talentAdjectives.has(x.lower) ||
    genuineRoleAdjectives.has(x.lower) ||
    wordSentiment(x.lower) >= 0.4 ||
    valence(x.lower) >= 2);

/**
 * A model of the right kind of person, stated before the ask: a statement
 * whose subject is a character adjective on a plural of people
 * ("<character adjective> <people> <verb>…") or people defined by what
 * they value ("People who <value verb>…"), followed by a question.
 */
function personModel(s: Sentence, next: Sentence | undefined): Hit[] {
  const t = s.tokens;
  if (isQuestion(s) || next === undefined || !isQuestion(next)) return [];
  const first = firstWord(t);
  const a = t[first];
  if (!a) return [];
  // The adjectives before the people ("Bold, creative people", "Caring pet owners").
  let k = first;
  const adjectives: Token[] = [];
  // A capitalised first word is often read as a name ("Seasoned", "Bold"): its lower case decides.
  // A participle in the list is one too ("Patient, focused people").
  const adjective = (x: Token | undefined) =>
    x !== undefined &&
    (x.pos === 'ADJ' ||
      (x.pos === 'VERB' && /ed$/.test(x.lower) && adjectives.length > 0) ||
      (x.i === first && x.pos === 'PROPN' && (ofCharacter(x) || t[x.i + 1]?.text === ',')));
  while (adjective(t[k]) || (adjectives.length > 0 && [',', 'and'].includes(t[k]?.lower ?? ''))) {
    if (adjective(t[k])) adjectives.push(t[k]!);
    k += 1;
  }
  // The head of a compound ("pet owners", "reef hobbyists").
  while ((t[k]?.pos === 'NOUN' || t[k]?.pos === 'PROPN') && t[k + 1]?.pos === 'NOUN') k += 1;
  const head = t[k];
  const plural =
    head !== undefined &&
    (head.pos === 'NOUN' || head.pos === 'PROPN') &&
    (head.lower !== head.lemma || ['people', 'folk'].includes(head.lower));
  if (adjectives.some(ofCharacter) && plural) {
    const verb = t.slice(k + 1, k + 4).find((y) => y.pos === 'VERB');
    return [span('identity-appeal', a, verb ?? head)];
  }
  // "People like you, who…": the group is made the person's own.
  const likeYou =
    t[first + 1]?.lower === 'like' && t[first + 2]?.lower === 'you' && t[first + 3]?.text === ',';
  // "Restaurant owners who…", "Any fishkeeper who…": the people named before "who".
  let named = first;
  if (t[named]?.lower === 'any' || t[named]?.lower === 'every') named += 1;
  while (t[named + 1]?.pos === 'NOUN') named += 1;
  const who = likeYou ? first + 4 : t[named + 1]?.lower === 'who' ? named + 1 : first + 1;
  const person = t[who - 1] ?? a;
  const model =
    modelGroupWords.has(a.lower) ||
    (isGroup(a) && /s$/.test(a.lower)) ||
    (who > first + 1 && !likeYou && (person.pos === 'NOUN' || person.pos === 'PROPN'));
  if (model && t[who]?.lower === 'who') {
    let v = who + 1;
    while (t[v]?.pos === 'ADV') v += 1;
    const pride =
      prideNouns.has(t[v]?.lemma ?? '') ||
      (t[v]?.lemma === 'take' && prideNouns.has(t[v + 1]?.lemma ?? '')) ||
      (t[v]?.lemma === 'take' && t.slice(v + 1, v + 5).some((y) => y.lower === 'seriously'));
    if (valueVerbs.has(t[v]?.lemma ?? '') || pride) return [span('identity-appeal', a, t[v]!)];
    // "People who <do something> never / always <do the thing asked about>": a rule of conduct.
    const habit = t.slice(v + 1).find((y) => habitAdverbs.has(y.lower));
    if (habit) return [span('identity-appeal', a, t[habit.i + 1] ?? habit)];
  }
  return [];
}

/** A person by what they do, in the singular: "climber", "enthusiast", "collector". */
const AGENT = /^[a-z-]*[aeiouy][a-z-]*(?:er|or|ist|ian|ant|ent|ee|ess)$/;

/** A word of character, or a compound of one ("green-minded", "fashion-forward"). */
const characterWord = (x: Token | undefined) =>
  x !== undefined &&
  (x.pos === 'ADJ' || x.pos === 'PROPN' || /-/.test(x.lower)) &&
  (ofCharacter(x) || x.lower.split('-').some((part) => ofCharacter({ ...x, lower: part })));

/**
 * The person made a model of the right kind of person: "a creative knitter
 * like you", "a green-minded family like yours", "Would a caring owner
 * serve…?", or a group they are asked to join ("…: are you one of them?").
 */
function youAsModel(s: Sentence, sentences: readonly Sentence[]): Hit[] {
  const t = s.tokens;
  const hits: Hit[] = [];
  for (const x of t) {
    const [noun, like, you] = [t[x.i + 1], t[x.i + 2], t[x.i + 3]];
    if (
      characterWord(x) &&
      noun?.pos === 'NOUN' &&
      like?.lower === 'like' &&
      ['you', 'yours'].includes(you?.lower ?? '')
    )
      hits.push(span('identity-appeal', x, you!));
  }
  const first = firstWord(t);
  // "Do you see yourself as…", "If you consider yourself someone who…": the person asked to claim a kind.
  const self = t.findIndex(
    (y, k) =>
      ['see', 'consider', 'describe', 'think'].includes(y.lemma) &&
      t[k + 1]?.lower === 'yourself' &&
      (t[k + 2]?.lower === 'as' || (y.lemma === 'consider' && t[k + 2]?.pos !== 'ADP')),
  );
  if (self >= 0) hits.push(span('identity-appeal', t[self]!, t[Math.min(t.length - 2, self + 3)]!));
  // "Would a caring owner…?", "Would fun-loving couples…?", "Would any real <hobby> fan…?":
  // people of a character, asked what they would do (a person, not "a serious injury").
  const would = t[first];
  const article = ['a', 'an', 'any'].includes(t[first + 1]?.lower ?? '') ? 1 : 0;
  const adjective = t[first + 1 + article];
  // The role's noun is the one before the verb: "a true puzzle collector skip…".
  const base = first + 2 + article;
  const r = [base, base + 1, base + 2].find(
    (k) =>
      t.slice(base, k + 1).every((y) => y.pos === 'NOUN') &&
      ['VERB', 'AUX'].includes(t[k + 1]?.pos ?? ''),
  );
  const role = r === undefined ? t[base] : t[r];
  const verb = r === undefined ? undefined : t[r + 1];
  const plural = role !== undefined && role.lower !== role.lemma;
  if (
    isQuestion(s) &&
    would?.lower === 'would' &&
    (article === 1 || plural) &&
    characterWord(adjective) &&
    role?.pos === 'NOUN' &&
    (isGroup(role) || AGENT.test(role.lower) || identityRoles.has(role.lemma)) &&
    verb !== undefined
  )
    hits.push(span('identity-appeal', would, role));
  const one = t.findIndex(
    (y, i) => y.lower === 'one' && t[i + 1]?.lower === 'of' && t[i + 2]?.lower === 'them',
  );
  // The group has a character ("Smart owners…: are you one of them?"), not only a count.
  const group = (w: readonly Token[], k: number) =>
    w.slice(k + 1, k + 3).some((y) => y.pos === 'NOUN' && y.lower !== y.lemma);
  const ofKind = sentences.some((x) =>
    x.tokens.some((y, k) => characterWord(y) && group(x.tokens, k)),
  );
  if (
    ofKind &&
    isQuestion(s) &&
    one > 1 &&
    ['you', 'be'].includes(t[one - 1]!.lower) &&
    t.slice(0, one).some((y) => y.lower === 'you')
  )
    hits.push(span('identity-appeal', t[one]!, t[one + 2]!));
  return hits;
}

/** "…are you one of them?", "…is that you?": the person asked to see themselves in a kind of people just described. */
export const SEE_YOURSELF =
  /\b(?:are you one of (?:them|those|us)|is that you|is this you|does that sound like you)\?\s*$/i;

/**
 * A kind of people described, then the person asked whether they are one:
 * "Proactive people deal with niggles early — is that you?", "Most keen
 * riders already ride with us. Are you one of them?".
 */
function seeYourself(s: Sentence, sentences: readonly Sentence[]): Hit[] {
  const match = SEE_YOURSELF.exec(s.text);
  if (!match || !isQuestion(s)) return [];
  const before = s.text.slice(0, match.index);
  const described = /[—–-]\s*$|,\s*$/.test(before) || sentences.indexOf(s) > 0;
  const t = s.tokens;
  const start = s.start + match.index;
  const first = t.find((y) => y.start >= start);
  return described && first ? [span('identity-appeal', first, t.at(-2) ?? first)] : [];
}

export const identityAppeal: KindRule = {
  kind: 'identity-appeal',
  detect: (s, context) => [
    ...identity(s),
    ...personModel(s, context.next),
    ...youAsModel(s, context.sentences),
    ...seeYourself(s, context.sentences),
  ],
  why: (p) =>
    `"${p}" tells people what they value and then asks what follows from it, so saying no feels like going against themselves.`,
};
