import { socialProofKind } from '../../src/wording/rules/social-proof';
import { kindCases } from './cases';

kindCases(
  socialProofKind,
  [
    ['Nine out of ten cyclists service their bikes with us. Would you book a service?', 'cyclists'],
    ['Our yoga classes are the most popular in town. Would you join one?', 'most popular'],
    ['Thousands of readers have already joined our book club. Will you join too?', 'readers'],
    ["More than 20,000 glowing reviews can't be wrong. Would you book a table?", 'reviews'],
    [
      'Every running club in the city is training with our app. Would you give it a go?',
      'running club',
    ],
    ['Why do so many cyclists recommend our repair shop?', 'cyclists'],
    [
      'Local architects have praised our loft conversions. Would you ask us for a quote?',
      'praised',
    ],
    ['Her memoir has been a bestseller since spring. Will you read it?', 'bestseller'],
    [
      'Our summer pottery courses are nearly fully booked. Shall we save you a place?',
      'fully booked',
    ],
    [
      'Our tasting menu has a waiting list of two months. Would you like to join it?',
      'waiting list',
    ],
    [
      'Our sourdough starter guide has been downloaded 25,000 times. Will you bake this week?',
      'downloaded',
    ],
    ["Our chutney is the county's favourite. Would you try a jar?", "county's favourite"],
    ['The Regional Food Guide has named us its top bakery. Would you visit?', 'Guide'],
    ['Top colleges prefer applicants who took our maths course. Would you enrol?', 'colleges'],
    ['Firms of your size usually run payroll through an app. Would you try ours?', 'Firms'],
    ['Our farm shop is the busiest in the valley. Would you stop by?', 'busiest'],
    ['Our cider won gold at the county show. Would you like to try a bottle?', 'won'],
    ['Rated 4.9 stars on Google — would you book a lesson with us?', 'Rated 4.9 stars'],
    ['With our 4.8-star reviews, would you try us?', '4.8-star reviews'],
    ['Local cyclists rate us 4.9 stars — would you try our workshop?', 'rate'],
    ['Named the finest deli in the county, would you visit us?', 'Named'],
    ['Rated the most trusted garage in town, would you book a service?', 'most trusted'],
    // A crowd in the sentence that asks, before "of our".
    ['Like most of our diners, which dessert will you be ordering tonight?', 'most of our diners'],
    ['Most of our members go for the evening plan; which plan would suit you?', 'Most of our'],
    // A share of a crowd already named, by pronoun.
    [
      'Keen cooks usually pick the cast-iron pan, 9 in 10 of them last year. Shall we add one?',
      '9 in 10 of them',
    ],
  ],
  [
    'How many people in your household cycle?',
    'Which of our yoga classes have you attended, if any?',
    'Have you ever joined a book club?',
    'Our plan suits offices of under 80 people. Would you like a quote?',
    'Suppose our mechanics could come to your home. Would you book a visit?',
    'How many reviews did you read before booking?',
    'Local architects have designed the new library. Would you visit it?',
    'Do you prefer our tea over other brands?',
    'How does our app compare with other banks’ apps?',
    'Burglars target homes with no lights on. Would a timer switch help you?',
    'Our fitters could come on a Saturday. Would that suit you?',
    'How much do you like to work near other people?',
    'About 3,000 people in Leeds now ride our bikes. Which area should get the next dock?',
    'Our scarf pattern has sold over 20,000 copies. Would you like more patterns, fewer, or about the same?',
    'Many couples stressed by wedding budgets skip the details. What would help you most?',
    'Our studios are open until ten. Which evening suits you?',
    "Everyone's garden is different. What would help you choose a lawn feed?",
    'Everyone learns at their own pace. How many lessons would you want?',
    'Which awards, if any, matter to you when choosing a cider?',
    'On a scale of 1 to 5 stars, how was your meal?',
    'How many stars out of 5 would you give our café?',
    'How would you rate us out of 5?',
    'If you also shop at other bakeries, how do we compare?',
    'What would you expect a buffet for 60 guests to cost?',
    'Was our café named after the old mill?',
    // A norm put forward is not what others do.
    "Don't you agree everyone should learn to swim?",
    'Surely every couple should have a photographer?',
    // A rule asked of people, not what they do.
    'Club members are asked to help at two regattas a year. Which would suit you?',
    // The person's own place on a waiting list, not demand put forward.
    'What would make joining the waiting list for a plot easier?',
    'If you are on our waiting list, what made you sign up?',
    // The offer's own people at work, and things named by an ending like people's.
    "Our guides keep every walk running smoothly. Doesn't that make your day easier?",
    "Our new battery mowers are quiet. Isn't it time you tried a cut?",
  ],
);
