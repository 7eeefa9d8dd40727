import type { Knex, Migration } from '@chorus/service-kit';
import { runDetailsSchema, type PastRun, type PersonaResponse } from '@chorus/contracts';
import { analysisOfRun } from '../src/domain/question-analysis';

const BATCH = 200;

/** Computes and stores the analysis of every complete question that has none, in batches. */
export async function backfillAnalyses(knex: Knex): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await knex<{
      id: string;
      question_text: string;
      responses: PersonaResponse[];
      run_details: unknown;
      previous_runs: PastRun[];
    }>('questions')
      .select('id', 'question_text', 'responses', 'run_details', 'previous_runs')
      .where('status', 'complete')
      .whereNull('analysis')
      .andWhere('id', '>', after)
      .orderBy('id')
      .limit(BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      const run = runDetailsSchema.safeParse(row.run_details);
      const stored = analysisOfRun({
        questionText: row.question_text,
        responses: row.responses,
        runDetails: run.success ? run.data : null,
        previousRuns: row.previous_runs,
      });
      await knex('questions')
        .where({ id: row.id })
        .update({
          analysis: stored.analysis && JSON.stringify(stored.analysis),
          drift: stored.drift && JSON.stringify(stored.drift),
        });
    }
    after = rows.at(-1)!.id;
  }
}

/**
 * A question's analysis (shares with intervals, alarms, notes) and its drift
 * from the run before, computed once when the answers are stored instead of on
 * every read. Questions answered before are computed here, once.
 */
export const questionAnalysis: Migration = {
  name: '0014_question_analysis',
  async up(knex) {
    await knex.schema.alterTable('questions', (t) => {
      // QuestionAnalysis of @chorus/contracts; null until the run is complete.
      t.jsonb('analysis').nullable();
      // DriftReport of @chorus/contracts; null for a first run.
      t.jsonb('drift').nullable();
    });
    await backfillAnalyses(knex);
  },
  async down(knex) {
    await knex.schema.alterTable('questions', (t) => {
      t.dropColumn('analysis');
      t.dropColumn('drift');
    });
  },
};
