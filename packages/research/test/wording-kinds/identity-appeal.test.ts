import { identityAppeal } from '../../src/wording/rules/identity-appeal';
import { kindCases } from './cases';

kindCases(
  identityAppeal,
  [
    [
      'Thoughtful, generous hosts serve real coffee. Will you try our beans?',
      'Thoughtful, generous hosts',
    ],
    [
      'Passionate home bakers choose stone-milled flour. Which bag would you like?',
      'Passionate home bakers',
    ],
    ['Garden owners who value wildlife leave a wild corner. Do you?', 'owners who value'],
    [
      'Serious runners always stretch before a race. Would you join our stretching class?',
      'Serious runners',
    ],
    ['As a responsible dog owner, how often would you use our grooming service?', 'responsible'],
    ['If you really care about your teeth, would you book a check-up?', 'care'],
    ['People who truly value their time shop online. Would you try our delivery service?', 'value'],
    ['People who run marathons never skip a warm-up. How often do you warm up?', 'never'],
    ['Stylish men choose our tailoring. Which suit will you try on first?', 'Stylish'],
    ['As a generous and thoughtful neighbour, would you give to our food bank?', 'generous'],
    // Pride taken in something, a habit of conduct, a talent credited.
    ['If you take pride in your lawn, how soon would you book a feed?', 'pride'],
    ['Gardeners who take pride in their beds weed every week. How often do you?', 'Gardeners'],
    ['As someone who always finishes what they start, will you join our course?', 'always'],
    ['For someone with your eye for detail, would our framing class appeal?', 'eye for'],
    ['Someone with your skills deserves better tools. Would you try ours?', 'skills'],
    ["You've always been the artistic one. Would you try our pottery class?", 'artistic'],
    // A genuine one of a kind, a model group made the person's own, how they come across.
    ['Are you a true collector who keeps every edition, or do you sell them on?', 'true'],
    ['Like other discerning anglers in the area, would you try our new rods?', 'discerning'],
    ['Readers like you, who value quiet, visit on weekday mornings. Would you?', 'value'],
    ['You seem like someone who appreciates good coffee. Would you try our roast?', 'appreciates'],
    ['If you truly respect your elders, would you join our befriending scheme?', 'respect'],
    ['Kind, patient people make natural mentors. Would you volunteer with us?', 'people make'],
    ["Sensible drivers service their cars every year, don't they?", 'Sensible'],
    ['Would a keen gardener like you settle for plastic pots?', 'keen gardener like you'],
    ['Would a caring owner leave a dog alone all day?', 'Would a caring owner'],
    ['Smart savers open an account early — are you one of them?', 'one of them'],
    ['Would responsible owners leave their dogs alone all day?', 'Would responsible owners'],
    ['Do you see yourself as a keen cook? Would our knife course suit you?', 'see yourself as'],
    ['Do you consider yourself someone who values good coffee?', 'consider yourself'],
    // What a genuine one of a kind would do, asked.
    ['Would any real coffee lover settle for instant granules?', 'coffee lover'],
    ['Would a true puzzle collector skip the box art?', 'puzzle collector'],
    // A bare verb read as a noun after the people.
    ['Savvy parents book early — would you like a place?', 'Savvy'],
    // A kind of people described, then the person asked whether they are one.
    ['Proactive people fix leaks early — is that you?', 'is that you'],
    ['Most keen cooks already shop with us. Are you one of them?', 'one of them'],
  ],
  [
    'New customers get a welcome call. When would suit you?',
    'Do you stretch before a run?',
    'As a dog owner, how often do you groom your dog?',
    'How much does the price of a check-up matter to you?',
    'Men often buy suits in spring. Which month do you buy yours?',
    'As a neighbour, how often do you visit the food bank?',
    'If you take a lawn feed, how soon would you want it?',
    'As someone who works shifts, which times suit you?',
    'Like other riders, do you keep your receipts?',
    'Are you a member who pays monthly, or yearly?',
    'Someone with your account can book online. Would you like the link?',
    'You seem to be using an old version. Would you like to update?',
    // A comparison with what was expected, not an appeal to who the person is.
    'Was the bill higher, lower or about the same as you expected?',
    'Was the concert as good as you hoped?',
    'Do sensible prices matter to you when choosing a garage?',
    'Over 5,000 learners passed with us last year. Would you like to be one of them?',
    'Would a small shed suit your garden?',
    'Which of these colours do you like: red, blue, or none of them?',
    'Would local schools use a bigger hall?',
    'How would you describe the service you received?',
    // A thing, not a person, after the grade.
    'Would a serious injury stop you from rowing?',
    'Would a proper helmet make you feel safer?',
    'Is that you in the photo?',
  ],
);
