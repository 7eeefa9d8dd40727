import { eventMigrations, type Migration } from '@chorus/service-kit';
import { products } from './0002_products';
import { businessProfiles } from './0003_business_profiles';
import { personas } from './0004_personas';
import { questions } from './0005_questions';
import { questionAttempts } from './0006_question_attempts';
import { questionRuns } from './0007_question_runs';
import { calibrations } from './0008_calibrations';
import { followUps } from './0009_follow_ups';
import { customPersonas } from './0010_custom_personas';
import { followUpUsage } from './0011_follow_up_usage';
import { teams } from './0012_teams';
import { productPromo } from './0013_product_promo';
import { questionAnalysis } from './0014_question_analysis';
import { typedQuestions } from './0015_typed_questions';
import { marketPanels } from './0016_market_panels';

export const migrations: Migration[] = [
  ...eventMigrations,
  products,
  businessProfiles,
  personas,
  questions,
  questionAttempts,
  questionRuns,
  calibrations,
  followUps,
  customPersonas,
  followUpUsage,
  teams,
  productPromo,
  questionAnalysis,
  typedQuestions,
  marketPanels,
];
