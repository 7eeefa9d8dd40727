// @ts-check
/**
 * Keeps packages/contracts a package of contracts: what two sides of a call
 * agree on, and nothing one side computes for itself. It may hold
 *   - schemas: request schemas (zod) and the spec's validation messages,
 *   - views: the shapes of responses and events, as types,
 *   - messages: the words both sides show or send (refusals, labels, formats),
 *   - prices and entitlements: what costs what and who may do what,
 *   - parsing: how a request's file is read (CSV, YAML) where the browser
 *     previews what the server checks.
 * Types, interfaces and constants (schemas included) are free. A function is
 * logic, so each one is named below with the module that holds it (pricing.ts
 * aside: each of its functions computes a price): adding one
 * means saying why both sides need it; logic of one consumer lives with it
 * (a microfrontend's page rules in mfe-*, a service's domain in services/*,
 * research computations in @chorus/research). Classes, React, Node built-ins
 * and other workspaces are not allowed at all.
 * Usage: node tools/lint/contracts.mjs (from the repository root; npm run lint).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The sources checked; CONTRACTS_SRC points elsewhere for the lint's own test. */
const dir = process.env.CONTRACTS_SRC ?? 'packages/contracts/src';

/** Packages a contract may import: validation, CSV and YAML reading. */
const allowedImports = new Set(['zod', 'papaparse', 'js-yaml']);

/**
 * Every module, what it holds, and the functions it may export.
 * @type {Record<string, { holds: string, functions: string[] | 'any' }>}
 */
const modules = {
  'admin.ts': {
    holds: 'admin requests, views and messages; the promo-code request rule',
    // promoCodeStatus (the admin list) and promoCodeRefusal (billing) read a code's
    // state alike, so the list shows what billing enforces. parseFormInteger and
    // auditLogFilter have one consumer each (mfe-admin, the gateway): to move there.
    functions: [
      'parseFormInteger',
      'parsePromoCode',
      'promoCodeRefusal',
      'promoCodeStatus',
      'auditLogFilter',
    ],
  },
  'panels.ts': {
    holds: 'market panel requests, views and messages',
    functions: [],
  },
  'analytics.ts': {
    holds: 'analytics event names and payloads',
    functions: ['subscriptionTransactionId'],
  },
  'auth.ts': {
    holds: 'sign-in and registration requests and messages',
    functions: ['requiredString', 'avatarInitials', 'displayName'],
  },
  'billing.ts': { holds: 'payment requests and messages', functions: [] },
  'billing-page.ts': {
    holds: 'billing views; the billing page words (to mfe-billing with the prices work)',
    functions: [
      'subscriptionBadge',
      'invoiceBadge',
      'billingMonthlyRate',
      'nextBillingSummary',
      'personaSummary',
      'seatSummary',
      'seatLines',
      'invoiceBreakdown',
      'checkoutReturnUrls',
      'paidByOwnerSentence',
    ],
  },
  'business-profile.ts': {
    holds: 'the business profile request, fields, messages and completion',
    functions: [
      'unknownFlagOf',
      'profileFieldsOfTab',
      'isProfileFieldAnswered',
      'profileCompletion',
    ],
  },
  'calibration.ts': {
    holds: 'calibration requests, views and the real-answers file (research: to @chorus/research)',
    functions: [
      'ratingOpinion',
      'parseCalibrationCsv',
      'shareAnswerOpinion',
      'shareLinkCalibrationRefusal',
      'shareLinkCalibrationCsv',
      'shareLinkCalibrationName',
    ],
  },
  'csv-table.ts': {
    holds: 'how an uploaded CSV is read and an exported one written (gateway and browser)',
    functions: ['readCsvTable', 'neutraliseCell', 'csvCell', 'toCsv'],
  },
  'custom-persona-input.ts': {
    holds: 'custom persona requests and the customer file, read alike by browser and server',
    functions: ['parseDescriptionFacts', 'parseCustomerCsv', 'genderWord'],
  },
  'custom-personas.ts': {
    holds: 'custom persona views, limits and messages; which traits were given',
    functions: [
      'givenFields',
      'traitProvenance',
      'provenanceAfterEdit',
      'withGivenTraits',
      'maxTraitLength',
    ],
  },
  'entitlements.ts': {
    holds: 'entitlements: who may do which paid action, and the words for it',
    functions: ['accessLevel', 'mayDo', 'paymentPath', 'accessLevelLabel', 'statusWord'],
  },
  'follow-ups.ts': {
    holds: 'follow-up requests, views and messages',
    functions: ['followUpStatusNow'],
  },
  'format.ts': {
    holds: 'messages: how money and dates are written everywhere',
    functions: [
      'formatMoney',
      'formatDollars',
      'formatWholeDollars',
      'formatDate',
      'formatBillingDate',
    ],
  },
  'opinions.ts': { holds: 'opinion and distribution schemas and views', functions: [] },
  'personas.ts': {
    holds: 'persona requests, views, messages and the persona facts both sides derive',
    functions: [
      'safetyScoreFromPercent',
      'safetyScoreToPercent',
      'occupationCategory',
      'ageBand',
      'genderOption',
    ],
  },
  'pricing.ts': {
    // Every function here computes a price (the plan, quotes, promos, how a
    // price reads): prices are contracts whatever their shape, so it may add more.
    holds: 'prices: the plan, quotes and how a price reads',
    functions: 'any',
  },
  'products.ts': {
    holds: 'product requests, views, messages and the monthly cost they show',
    functions: [
      'industryValue',
      'industryLabel',
      'billingCycleOf',
      'subscriptionSettling',
      'monthlyRate',
      'monthlyCostDisplay',
      'cardMonthlyRate',
    ],
  },
  'question-runs.ts': {
    holds: 'run details, budgets and model prices (estimates: to @chorus/research)',
    functions: ['estimateTokens', 'costOf', 'formatCost', 'budgetRefusal'],
  },
  'questions.ts': {
    holds: 'question requests, views, messages and labels',
    functions: [
      'questionTextProblem',
      'isQuestionFinished',
      'shouldPollQuestions',
      'personaAttributeLabel',
      'profileFieldLabel',
    ],
  },
  'question-links.ts': {
    holds: "share links of typed questions: requests, a person's answer, views and messages",
    // The public page refuses an answer before sending by the rule the catalog applies.
    functions: ['personAnswerProblem'],
  },
  'typed-words.ts': {
    holds: "the words a typed question's figures are written in",
    // The questions page and the study report write each figure alike, so one can be quoted from the other.
    functions: ['percent', 'price', 'periodWord', 'pricePer', 'likely', 'figure'],
  },
  'typed-questions.ts': {
    holds: 'typed question settings (request schemas and their messages), answers and result views',
    // The form previews and the gateway refuses a best–worst design by the same rule.
    functions: ['defaultMaxDiffSets', 'maxDiffDesignFits', 'segmentTraitLabel'],
  },
  'roadmap-feedback.ts': {
    holds: 'feedback requests, views and messages; the view of the feedback on an item',
    functions: ['latestPerPersona', 'averageRating', 'itemFeedbackView'],
  },
  'roadmap-yaml.ts': {
    holds:
      'the roadmap YAML file: the browser previews an import with the rules the gateway and the roadmap service apply',
    functions: [
      'checkYamlFile',
      'utf8ByteLength',
      'screenRoadmapYaml',
      'parseRoadmapYaml',
      'exportRoadmapYaml',
    ],
  },
  'roadmaps.ts': {
    holds: 'roadmap requests, views and messages',
    functions: ['isCalendarDate', 'toTextList', 'checkDateOrder', 'datesInOrder'],
  },
  'share-links.ts': {
    holds: 'share-link requests, views, messages and the answer checks both sides make',
    functions: [
      'shareAnswerProblem',
      'answerSentiment',
      'answerText',
      'shareResponsesCsv',
      'sharePath',
      'shareLinkStatus',
    ],
  },
  'teams.ts': {
    holds: 'team requests, views, roles and seat prices',
    functions: [
      'can',
      'roleAllows',
      'isBillableRole',
      'roleRefusal',
      'inviteeRefusal',
      'seatMonthlyCents',
      'seatChangeCost',
    ],
  },
  'wording.ts': { holds: 'wording-check views', functions: [] },
  'yaml-guard.ts': {
    holds: 'the YAML size guard the roadmap YAML rules use',
    functions: ['scanYamlStructure', 'expandedSize'],
  },
};

const problems = [];
const files = readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && f !== 'index.ts');

for (const file of files) {
  const rule = modules[file];
  if (!rule) {
    problems.push(
      `${dir}/${file}: not a known contracts module. Say what it holds in tools/lint/contracts.mjs, or move it to the one workspace that uses it.`,
    );
    continue;
  }
  const text = readFileSync(path.join(dir, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const at = (/** @type {ts.Node} */ node) =>
    `${dir}/${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const exported = new Set();
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) {
      const from = statement.moduleSpecifier;
      if (from && ts.isStringLiteral(from)) {
        const name = from.text;
        if (!name.startsWith('./') && !allowedImports.has(name)) {
          problems.push(
            `${at(statement)}: contracts import only ${[...allowedImports].join(', ')} and each other, not '${name}'.`,
          );
        }
      }
      continue;
    }
    const isExported = ts
      .getModifiers(/** @type {ts.HasModifiers} */ (statement))
      ?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isClassDeclaration(statement)) {
      problems.push(`${at(statement)}: a class is behaviour, not a contract.`);
      continue;
    }
    if (!isExported) continue;
    /** @type {string[]} */
    const functions = [];
    if (ts.isFunctionDeclaration(statement) && statement.name) functions.push(statement.name.text);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (
          init &&
          (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) &&
          ts.isIdentifier(declaration.name)
        ) {
          functions.push(declaration.name.text);
        }
      }
    }
    for (const name of functions) {
      exported.add(name);
      if (rule.functions !== 'any' && !rule.functions.includes(name)) {
        problems.push(
          `${at(statement)}: ${name} is logic in contracts, which hold ${rule.holds}. If both sides of a call need it, name it in tools/lint/contracts.mjs; if one consumer uses it, move it there.`,
        );
      }
    }
  }
  for (const name of rule.functions === 'any' ? [] : rule.functions) {
    if (!exported.has(name)) {
      problems.push(
        `tools/lint/contracts.mjs: ${file} no longer exports ${name}; take it off the list.`,
      );
    }
  }
}

for (const file of Object.keys(modules)) {
  if (!files.includes(file)) {
    problems.push(
      `tools/lint/contracts.mjs: ${file} is listed but not in ${dir}; take it off the list.`,
    );
  }
}

const index = readFileSync(path.join(dir, 'index.ts'), 'utf8');
const reexported = [...index.matchAll(/from '\.\/([^']+)'/g)].map((m) => `${m[1]}.ts`);
for (const file of files) {
  if (!reexported.includes(file)) problems.push(`${dir}/index.ts: ${file} is not exported.`);
}

if (problems.length > 0) {
  console.error(`${problems.length} problem(s) in packages/contracts:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`packages/contracts: ${files.length} modules hold contracts only.`);
