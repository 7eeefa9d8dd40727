import { loadedChoiceKind } from '../../src/wording/rules/loaded-choice';
import { kindCases } from './cases';

kindCases(
  loadedChoiceKind,
  [
    ['Would you rather book a check-up now or risk losing a tooth later?', 'risk losing'],
    ['Do you prefer our fresh sourdough or a stale supermarket loaf?', 'stale'],
    [
      'Will you renew your bus pass today, or leave your children to walk home in the dark?',
      'leave your children',
    ],
    ['Would you rather enjoy our home-cooked lunches or settle for a sandwich?', 'settle for'],
    ['Would you rather shop at our market or watch the high street close down?', 'close down'],
    ['Should we hold a seat for you, or would you rather miss out?', 'miss out'],
    ['Do you want our hand-checked files or a virus-ridden free download?', 'virus-ridden'],
    // Damage, dirt and fumbling effort on the other side.
    ['Would you rather frame your poster with us or hang it up torn and faded?', 'faded'],
    ['Do you prefer our spotless kennels or the muddy, smelly ones down the road?', 'smelly'],
    ['Do you want a lesson with a coach, or keep stumbling through recipes alone?', 'stumbling'],
    ['Would you rather take our guided tour or just mess around in the old town?', 'mess around'],
    // A harm met as a consequence, put as a possibility or left to luck.
    ['Would you rather check your wiring today or face a house fire next winter?', 'face'],
    ['Do you want a new kettle, or an old one that might burn your worktop?', 'might burn'],
    [
      'Should we lock your shed, or will you take the chance that thieves find it?',
      'take the chance',
    ],
    // Answers offered that all lean one way: no answer is left for the other side.
    ['How was your stay with us: good, great or amazing?', 'good, great or amazing'],
    ['Was the new menu tasty, very tasty, or delicious?', 'tasty'],
    ['Were the instructions confusing, very confusing or useless?', 'confusing'],
    // One word graded up, its opposite never offered.
    ['How likely are you to renew: likely, very likely or extremely likely?', 'very likely'],
    [
      'How much would a weekly veg box improve your cooking: a little, a lot, or enormously?',
      'a little',
    ],
    ['How was your last delivery: fast, very fast, or faster than expected?', 'fast'],
    // An opening clause before the ask is no list of options.
    [
      'When booking a cleaner, would you pick our deep clean or take the chance that mould spreads?',
      'take the chance',
    ],
    ['Is our waiting room comfortable or very comfortable?', 'comfortable or very comfortable'],
    // One grade offered plain and intensified, of anything asked about.
    ['Is the weekly club newsletter useful or very useful to you?', 'useful or very useful'],
    ['Is our same-day service fast or incredibly fast?', 'fast or incredibly fast'],
    ['Would you say our rides are exciting or thrilling?', 'exciting or thrilling'],
    // Two answers, each praise, offered as the whole choice.
    ['Which word suits our new menu best: delicious or superb?', 'delicious or superb'],
    ['Would you call our tour a hidden gem or a must-see?', 'a hidden gem or a must-see'],
    ['Is our courier service a blessing or just a great help?', 'a blessing or just a great help'],
    ['Is our online course as good as a classroom, or even better?', 'as good as'],
    ['Was your massage with us pleasant or truly blissful?', 'pleasant or truly blissful'],
    // A verdict of praise only, on the person's own occasion.
    ['Would you call your spa day blissful or simply perfect?', 'blissful'],
    // Every answer something good about ours, and "both" in place of "neither".
    ['Would you visit our shop for the friendly staff, the fair prices, or both?', 'both'],
    // The other side a loss, put as a scarcity.
    [
      'Would you rather hire our caterer or end up with hardly any food for the party?',
      'hardly any',
    ],
    // Praise only, about the person's own occasion, asked as a yes or no.
    ['Was your massage soothing or truly blissful?', 'blissful'],
    // A verb of liking or benefit before a list that ends "or both".
    ['Did you enjoy our teas, our cakes, or both?', 'both'],
    // Two amounts, and nothing not offered.
    ['Has our app saved you time a little or a lot?', 'a little or a lot'],
    // Level with the other, or above it.
    ['Does our bread match a bakery loaf, or beat it?', 'beat'],
    ['Did your haircut meet or exceed your hopes?', 'exceed'],
    // Counts of what the person would buy, none of them nothing.
    ['Would you order two, four or eight loaves a week?', 'two, four or eight'],
    ['How many extra nights would you add: one, two or three?', 'one, two or three'],
  ],
  [
    'How many extra nights would you add: none, one, two or three?',
    'How many coffees do you buy a week: one, two or three?',
    'How long should a guided tour run: 45, 60 or 90 minutes?',
    'Would you rather pay monthly or yearly?',
    'Do you prefer white or brown bread?',
    'Would you rather book online or by phone?',
    'Will you renew today, or decide later?',
    'Would you rather shop at our market or online?',
    'Should we hold a seat for you, or would you rather book later?',
    // A menu of options, and a balanced scale with a middle.
    'Which worries you most: floods, fires or broken pipes?',
    'Is our bread fresher than a supermarket loaf, staler, or about the same?',
    'Would you rather collect your repaired phone yourself or have us post it?',
    'Do you prefer to fix a fault in the morning or the evening?',
    // Answers on both sides, or with a middle.
    'How was your stay with us: poor, fair, good or excellent?',
    'Did the class leave you calmer, less calm, or made no difference?',
    'Was the film too long, too short or about right?',
    'How likely are you to renew: not likely, fairly likely or very likely?',
    'How much would a weekly veg box change your cooking: not at all, a little, or a lot?',
    'Shall we call you on Monday or Tuesday, or would another day suit better?',
    'Is our waiting room comfortable or uncomfortable?',
    'How would you rate our delivery: very good, good, fair, poor or very poor?',
    'How easy or complicated was our sign-up form?',
    'Would you say our rides are too fast or too slow?',
    // A booking taken as settled, with two slots offered: a presupposition, not a loaded choice.
    'Shall we deliver your logs on the first or the fifteenth?',
    'Would you like 20 or 40 balloons added to your party?',
    'Will you be racing on the Saturday or the Sunday of our regatta?',
    // The last two of a longer list, and an excess, are no praised pair.
    'How would you rate the price: far too low, a bit low, about right, a bit high or far too high?',
    'Is the queue slow or very slow?',
    'Which word suits our new menu best: filling or light?',
    'Would you call our tour short or long?',
    'Is our online course as good as a classroom, or not as good?',
    'Was your massage with us too short, too long or about right?',
    'Do you mainly pay by card, in cash, or both?',
    'How much noise was there at night: too much, some, or hardly any?',
    'Would you call your haircut short or long?',
    'Was your parcel late or on time?',
    'How much did the class help you: not at all, a little or a lot?',
    'Would you like to match your old kit, or upgrade?',
  ],
);
