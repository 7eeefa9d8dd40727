// Who counts as a crowd to follow and who does not, and the other signs of a
// crowd having already chosen: demand that fills places, counts of uses,
// a place's favourite.

/** Institutions whose choices a question can point to, beyond `groupNouns`: e.g. "universities", "councils". */
export const institutionNouns = new Set([
  'university',
  'college',
  'academy',
  'conservatoire',
  'council',
  'charity',
  'bank',
  'insurer',
  'employer',
  'landlord',
  'venue',
  'gym',
  'studio',
  'salon',
  'library',
  'museum',
  'gallery',
  'publisher',
  'airline',
  'supermarket',
  'chain',
  'cafe',
  'café',
  'bakery',
  'pub',
  'garage',
  'workshop',
  'surgery',
  'nursery',
  'orchestra',
  'band',
  'choir',
  'society',
  'association',
  'federation',
  'union',
  'church',
  'manufacturer',
  'dealership',
]);

/**
 * People a question names as a threat rather than as a model to follow:
 * e.g. "attackers", "burglars", "scammers".
 */
export const hostileAgentNouns = new Set([
  'attacker',
  'hacker',
  'thief',
  'burglar',
  'scammer',
  'fraudster',
  'criminal',
  'cybercriminal',
  'intruder',
  'vandal',
  'spammer',
  'poacher',
  'pirate',
  'robber',
  'mugger',
  'cowboy',
  'con',
  'predator',
]);

/** Words before a group that make it the other side of a comparison, not a crowd: e.g. "than", "unlike". */
export const comparisonLinks = new Set([
  'than',
  'over',
  'versus',
  'vs',
  'vs.',
  'unlike',
  'against',
  'compared',
  'beside',
]);

/**
 * Demand that says a crowd has already chosen: places filling up, stock
 * gone, a queue to join ("fully booked", "sold out", "a waiting list",
 * "in high demand", "by popular demand", "snapped up", "filling up fast").
 */
export const demandPattern =
  /\b(?:(?:fully|completely|almost|nearly|already)\s+(?:booked|subscribed|sold)|booked\s+(?:up|solid)|(?:sold|sells|selling|sell)\s+out|(?:a|the|our|on\s+a|on\s+the)\s+wait(?:ing)?[- ]?list|wait(?:ing)?[- ]?lists?\s+(?:of|for|is|are|has|have)|in\s+(?:high|huge|great|big|such|heavy)\s+demand|by\s+popular\s+demand|(?:snapped|scooped)\s+up|(?:filling|fill|fills|filled)\s+up\s+(?:fast|quickly)|(?:places|spots|seats|slots|tickets|dates|tables)\s+(?:are\s+)?(?:going|filling)\s+fast|(?:only|just)\s+(?:a\s+few|\d+|one|two|three|four|five)\s+(?:places|spots|seats|slots|tickets|dates|tables|kits|units)\s+(?:are\s+)?(?:left|remain))\b/i;

/** Participles of a use a big count makes proof of: e.g. "downloaded", "sold", "streamed". */
export const usedCountParticiples = new Set([
  'downloaded',
  'sold',
  'booked',
  'ordered',
  'viewed',
  'watched',
  'streamed',
  'shared',
  'installed',
  'bought',
  'purchased',
  'borrowed',
  'played',
  'printed',
  'made',
  'knitted',
  'sewn',
  'used',
  'visited',
  'reordered',
  'rented',
  'hired',
]);

/** Nouns after such a count that are money or a span of time, not uses: e.g. "pounds", "hours". */
export const notUseUnits = new Set([
  'dollar',
  'pound',
  'euro',
  'penny',
  'cent',
  'hour',
  'minute',
  'second',
  'day',
  'week',
  'month',
  'year',
  'mile',
  'kilometre',
  'kilometer',
  'metre',
  'meter',
  'percent',
]);

/** Places and wholes whose favourite is a crowd's verdict: "the nation's favourite", "the city's best-loved". */
export const placeWholes = new Set([
  'nation',
  'country',
  'world',
  'city',
  'town',
  'region',
  'county',
  'village',
  'neighbourhood',
  'neighborhood',
  'community',
  'industry',
  'internet',
  'uk',
  'britain',
  'america',
  'europe',
  'london',
]);

/** Favourites a place or whole can have: "favourite", "best-loved", "go-to". */
export const placeFavouriteWords = new Set([
  'favourite',
  'favorite',
  'favourites',
  'favorites',
  'best-loved',
  'most-loved',
  'go-to',
  'pick',
  'choice',
]);

/** Superlatives of popularity in one word: "busiest", "best-attended". */
export const busySuperlatives = new Set([
  'busiest',
  'best-attended',
  'most-visited',
  'most-booked',
  'most-downloaded',
  'most-watched',
  'most-played',
  'most-read',
  'best-loved',
  'most-loved',
]);

/** Verbs of a strong endorsement, not a plain use: e.g. "recommend", "trust", "rave". */
export const strongEndorseVerbs = new Set([
  'recommend',
  'trust',
  'love',
  'adore',
  'rate',
  'praise',
  'rave',
  'swear',
  'prefer',
  'choose',
  'switch',
  'vote',
  'back',
  'endorse',
  'favour',
  'favor',
  'rely',
  'agree',
  'approve',
  'accredit',
  'certify',
  'award',
  'name',
  'rank',
  'crown',
  'commend',
  'applaud',
  'champion',
  'feature',
]);

/** Words that give a count roughly, as a report rather than a boast: e.g. "about", "around". */
export const roughCountWords = new Set([
  'about',
  'around',
  'roughly',
  'approximately',
  'some',
  'nearly',
  'almost',
  'circa',
]);

/** Prepositions that place people beside the person rather than make them act: e.g. "near", "among". */
export const besidePrepositions = new Set([
  'near',
  'beside',
  'alongside',
  'among',
  'amongst',
  'around',
  'next',
]);

/** The end of a balanced question: "…, or about the same?", "…or not?", "…or neither?". */
export const balancedEndPattern =
  /\bor\s+(?:about\s+|roughly\s+)?the\s+same\b|\bor\s+(?:not|neither|no\s+change)\b/i;

/** Words of variety after "everyone": "Everyone's garden is different", "everyone has their own…". */
export const varietyWords = new Set([
  'different',
  'differs',
  'differ',
  'unique',
  'own',
  'varies',
  'vary',
]);
