import { assumptiveWhyKind } from '../../src/wording/rules/assumptive-why';
import { kindCases } from './cases';

kindCases(
  assumptiveWhyKind,
  [
    ["Why is our bakery's sourdough so much better than supermarket bread?", 'Why is'],
    ['Why do you prefer our app over other language apps?', 'prefer'],
    ['What makes our repair service the smartest choice for commuters?', 'What makes'],
    ['Why are electric bikes worth the extra cost?', 'worth'],
    ['Why is the cinema club such a good deal?', 'good'],
    ['Why did you decide we were the right plumber for the job?', 'right'],
    ['Why are you still washing your car by hand?', 'still'],
    ["Why haven't you booked a service yet?", 'yet'],
    // A favourite asked for with a strong liking, or of the offer in the present.
    ['What did you adore most about our walking tour?', 'most'],
    ['What do you enjoy most about our pottery classes?', 'What do you enjoy most'],
    // Other verbs of causing, and an opinion asked before them.
    ['What is it about our bakery that keeps customers so loyal?', 'keeps customers so'],
    ['What do you think brings our festival so vividly to life?', 'brings our festival so'],
    ['What is it about our night classes that puts shy students at ease?', 'What is it about'],
    ['Why do you think parents trust Ms Ode with their toddlers?', 'trust'],
    ['Why do you think our cleaners finish every flat in an hour?', 'finish'],
    [
      'What is it about the climbing wall at Rockhouse that keeps teenagers entertained?',
      'What is it about',
    ],
    ['What is it about our Friday quiz that keeps regulars coming back?', 'keeps'],
    ['What is it, do you think, that sets our bread apart?', 'sets'],
    ['Why do you think walkers recommend our guided routes to their friends?', 'recommend'],
    ['Why do you think Rosa gets every colour match right?', 'gets'],
    ['Why do our apprentices stay with us for years?', 'stay'],
    ['Why do diners linger longer at our riverside tables?', 'linger'],
    // The grade after "so" read as a verb's -ing form.
    ['What makes our Sunday walks so uplifting?', 'so'],
    // A crowd's taking up of ours stated as fact, only its reason asked.
    ['Why do 8 in 10 of our diners rebook within a month?', 'rebook'],
    ['Why did 500 families sign up for the Junior Chefs Club last year?', 'sign'],
    ['Why have 300 local firms moved their payroll to our service?', 'moved'],
  ],
  [
    'Why did you start learning Spanish?',
    'Why do you cycle to work, if you do?',
    'What would make a repair service worth using for you?',
    'Why did you choose the monthly plan?',
    'Why do you wash your car by hand?',
    "Why haven't you booked a service?",
    // A milder liking in the past, or of the person's own thing: a high point asked for.
    'What did you enjoy most about our pottery classes?',
    'What do you like best about your walking tour?',
    'What keeps you busy at weekends?',
    'What do you think makes a good holiday?',
    'What would keep you coming to the gym?',
    'What is it about our pricing that you would change?',
    'Why do you think our prices went up?',
    'Why do you think people use the bus less in winter?',
    'What is it about a gym that matters most to you?',
    'Why do you think prices have gone up?',
    'Why do diners leave tips?',
    // An opinion asked about the world at large, not about the offer.
    'Why do you think some gardens attract more birds than others?',
    'Why do you think board games have become popular again?',
    'Why did you sign up for the Junior Chefs Club, if you did?',
  ],
);
