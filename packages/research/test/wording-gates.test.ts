import { checkWording } from '../src/wording';
import { gate, type GateName } from '../src/wording/reword/gates';
import { normalise } from '../src/wording/text';
import { writtenBefore } from './wording-corpus/split';

const gatesOf = (original: string, candidate: string, framing?: 'neutral' | 'reversed') =>
  gate(original, candidate, framing).map((f) => f.gate);

describe('the gates of a rewording, each on invented questions', () => {
  it('still leading: a rewording that keeps praise is refused', () => {
    expect(
      gatesOf('Would you try our dazzling new kettle?', 'Would you try our dazzling new kettle?'),
    ).toContain('still-leading');
    expect(
      gatesOf('Would you try our dazzling new kettle?', 'Would you try our new kettle?'),
    ).toEqual([]);
  });

  it('a repeated phrase or hedge is refused, not one the question already had', () => {
    expect(
      gatesOf(
        'What do you enjoy about our tram tours?',
        'What do you enjoy about our tram tours, if anything, if anything?',
      ),
    ).toContain('repeated-phrase');
    expect(
      gatesOf(
        'How would you rate our tram tours?',
        'How would you rate our tram tours and our tram tours?',
      ),
    ).toContain('repeated-phrase');
    const failures = gate(
      'How would you rate our tram tours?',
      'How would you rate our tram tours and our tram tours?',
    );
    expect(failures.find((f) => f.gate === 'repeated-phrase')?.reason).toMatch(/tram tours/);
    expect(
      gatesOf(
        'How long did the tram take, and how long did the ferry take?',
        'How long did the tram take, and how long did the ferry take?',
      ),
    ).not.toContain('repeated-phrase');
  });

  it('a pronoun whose sentence was dropped is refused, and fine once it names the thing', () => {
    const original = 'Hundreds of bakers order our sourdough starter. Would you buy it?';
    const failures = gate(original, 'Would you buy it?');
    expect(failures.map((f) => f.gate)).toContain('dropped-referent');
    expect(failures.find((f) => f.gate === 'dropped-referent')?.reason).toMatch(
      /sourdough starter/,
    );
    expect(gatesOf(original, 'Would you buy our sourdough starter?')).toEqual([]);
    // A pronoun that stands for nothing named ("how easy was it to…") is fine.
    expect(gatesOf('How easy was it to park?', 'How easy was it to park?')).toEqual([]);
  });

  it('a "them" left after a singular noun has lost what it stood for; a group or a plural keeps it', () => {
    expect(
      gatesOf(
        'Obviously nobody enjoys hidden charges, so would you pick a gym without them?',
        'Would you pick a gym without them?',
      ),
    ).toContain('dropped-referent');
    expect(
      gatesOf(
        "Wouldn't your team enjoy a game they play together?",
        'Would your team enjoy a game they play together, or not?',
      ),
    ).not.toContain('dropped-referent');
    expect(
      gatesOf(
        'Why do cafés with our signs draw more people, as they do?',
        'Why do cafés with our signs draw more people, if they do?',
      ),
    ).not.toContain('dropped-referent');
  });

  it('the verb and the full name of the offer are kept', () => {
    const original = 'Would you lease our compact city scooter?';
    expect(gatesOf(original, 'What do you think of our compact city scooter?')).toContain(
      'lost-verb',
    );
    expect(gatesOf(original, 'Would you lease our city?')).toContain('lost-object');
    expect(gatesOf(original, 'Would you lease our compact city scooter?')).toEqual([]);
    expect(
      gatesOf('Do you agree everyone should learn to sail?', 'What do you think of sail?'),
    ).toContain('lost-verb');
  });

  it('a reversed framing may turn its verb round', () => {
    expect(
      gatesOf(
        'How much would you pay for our quilt cleaning?',
        'At what price would our quilt cleaning be too expensive for you?',
        'reversed',
      ),
    ).toEqual([]);
    expect(
      gatesOf(
        'Would you book our canal boat?',
        'Would you decide against booking our canal boat?',
        'reversed',
      ),
    ).toEqual([]);
  });

  it('a rewording is one plain question about something', () => {
    const original = 'Would you rent our canal boat?';
    expect(gatesOf(original, '')).toEqual<GateName[]>(['shape']);
    expect(gatesOf(original, 'Would you rent our canal boat')).toContain('shape');
    expect(gatesOf(original, 'What do you think about this?')).toContain('shape');
    expect(gatesOf(original, 'Would you rent a boats?')).toContain('shape');
    // A possessive cut off from its owner.
    expect(
      gatesOf(
        "How happy are you with your guide and the boat owner's safety talk?",
        "How happy are you with your guide 's safety talk?",
      ),
    ).toContain('shape');
  });

  it('a cut that breaks the grammar is refused, judged by what each word was in the question', () => {
    // A determiner left before what was the verb; "do" left with no verb to ask.
    expect(
      gatesOf(
        'Would a keen angler like you settle for a plastic rod?',
        'Would a settle for a plastic rod?',
      ),
    ).toContain('shape');
    expect(
      gatesOf(
        'Do you see yourself as a keen angler? Would our rods suit you?',
        'Do you angler? Would our rods suit you?',
      ),
    ).toContain('shape');
    expect(
      gatesOf(
        'Why did you pick a lesson rather than learning at home?',
        'Why did you pick an at home rather than lesson?',
      ),
    ).toContain('shape');
    // Sound ones pass this gate: a participle before its noun, a compound, a reversal's new verb, a pair the question had.
    expect(
      gatesOf(
        'Would a keen angler like you settle for a plastic rod?',
        'Would you settle for a plastic rod?',
      ),
    ).not.toContain('shape');
    expect(
      gatesOf('Would you use our spotless changing rooms?', 'Would you use our changing rooms?'),
    ).not.toContain('shape');
    expect(
      gatesOf(
        'Does your dog enjoy walks and play in the park?',
        'Does your dog dislike walks and play in the park?',
        'reversed',
      ),
    ).not.toContain('shape');
    expect(
      gatesOf(
        'How did the DJ at our bar read the room?',
        'How did the DJ at our bar read the room, if at all?',
      ),
    ).not.toContain('shape');
  });

  it('a grade cut from before a bare noun after "is" is refused; a cut "not" is not such a cut', () => {
    expect(
      gatesOf(
        "Don't you think our lunch deal is superb value?",
        'Do you think our lunch deal is value, or not?',
      ),
    ).toContain('shape');
    expect(
      gatesOf("Aren't garden rooms worth the money?", 'Are garden rooms worth the money, or not?'),
    ).not.toContain('shape');
  });
});

describe('the rewordings of every corpus question pass the gates, or say "edit yourself"', () => {
  // Every question of the earlier corpus and of every batch written so far,
  // both halves, whether or not it is training data yet.
  const all = writtenBefore(Number.POSITIVE_INFINITY);
  const checks = all.map((q) => ({ text: q.text, check: checkWording(q.text) }));

  it.each<['neutral' | 'reversed']>([['neutral'], ['reversed']])(
    'the %s framing: 0 still flagged, 0 repeated phrases, 0 dropped referents, 0 losing verb or object',
    (framing) => {
      const failing: string[] = [];
      for (const { text, check } of checks) {
        const normal = normalise(text);
        const ready = framing === 'neutral' ? check.rewording === 'ready' : check.reversedReady;
        if (!ready) {
          // Not offered: the framing is the question as written, and a leading question says what to change.
          const framed = framing === 'neutral' ? check.neutral : check.reversed;
          if (framed !== text.trim()) failing.push(`${text}\n    not ready, yet "${framed}"`);
          if (framing === 'neutral' && check.leading && check.edits.length === 0)
            failing.push(`${text}\n    edit yourself, with no edits`);
          continue;
        }
        const failures =
          framing === 'neutral'
            ? check.leading
              ? gate(normal, check.neutral)
              : []
            : gate(check.neutral, check.reversed, 'reversed');
        if (failures.length > 0)
          failing.push(
            `${text}\n    ${framing}: ${framing === 'neutral' ? check.neutral : check.reversed}\n    ${failures
              .map((f) => `${f.gate}: ${f.reason}`)
              .join('\n    ')}`,
          );
      }
      expect(failing.join('\n')).toBe('');
    },
  );

  // The wording model vets every candidate too, and it knows the training
  // questions well, so on them it takes more candidates for still leading
  // than it would on new ones (82 % were offered before it, 71 % on the
  // earlier corpus and batches 3 to 6, 67 % with batches 7 to 10, whose
  // questions are longer); the bench reports the share on the newest batch's
  // held-out half.
  it('a rewording is offered for most leading questions', () => {
    const leading = checks.filter(({ check }) => check.leading);
    const ready = leading.filter(({ check }) => check.rewording === 'ready');
    expect(ready.length / leading.length).toBeGreaterThan(0.65);
  });
});
