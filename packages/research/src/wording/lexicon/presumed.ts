// What a question takes for granted, or seems to without doing so: the words
// the presupposition rules read (an imagined scene, a visit's date, a past
// occasion and what screens it).

/** Openers of an imagined scene, in which no experience is presumed: e.g. "what if", "imagine". */
export const imaginedOpeners = /^\s*(?:what\s+if|imagine|picture|suppose|supposing|think\s+of)\b/i;

/** Verbs of being held back: "What stopped you…", "What kept you from…". */
export const holdingBackVerbs = new Set(['stop', 'keep', 'prevent', 'hold', 'put']);

/** Verbs of changing supplier: "What made you switch from … to us?" presumes the change. */
export const switchingVerbs = new Set(['switch', 'move', 'change']);

/** "What made you…", "what led you to…", "what prompted you to…": a cause asked of something done. */
export const causeAskVerbs = new Set(['make', 'lead', 'prompt']);

/** Verbs of choosing a business: "What made you choose us…" presumes the choice was made. */
export const choosingVerbs = new Set(['choose', 'pick', 'select']);

/** The days of the week, a slot's or an occasion's date. */
const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** Days, months and parts of the day a slot is named by: "Monday or Wednesday", "March or April". */
export const calendarWords = new Set([
  ...weekdays,
  'january',
  'february',
  'march',
  'april',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'morning',
  'afternoon',
  'evening',
  'weekend',
  'tomorrow',
]);

/** Times a visit is booked for: "Which day would suit a visit…", "What time…". */
export const visitTimes = new Set([
  'day',
  'date',
  'time',
  'week',
  'morning',
  'afternoon',
  'evening',
  'slot',
]);

/** Times a booking is made for, a visit's and more: "Which night…", "Which month…". */
export const bookingTimes = new Set([...visitTimes, 'night', 'month', 'weekend']);

/** Verbs a booking's size is asked with: "How many hampers will you need…", "…will you book". */
export const sizingVerbs = new Set(['need', 'book', 'order', 'buy', 'want', 'take', 'reserve']);

/** Verbs of coming to know about something: "How did you hear about us?" asks how, not whether. */
export const learningVerbs = new Set(['hear', 'learn', 'discover', 'come', 'notice']);

/** "How satisfied were you…", "How happy were you…": a rating asked along its scale. */
export const ratingWords = new Set(['satisfied', 'dissatisfied', 'happy', 'unhappy', 'pleased']);

/** Words that date the person's own occasion: "your last delivery", "your first visit". */
export const occasionDates = new Set(['first', 'last', 'latest', 'recent']);

/**
 * Occasions the person comes to, which the business that asks provides
 * ("your last visit", "your lesson"), unlike a service anyone may have done
 * ("your last repair", "your last delivery").
 */
export const attendedOccasions = new Set([
  'visit',
  'stay',
  'tour',
  'trek',
  'walk',
  'lesson',
  'class',
  'session',
  'appointment',
  'fitting',
  'consultation',
  'show',
]);

/** Occasions a business provides, the person's own when "your": "your visit today", "your repair last week". */
export const occasionNouns = new Set([
  ...attendedOccasions,
  'treatment',
  'installation',
  'repair',
  'service',
  'delivery',
  'clean',
  'booking',
  'order',
  'course',
  'trip',
  'ride',
  'flight',
  'experience',
]);

/** Nouns of work done on something, beyond the occasions: "the work on your car", "the replacement of your roof". */
export const worksDone = new Set([
  ...occasionNouns,
  'work',
  'job',
  'replacement',
  'renovation',
  'restoration',
  'overhaul',
]);

/** Verbs of taking up what a business offers: "the kit you bought", "the pottery class you attended", "the open day you came to". */
export const takingUpVerbs = new Set([
  'buy',
  'hire',
  'order',
  'book',
  'rent',
  'purchase',
  'attend',
  'try',
  'come',
]);

/** Verbs of taking up membership, which is always with the business: e.g. "join", "sign" (up). */
export const joiningVerbs = new Set(['join', 'enrol', 'enroll', 'subscribe', 'sign', 'register']);

/** Times an occasion is dated by: "last spring", "last week". */
export const pastTimes = new Set([
  'week',
  'month',
  'year',
  'time',
  'spring',
  'summer',
  'autumn',
  'winter',
  'weekend',
  'night',
  ...weekdays,
]);

/** Words that screen a question, in it or before it: "if", "whether", "ever". */
export const screenWords = new Set(['if', 'whether', 'ever', 'unless']);

/** Grades of the person's own stance ("How important were…"), not of what they had. */
export const stanceGrades = new Set([
  'important',
  'unimportant',
  'likely',
  'unlikely',
  'interested',
  'confident',
]);

/** Words that ask how much the person would buy, or buy on top: "Would you order…", "How many extra…". */
export const buyingMoreWords = new Set(['buy', 'order', 'purchase', 'add', 'extra', 'more']);
